import type { FastifyRequest } from 'fastify';
import type { AuditRule } from '../../platform/routes/declare.js';
import { parseId } from '../../platform/validate.js';

const idOf = (request: FastifyRequest) => parseId((request.params as { id?: string }).id);

/** Marking a contact message read or unread is audited: its `read_at` before and after. */
export const messageReadAudit = (state: 'read' | 'unread'): AuditRule => ({
  action: state === 'read' ? 'message-read' : 'message-unread',
  snapshot: async (db, request) => (await db.selectFrom('messages').select(['read_at']).where('id', '=', idOf(request) ?? 0).executeTakeFirst()) ?? {},
  fields: ['read_at'],
  target: (request) => ({ message: idOf(request) }),
});
