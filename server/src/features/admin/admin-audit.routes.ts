import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_MSG, MSG, replyMessageSchema, auditResponseSchema, okSchema, unreadResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { accountDeletedMail, contactReplyMail } from '../../platform/mail/templates.js';
import { unreadMessageCount } from '../messages/index.js';
import { listAudit } from './audit-list.repository.js';
import { eraseBusinessAsAdmin, messageToAnswer, recordAnswer } from './admin-writes.js';
import { parseBody, parseId, parseListQuery } from '../../platform/validate.js';
import { TAG, ADMIN_NOT_FOUND, adminListQuery } from '../../platform/openapi/fragments.js';

/**
 * The administrator's recorded actions (no token → 401, an owner → 403):
 *   DELETE /api/admin/users/{id}           erases a business like its owner's own deletion (never an admin: 404)
 *   GET    /api/admin/audit?page=N         → { status, entries, total, page, per_page } newest first, 50 a page
 *          (also per_page, q, sort, dir, action)
 *   POST   /api/admin/messages/{id}/reply  {message} → mails the answer, marks the message answered
 * Each write is recorded in the audit trail in the same transaction as the change where there is one.
 */
const adminAuditRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };

  app.delete<{ Params: { id: string } }>('/api/admin/users/:id', {
    ...admin,
    config: { cache: 'all', doc: { tag: TAG.admin, access: 'admin', response: okSchema, summary: 'İşletme hesabını ve tüm verilerini sil', description: ADMIN_NOT_FOUND } },
  }, async (request) => {
    const erased = await eraseBusinessAsAdmin(app.db, app.storage, authOf(request), parseId(request.params.id), app.clock.now());
    app.mailer.send(accountDeletedMail(erased.email, erased.name, true));
    return { status: 200, message: ACCOUNT_MSG.userDeleted };
  });

  app.get('/api/admin/audit', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: auditResponseSchema, query: adminListQuery('audit'), summary: 'Yönetici işlem kayıtları (yeniden eskiye)' } },
  }, async (request) => {
    const query = parseListQuery('audit', request.query);
    const { entries, total, next, prev } = await listAudit(app.db, query);
    return { status: 200, message: ACCOUNT_MSG.auditLoaded, entries, total, page: query.page, per_page: query.per_page, next, prev };
  });

  app.post<{ Params: { id: string } }>('/api/admin/messages/:id/reply', {
    ...admin,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.admin, access: 'admin', body: { as: 'json', schema: replyMessageSchema }, response: unreadResponseSchema,
        summary: 'Mesajı e-postayla yanıtla', description: ADMIN_NOT_FOUND,
      },
    },
  }, async (request) => {
    const msg = await messageToAnswer(app.db, parseId(request.params.id));
    const input = parseBody(replyMessageSchema, request.body, { status: 422, message: MSG.validation });
    await recordAnswer(app.db, authOf(request), msg, app.clock.now());
    app.mailer.send(contactReplyMail(msg.mail, msg.name, input.message, msg.message));
    return { status: 200, message: ACCOUNT_MSG.replySent, unread: await unreadMessageCount(app.db) };
  });
};

export default adminAuditRoutes;
