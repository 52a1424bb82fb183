import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { BRANDING_IMAGE_FIELDS, BRANDING_MSG, brandingSchema, settingsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { readForm } from '../../platform/http/multipart.js';
import { updateBranding } from './update-branding.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

/**
 * `POST /api/update-branding` (multipart): the menu's logo and cover, stored as product photos are
 * (sniffed, capped, re-encoded to WebP in four sizes, named by the server). `remove_logo=1` /
 * `remove_cover=1` remove an image and its files; a new image replaces the old one and its files.
 * The appearance fields of update-setting (about, theme_color, hours …) may come along in the same
 * form. Nothing is changed when any part is refused.
 */
const brandingRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.post('/api/update-branding', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.settings, access: 'user',
        body: { as: 'multipart', schema: brandingSchema.partial().extend({ remove_logo: z.enum(['1']).optional(), remove_cover: z.enum(['1']).optional() }), file: { name: 'logo', description: 'Logo (JPEG, PNG, WebP…). Aynı biçimde `cover` alanı kapak görselini taşır. Sunucu yeniden kodlar (WebP, dört boyut).' } },
        response: settingsResponseSchema,
        summary: 'Menü görünümü: logo, kapak ve görünüm alanları',
        description: '`remove_logo=1` / `remove_cover=1` görseli ve dosyalarını siler; yeni görsel eskisinin dosyalarını siler. Doğrulama hatası: gövde `status: 422`.',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const form = await readForm(request, BRANDING_IMAGE_FIELDS);
    const settings = await updateBranding(app.db, app.storage, userId, form, isoNow(app.clock));
    return { status: 200, message: BRANDING_MSG.brandingSaved, settings };
  });
};

export default brandingRoutes;
