import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Audited } from '../../platform/audit/audit.plugin.js';
import { parseId } from '../../platform/validate.js';
import { findBusiness } from './admin-businesses.repository.js';

const idParam = (request: FastifyRequest) => parseId((request.params as { id?: string }).id);

const business = async (app: FastifyInstance, request: FastifyRequest) => {
  const id = idParam(request);
  return ((id && (await findBusiness(app.db, id))) || {}) as Record<string, unknown>;
};
const adminAccount = async (app: FastifyInstance, request: FastifyRequest) =>
  (await app.db.selectFrom('users').select(['name', 'email']).where('id', '=', request.auth?.userId ?? 0).executeTakeFirst()) ?? {};
const message = async (app: FastifyInstance, request: FastifyRequest) =>
  (await app.db.selectFrom('messages').select(['read_at']).where('id', '=', idParam(request) ?? 0).executeTakeFirst()) ?? {};

/**
 * The administrator writes of the existing admin routes, recorded from outside them (the routes
 * stay as they are): each audited route gets a snapshot after its guard and, when its answer is a
 * success, an audit entry with the changed fields before the answer leaves. Never a password:
 * the password change records only that it happened. Routes added for the audit trail itself
 * (delete, reply) record in their own transaction.
 */
export const AUDITED: Record<string, Audited> = {
  'POST /api/update-user/:id': {
    action: 'update-user',
    snapshot: business,
    fields: ['name', 'companyname', 'address', 'city', 'tel', 'deskcount', 'qrlink', 'companyengname', 'count', 'qr_status', 'status', 'userlevel'],
    target: (r) => ({ user: idParam(r) }),
  },
  'POST /api/admin/account': { action: 'admin-account', snapshot: adminAccount, fields: ['name', 'email'], target: (r) => ({ user: r.auth?.userId }) },
  'POST /api/admin/password': { action: 'admin-password', snapshot: async () => ({}), fields: [], target: (r) => ({ user: r.auth?.userId }) },
  'POST /api/admin/messages/:id/read': { action: 'message-read', snapshot: message, fields: ['read_at'], target: (r) => ({ message: idParam(r) }) },
  'POST /api/admin/messages/:id/unread': { action: 'message-unread', snapshot: message, fields: ['read_at'], target: (r) => ({ message: idParam(r) }) },
};

