import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { BRANDING_IMAGE_FIELDS, BRANDING_MSG, brandingSchema, OWNER_MSG, type BrandingImageField, type FieldErrors, settingsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { deleteImage, IMAGE_MSG, ImageError, isSafeUploadName, storeImage } from '../../platform/images/images.js';
import { readForm } from '../../platform/http/multipart.js';
import { brandingValues, findBrandingImages, saveBranding, type BrandingValues } from './branding.repository.js';
import { findSettings } from '../settings/index.js';
import { parseBody } from '../../platform/validate.js';
import { presentSettings } from '../settings/index.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** `remove_logo=1` (also `true`, `on`: a checkbox). */
const isOn = (v: string | undefined) => v === '1' || v === 'true' || v === 'on';

/**
 * `POST /api/update-branding` (multipart): the menu's logo and cover, stored as product photos are
 * (sniffed, capped, re-encoded to WebP in four sizes, named by the server). `remove_logo=1` /
 * `remove_cover=1` remove an image and its files; a new image replaces the old one and its files.
 * The appearance fields of update-setting (about, theme_color, hours …) may come along in the same
 * form. Nothing is changed when any part is refused.
 */
const brandingRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  /**
   * Saves the fields and images against the image paths just read; a parallel change of the same
   * image makes it read again. Returns the paths it replaced (so their files can go).
   */
  const saveAgainstCurrent = async (userId: number, values: BrandingValues, next: Partial<Record<BrandingImageField, string | null>>) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await findBrandingImages(app.db, userId);
      if (!current) throw new NotFoundError(OWNER_MSG.settingsNotFound);
      if (await saveBranding(app.db, userId, values, next, current)) return current;
    }
    throw new Error('branding images changed concurrently five times');
  };

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
    const input = parseBody(brandingSchema, form.fields, { status: 422 });
    const errors: FieldErrors = {};
    for (const f of BRANDING_IMAGE_FIELDS) {
      if (form.files[f] && !isSafeUploadName(form.files[f]!.name)) errors[f] = [IMAGE_MSG.name];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors, { status: 422 });
    if (!(await findBrandingImages(app.db, userId))) throw new NotFoundError(OWNER_MSG.settingsNotFound);

    const stored: Partial<Record<BrandingImageField, string>> = {};
    const discard = () => Promise.all(Object.values(stored).map((p) => deleteImage(app.storage, p)));
    for (const f of BRANDING_IMAGE_FIELDS) {
      const file = form.files[f];
      if (!file) continue;
      try {
        stored[f] = await storeImage(app.storage, file.data);
      } catch (err) {
        if (!(err instanceof ImageError)) {
          await discard();
          throw err;
        }
        errors[f] = [err.message];
      }
    }
    if (Object.keys(errors).length) {
      await discard();
      throw new ValidationError(errors, { status: 422 });
    }

    const next: Partial<Record<BrandingImageField, string | null>> = {};
    for (const f of BRANDING_IMAGE_FIELDS) {
      if (stored[f]) next[f] = stored[f];
      else if (isOn(form.fields[`remove_${f}`])) next[f] = null;
    }
    const values = brandingValues(input);
    let replaced: Record<BrandingImageField, string | null>;
    try {
      replaced = await saveAgainstCurrent(userId, values, next);
    } catch (err) {
      await discard();
      throw err;
    }
    for (const f of BRANDING_IMAGE_FIELDS) {
      if (next[f] !== undefined && replaced[f] && replaced[f] !== next[f]) await deleteImage(app.storage, replaced[f]);
    }
    const s = await findSettings(app.db, userId);
    return { status: 200, message: BRANDING_MSG.brandingSaved, settings: presentSettings(s!) };
  });
};

export default brandingRoutes;
