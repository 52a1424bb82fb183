import type { FastifyPluginAsync } from 'fastify';
import { adminAccountSchema, adminPasswordSchema, ADMIN_FIELD_MSG, ADMIN_MSG, FIELD_MSG, MSG, normalizeEmail, adminAccountResponseSchema, adminAccountUpdatedResponseSchema, okSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findUserById, updateAccountNameEmail, updateUserPassword } from '../accounts/index.js';
import { revokeUserTokens } from '../../platform/auth/tokens.repository.js';
import { parseBody } from '../../platform/validate.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { adminAccountAudit, adminPasswordAudit } from './admin-account-audit.js';
import { isoNow } from '../../platform/clock.js';

/**
 * The admin's own account (admin only: no token → HTTP 401, an owner's token → HTTP 403):
 *   GET  /api/admin/account   → { status, account: { id, name, email } }
 *   POST /api/admin/account   → { status, message, account }   name, email
 *   POST /api/admin/password  → { status, message }            current_password, password
 */
const adminAccountRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };
  const invalid = { status: 422, message: MSG.allFieldsMandatory } as const;

  const accountOf = async (id: number) => {
    const user = await findUserById(app.db, id);
    if (!user) throw new NotFoundError();
    return { id: user.id, name: user.name, email: user.email };
  };

  app.get('/api/admin/account', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminAccountResponseSchema, summary: 'Yöneticinin hesabı' } },
  }, async (request) => ({ status: 200, account: await accountOf(authOf(request).userId) }));

  app.post('/api/admin/account', {
    ...admin,
    config: {
      cache: 'none',
      audit: adminAccountAudit,
      doc: {
        tag: TAG.admin, access: 'admin', body: { as: 'json', schema: adminAccountSchema }, response: adminAccountUpdatedResponseSchema,
        summary: 'Yöneticinin adını ve e-postasını güncelle',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const input = parseBody(adminAccountSchema, request.body, invalid);
    await request.audited(async (trx) => {
      const result = await updateAccountNameEmail(trx, userId, input.name, normalizeEmail(input.email), isoNow(app.clock));
      if (result === 'taken') throw new ValidationError({ email: [FIELD_MSG.emailTaken] }, invalid);
    });
    return { status: 200, message: ADMIN_MSG.accountUpdated, account: await accountOf(userId) };
  });

  // Changing the password signs out every other session of the account, keeping this one.
  app.post('/api/admin/password', {
    ...admin,
    config: {
      rateLimit: app.limits.login,
      cache: 'none',
      audit: adminPasswordAudit,
      doc: { tag: TAG.admin, access: 'admin', body: { as: 'json', schema: adminPasswordSchema }, response: okSchema, summary: 'Yöneticinin şifresini değiştir' },
    },
  }, async (request) => {
    const { userId, tokenId } = authOf(request);
    const input = parseBody(adminPasswordSchema, request.body, invalid);
    const user = await findUserById(app.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      throw new ValidationError({ current_password: [ADMIN_FIELD_MSG.currentPasswordWrong] }, invalid);
    }
    const hash = await hashPassword(input.password);
    await request.audited(async (trx) => {
      await updateUserPassword(trx, userId, hash, isoNow(app.clock));
      await revokeUserTokens(trx, userId, tokenId);
    });
    return { status: 200, message: ADMIN_MSG.passwordChanged };
  });
};

export default adminAccountRoutes;
