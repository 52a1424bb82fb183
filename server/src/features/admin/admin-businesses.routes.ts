import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_MSG, updateUserSchema, adminUserResponseSchema, adminUserUpdatedResponseSchema, adminUsersResponseSchema } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { findBusiness, listBusinesses } from './admin-businesses.repository.js';
import { updateBusinessAsAdmin, updateUserAudit } from './update-business.js';
import { parseId, parseListQuery } from '../../platform/validate.js';
import { TAG, ADMIN_NOT_FOUND, adminListQuery } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';
import { adminBranches } from '../branches/index.js';

/**
 * Business accounts for the admin (spec §7: view-user, edit-user, update-user). `{id}` is the user id
 * (settings.user_id); admin accounts are not businesses and answer 404 like unknown ids.
 */
const adminBusinessesRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };

  // ?page, per_page, q, sort, dir, status, userlevel, qr_status, branch → { status, users (with their branches), total, page, per_page }
  app.get('/api/view-user', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminUsersResponseSchema, query: adminListQuery('users'), summary: 'İşletmeler (sayfalı; toplam `total`)' } },
  }, async (request) => {
    const query = parseListQuery('users', request.query);
    const { users, total, next, prev } = await listBusinesses(app.db, query, app.config.publicUrl);
    return { status: 200, users, total, page: query.page, per_page: query.per_page, next, prev };
  });

  app.get<{ Params: { id: string } }>('/api/edit-user/:id', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminUserResponseSchema, summary: 'Bir işletme', description: ADMIN_NOT_FOUND } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const user = id ? await findBusiness(app.db, id, app.config.publicUrl) : undefined;
    if (!user) throw new NotFoundError(ADMIN_MSG.userNotFound);
    return { status: 200, user, branches: await adminBranches(app.db, user.user_id, app.config.publicUrl) };
  });

  app.post<{ Params: { id: string } }>('/api/update-user/:id', {
    ...admin,
    config: {
      cache: 'all',
      audit: updateUserAudit,
      doc: {
        tag: TAG.admin, access: 'admin', body: { as: 'json', schema: updateUserSchema }, response: adminUserUpdatedResponseSchema,
        summary: 'İşletmeyi güncelle (plan, durum, menü adresi)',
        description: `Doğrulama hatası: gövde \`status: 422\` ve \`errors\`. ${ADMIN_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    const user = await request.audited((trx) => updateBusinessAsAdmin(trx, request.params.id, request.body, app.config.publicUrl, isoNow(app.clock)));
    return { status: 200, message: ADMIN_MSG.userUpdated, user };
  });
};

export default adminBusinessesRoutes;
