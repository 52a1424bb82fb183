import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_MSG, contactSchema, PUBLIC_MSG, type ContactInput, adminMessagesResponseSchema, okSchema, unreadResponseSchema } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { insertMessage, listMessages, setMessageRead, unreadMessageCount } from './messages.repository.js';
import { parseBody, parseId, parseListQuery } from '../../platform/validate.js';
import { TAG, ADMIN_NOT_FOUND, adminListQuery } from '../../platform/openapi/fragments.js';
import { messageReadAudit } from './message-audit.js';

/**
 * Contact messages: sent by visitors (POST /api/store-message, spec §7, §8), read by the admin:
 *   GET  /api/admin/messages               → { status, messages, unread, total, page, per_page }   newest first
 *        (?page, per_page, q, sort, dir, unread=1|0)
 *   POST /api/admin/messages/{id}/read     → { status, message, unread }
 *   POST /api/admin/messages/{id}/unread   → { status, message, unread }
 */
const messagesRoutes: FastifyPluginAsync = async (app) => {
  // Rate limited per IP (RATE_LIMIT_CONTACT per 10 minutes). The body is validated before the
  // limiter runs, so a visitor correcting the form field by field is not locked out by the 400s.
  app.post(
    '/api/store-message',
    {
      config: {
        rateLimit: { ...app.limits.contact, hook: 'preHandler' },
        cache: 'none',
        doc: {
          tag: TAG.menu, access: 'public', body: { as: 'json', schema: contactSchema }, response: okSchema,
          summary: 'İletişim formu mesajı gönder',
          description: 'Eksik alan: gövde `status: 400` ve `errors`. IP başına sınırlı (HTTP 429).',
        },
      },
      preValidation: async (request) => {
        request.body = parseBody(contactSchema, request.body, { status: 400, message: PUBLIC_MSG.missingFields });
      },
    },
    async (request) => {
      await insertMessage(app.db, request.body as ContactInput, app.clock.now());
      return { status: 200, message: PUBLIC_MSG.messageSent };
    },
  );

  const admin = { preHandler: requireAuth('admin') };

  app.get('/api/admin/messages', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminMessagesResponseSchema, query: adminListQuery('messages'), summary: 'İletişim mesajları (yeniden eskiye)' } },
  }, async (request) => {
    const query = parseListQuery('messages', request.query);
    const { messages, total, next, prev } = await listMessages(app.db, query);
    return { status: 200, messages, unread: await unreadMessageCount(app.db), total, page: query.page, per_page: query.per_page, next, prev };
  });

  for (const state of ['read', 'unread'] as const) {
    const summary = state === 'read' ? 'Mesajı okundu işaretle' : 'Mesajı okunmadı işaretle';
    app.post<{ Params: { id: string } }>(`/api/admin/messages/:id/${state}`, {
      ...admin,
      config: {
        cache: 'none',
        audit: messageReadAudit(state),
        doc: { tag: TAG.admin, access: 'admin', response: unreadResponseSchema, summary, description: ADMIN_NOT_FOUND },
      },
    }, async (request) => {
      const id = parseId(request.params.id);
      await request.audited(async (trx) => {
        if (!id || !(await setMessageRead(trx, id, state === 'read', app.clock.now()))) throw new NotFoundError(ADMIN_MSG.messageNotFound);
      });
      return {
        status: 200,
        message: state === 'read' ? ADMIN_MSG.messageRead : ADMIN_MSG.messageUnread,
        unread: await unreadMessageCount(app.db),
      };
    });
  }
};

export default messagesRoutes;
