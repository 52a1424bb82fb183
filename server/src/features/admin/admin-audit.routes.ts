import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_MSG, ADMIN_MSG, MSG, replyMessageSchema, auditResponseSchema, okSchema, unreadResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { eraseOwner } from '../accounts/index.js';
import { NotFoundError } from '../../platform/errors.js';
import { accountDeletedMail, contactReplyMail } from '../../platform/mail/templates.js';
import { unreadMessageCount } from '../messages/index.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { listAudit } from './audit-list.repository.js';
import { findMessage, markAnswered } from '../messages/index.js';
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
    const auth = authOf(request);
    const id = parseId(request.params.id);
    const now = app.clock.now();
    const erased = id
      ? await eraseOwner(app.db, app.storage, id, (trx, e) =>
          recordAudit(
            trx,
            {
              adminId: auth.userId,
              adminEmail: auth.email,
              action: 'delete-user',
              targetUserId: id,
              // counts only: the business's personal data is gone with it
              changes: { account: [true, null], categories: [e.categories, 0], products: [e.products, 0] },
            },
            now,
          ),
        )
      : undefined;
    if (!erased) throw new NotFoundError(ADMIN_MSG.userNotFound);
    app.mailer.send(accountDeletedMail(erased.email, erased.name, true));
    return { status: 200, message: ACCOUNT_MSG.userDeleted };
  });

  app.get('/api/admin/audit', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: auditResponseSchema, query: adminListQuery('audit'), summary: 'Yönetici işlem kayıtları (yeniden eskiye)' } },
  }, async (request) => {
    const query = parseListQuery('audit', request.query);
    const { entries, total } = await listAudit(app.db, query);
    return { status: 200, message: ACCOUNT_MSG.auditLoaded, entries, total, page: query.page, per_page: query.per_page };
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
    const auth = authOf(request);
    const id = parseId(request.params.id);
    const msg = id ? await findMessage(app.db, id) : undefined;
    if (!id || !msg) throw new NotFoundError(ADMIN_MSG.messageNotFound);
    const input = parseBody(replyMessageSchema, request.body, { status: 422, message: MSG.validation });
    const now = app.clock.now();
    await app.db.transaction().execute(async (trx) => {
      await markAnswered(trx, id, now);
      await recordAudit(
        trx,
        { adminId: auth.userId, adminEmail: auth.email, action: 'message-reply', targetMessageId: id, changes: { answered_at: [msg.answered_at, now.toISOString()] } },
        now,
      );
    });
    app.mailer.send(contactReplyMail(msg.mail, msg.name, input.message, msg.message));
    return { status: 200, message: ACCOUNT_MSG.replySent, unread: await unreadMessageCount(app.db) };
  });
};

export default adminAuditRoutes;
