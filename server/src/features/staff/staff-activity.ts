import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenOwner } from '../../platform/auth/tokens.repository.js';
import { authOf } from '../../platform/auth/guards.js';
import { recordActivity } from './staff.repository.js';

/** Who acted, as the log names them: 'sahip' for the owner, else the staff role. */
export const actorRole = (who: TokenOwner) => who.staffRole ?? 'sahip';

/** Records one action of `who` in their business's activity log. */
export async function logActivity(app: FastifyInstance, who: TokenOwner, action: string, detail = ''): Promise<void> {
  await recordActivity(app.db, { businessId: who.userId, actorId: who.actor.id, actorName: who.actor.name, actorRole: actorRole(who), action, detail }, app.clock.now());
}

/** Requests whose route recorded its own, more telling entry: the generic one below is not added. */
const recorded = new WeakSet<FastifyRequest>();

/**
 * Records what the signed-in owner or staff member of `request` did (e.g. an order's status step,
 * with the order, the table and the statuses); the generic entry of a staff write is then skipped.
 */
export async function logRequestActivity(app: FastifyInstance, request: FastifyRequest, action: string, detail = ''): Promise<void> {
  recorded.add(request);
  await logActivity(app, authOf(request), action, detail);
}

/** The body status of a JSON answer (the app answers outcomes with HTTP 200 and `status` in the body). */
function bodyStatus(payload: unknown): number {
  if (typeof payload !== 'string') return 200; // a file or a stream: a success
  const m = /"status":\s*(\d{3})/.exec(payload.slice(0, 200));
  return m ? Number(m[1]) : 200;
}

/**
 * Every write a staff member makes that succeeds is recorded in the business's activity log, with
 * who did it: the route's summary (its OpenAPI `doc`) and its method and path. Before the answer
 * leaves (onSend), so a client that reads the log after its write finds it.
 */
export default fp((app, _opts, done) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const m = request.method;
    const who = request.auth;
    if (!who?.staffRole || m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || reply.statusCode >= 400 || bodyStatus(payload) >= 400) return payload;
    // the staff routes record their own, more telling entries
    if (request.routeOptions.url?.startsWith('/api/staff') || recorded.has(request)) return payload;
    const summary = request.routeOptions.config.doc?.summary ?? `${m} ${request.routeOptions.url ?? ''}`;
    try {
      await logActivity(app, who, summary, `${m} ${request.url.split('?')[0]}`);
    } catch (err) {
      request.log.warn({ err }, 'staff activity not recorded');
    }
    return payload;
  });
  done();
}, { name: 'staff-activity' });
