import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_MSG, contactSchema, PUBLIC_MSG, type ContactInput } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { insertMessage, listMessages, setMessageRead, unreadMessageCount } from './messages.repository.js';
import { parseBody, parseId, parseListQuery } from '../../platform/validate.js';

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
      config: { rateLimit: { ...app.limits.contact, hook: 'preHandler' } },
      preValidation: async (request) => {
        request.body = parseBody(contactSchema, request.body, { status: 400, message: PUBLIC_MSG.missingFields });
      },
    },
    async (request) => {
      await insertMessage(app.db, request.body as ContactInput);
      return { status: 200, message: PUBLIC_MSG.messageSent };
    },
  );

  const admin = { preHandler: requireAuth('admin') };

  app.get('/api/admin/messages', admin, async (request) => {
    const query = parseListQuery('messages', request.query);
    const { messages, total } = await listMessages(app.db, query);
    return { status: 200, messages, unread: await unreadMessageCount(app.db), total, page: query.page, per_page: query.per_page };
  });

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
};

export default messagesRoutes;
