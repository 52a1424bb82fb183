import type { FastifyPluginAsync } from 'fastify';
import { adminAccountSchema, adminPasswordSchema, ADMIN_FIELD_MSG, ADMIN_MSG, FIELD_MSG, MSG, normalizeEmail } from '@qrmenu/contract';
import { authOf, requireAuth } from '../auth/guards.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { NotFoundError, ValidationError } from '../errors.js';
import {
  dashboardFigures,
  listAllCategories,
  listAllProducts,
  listMessages,
  setMessageRead,
  unreadMessageCount,
  updateAdminAccount,
} from '../repositories/admin.repository.js';
import { revokeUserTokens } from '../repositories/tokens.repository.js';
import { countAllFeedback } from '../repositories/feedback.repository.js';
import { findUserById, updateUserPassword } from '../repositories/users.repository.js';
import { parseBody, parseId } from '../validate.js';

/**
 * Admin-only API under /api/admin/… (every route: no token → HTTP 401, an owner's token → HTTP 403):
 *   GET  /api/admin/dashboard              → { status, dashboard }
 *   GET  /api/admin/categories             → { status, categories }   every business's categories
 *   GET  /api/admin/products               → { status, products }     every business's products (TL)
 *   GET  /api/admin/messages               → { status, messages, unread } newest first
 *   POST /api/admin/messages/{id}/read     → { status, message, unread }
 *   POST /api/admin/messages/{id}/unread   → { status, message, unread }
 *   GET  /api/admin/account                → { status, account: { id, name, email } }
 *   POST /api/admin/account                → { status, message, account }   name, email
 *   POST /api/admin/password               → { status, message }   current_password, password
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };
  const invalid = { status: 422, message: MSG.allFieldsMandatory } as const;

  app.get('/api/admin/dashboard', admin, async () => ({ status: 200, dashboard: { ...(await dashboardFigures(app.db)), feedback: await countAllFeedback(app.db) } }));

  app.get('/api/admin/categories', admin, async () => ({ status: 200, categories: await listAllCategories(app.db) }));

  app.get('/api/admin/products', admin, async () => ({ status: 200, products: await listAllProducts(app.db) }));

  app.get('/api/admin/messages', admin, async () => ({
    status: 200,
    messages: await listMessages(app.db),
    unread: await unreadMessageCount(app.db),
  }));

  for (const state of ['read', 'unread'] as const) {
    app.post<{ Params: { id: string } }>(`/api/admin/messages/:id/${state}`, admin, async (request) => {
      const id = parseId(request.params.id);
      if (!id || !(await setMessageRead(app.db, id, state === 'read'))) throw new NotFoundError(ADMIN_MSG.messageNotFound);
      return {
        status: 200,
        message: state === 'read' ? ADMIN_MSG.messageRead : ADMIN_MSG.messageUnread,
        unread: await unreadMessageCount(app.db),
      };
    });
  }

  const accountOf = async (id: number) => {
    const user = await findUserById(app.db, id);
    if (!user) throw new NotFoundError();
    return { id: user.id, name: user.name, email: user.email };
  };

  app.get('/api/admin/account', admin, async (request) => ({ status: 200, account: await accountOf(authOf(request).userId) }));

  app.post('/api/admin/account', admin, async (request) => {
    const { userId } = authOf(request);
    const input = parseBody(adminAccountSchema, request.body, invalid);
    const result = await updateAdminAccount(app.db, userId, input.name, normalizeEmail(input.email));
    if (result === 'taken') throw new ValidationError({ email: [FIELD_MSG.emailTaken] }, invalid);
    return { status: 200, message: ADMIN_MSG.accountUpdated, account: await accountOf(userId) };
  });

  app.post('/api/admin/password', { ...admin, config: { rateLimit: app.limits.login } }, async (request) => {
    const { userId, tokenId } = authOf(request);
    const input = parseBody(adminPasswordSchema, request.body, invalid);
    const user = await findUserById(app.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      throw new ValidationError({ current_password: [ADMIN_FIELD_MSG.currentPasswordWrong] }, invalid);
    }
    await updateUserPassword(app.db, userId, await hashPassword(input.password));
    await revokeUserTokens(app.db, userId, tokenId);
    return { status: 200, message: ADMIN_MSG.passwordChanged };
  });
};

export default adminRoutes;
