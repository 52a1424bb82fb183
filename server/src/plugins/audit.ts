import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { AuditAction } from '@qrmenu/contract';
import { diff, recordAudit } from '../repositories/audit.repository.js';
import { findBusiness } from '../repositories/admin-businesses.repository.js';
import { parseId } from '../validate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The audited record before an administrator's write (plugins/audit.ts). */
    auditBefore?: Record<string, unknown>;
  }
}

interface Audited {
  action: AuditAction;
  /** The record as it is (before, then after the write); its `fields` are compared. */
  snapshot(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>>;
  fields: readonly string[];
  target(request: FastifyRequest): { user?: number; message?: number };
}

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
const AUDITED: Record<string, Audited> = {
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

export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const spec = typeof route.method === 'string' ? AUDITED[`${route.method} ${route.url}`] : undefined;
    if (!spec) return;
    const before: preHandlerHookHandler = async (request) => {
      request.auditBefore = await spec.snapshot(app, request);
    };
    const record: onSendHookHandler = async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth || auth.role !== 'admin' || reply.statusCode !== 200 || typeof payload !== 'string' || !request.auditBefore) return payload;
      let status: unknown;
      try {
        status = JSON.parse(payload).status;
      } catch {
        return payload;
      }
      if (status !== 200) return payload;
      const after = await spec.snapshot(app, request);
      const target = spec.target(request);
      await recordAudit(
        app.db,
        {
          adminId: auth.userId,
          adminEmail: auth.email,
          action: spec.action,
          targetUserId: target.user,
          targetMessageId: target.message,
          changes: diff(request.auditBefore, after, spec.fields),
        },
        app.clock.now(),
      );
      return payload;
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), before];
    route.onSend = [...[route.onSend ?? []].flat(), record];
  });
});
