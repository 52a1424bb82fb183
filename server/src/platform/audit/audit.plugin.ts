import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/database.js';
import { authOf } from '../auth/guards.js';
import { diff, recordAudit } from './audit.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Runs an administrator's write and its audit entry in one transaction, by the rule the route
     * declares (`config.audit`, platform/routes/declare.ts): the record is read before and after
     * `work`, and the changed fields recorded. When `work` throws (refused, not found, a failed
     * write) or the entry cannot be written, nothing of it stays.
     */
    audited<T>(work: (trx: DB) => Promise<T>): Promise<T>;
  }
}

/** `request.audited(work)` for the routes that declare an audit rule. */
export default fp(async (app) => {
  async function audited<T>(this: FastifyRequest, work: (trx: DB) => Promise<T>): Promise<T> {
    const rule = this.routeOptions.config.audit;
    if (!rule) throw new Error(`${this.method} ${this.routeOptions.url} declares no audit rule (config.audit)`);
    const auth = authOf(this);
    return app.db.transaction().execute(async (trx) => {
      const before = await rule.snapshot(trx, this);
      const result = await work(trx);
      const after = await rule.snapshot(trx, this);
      const target = rule.target(this);
      await recordAudit(
        trx,
        {
          adminId: auth.userId,
          adminEmail: auth.email,
          action: rule.action,
          targetUserId: target.user,
          targetMessageId: target.message,
          changes: diff(before, after, rule.fields),
        },
        app.clock.now(),
      );
      return result;
    });
  }
  app.decorateRequest('audited', audited);
});
