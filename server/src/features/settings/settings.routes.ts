import type { FastifyPluginAsync } from 'fastify';
import { BRANCH_VIEWS_MSG, branchQueryValue, OWNER_MSG, ownerDashboardResponseSchema, settingsResponseSchema, updateSettingBodySchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { presentSettings } from './presenters.js';
import { findSettings } from './settings.repository.js';
import { ownerDashboard, updateSettings } from './owner-settings.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

/** Owner settings (spec §7) and the welcome page summary. */
const settingsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get('/api/edit-setting', {
    ...guard,
    config: { doc: { tag: TAG.settings, access: 'user', response: settingsResponseSchema, summary: 'İşletme ayarları' } },
  }, async (request) => {
    const s = await findSettings(app.db, authOf(request).userId);
    if (!s) throw new NotFoundError(OWNER_MSG.settingsNotFound);
    return { status: 200, message: OWNER_MSG.settingsLoaded, settings: presentSettings(s), email_verified: authOf(request).emailVerified };
  });

  app.post('/api/update-setting', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.settings, access: 'user', body: { as: 'json', schema: updateSettingBodySchema }, response: settingsResponseSchema,
        summary: 'İşletme ayarlarını kaydet',
        description: 'Yalnızca profil ve menü görünümü alanları okunur (QR linki, plan, durum yönetici alanıdır). Yalnızca görünüm alanları gönderilirse yalnızca onlar değişir. Doğrulama hatası: gövde `status: 422`.',
      },
    },
  }, async (request) => {
    const { userId, email } = authOf(request);
    const settings = await updateSettings(app.db, userId, email, request.body, app.config.publicUrl, isoNow(app.clock));
    return { status: 200, message: OWNER_MSG.settingsSaved, settings };
  });

  /** Welcome page: views this month against the plan quota, products against the limit, 30 days; `?branch=`: one branch's views. */
  app.get<{ Querystring: { branch?: string } }>('/api/dashboard', {
    ...guard,
    config: {
      doc: {
        tag: TAG.settings, access: 'user', response: ownerDashboardResponseSchema, query: { branch: 'Yalnızca bir şubenin görüntülenmesi: 0 ana şube, diğerleri şube numarası; yoksa bütün hesap' },
        summary: 'Hoş geldiniz sayfasının özeti (görüntülenme, plan)', description: 'Geçersiz `branch`: gövde `status: 422`; başka hesabın veya bilinmeyen şube: gövde `status: 404`.',
      },
    },
  }, async (request) => {
    const branch = branchQueryValue(request.query.branch);
    if (branch === 'invalid') throw new ValidationError({ branch: [BRANCH_VIEWS_MSG.branchQuery] }, { status: 422, message: BRANCH_VIEWS_MSG.branchQuery });
    const dashboard = await ownerDashboard(app.db, authOf(request).userId, app.clock.now(), branch);
    return { status: 200, message: OWNER_MSG.dashboardLoaded, dashboard };
  });
};

export default settingsRoutes;
