import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { AuditAction } from '@qrmenu/contract';
import { diff, recordAudit } from './audit.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The audited record before an administrator's write (platform/audit/audit.plugin.ts). */
    auditBefore?: Record<string, unknown>;
  }
}

export interface Audited {
  action: AuditAction;
  /** The record as it is (before, then after the write); its `fields` are compared. */
  snapshot(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>>;
  fields: readonly string[];
  target(request: FastifyRequest): { user?: number; message?: number };
}

/** Records the writes named in `rules` (keyed `METHOD /url`). */
export default fp<{ rules: Record<string, Audited> }>(async (app, { rules }) => {
  app.addHook('onRoute', (route) => {
    const spec = typeof route.method === 'string' ? rules[`${route.method} ${route.url}`] : undefined;
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
