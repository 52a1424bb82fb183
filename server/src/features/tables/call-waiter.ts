import { CALL_TYPES, TABLE_MSG, type CallType, type FieldErrors } from '@qrmenu/contract';
import type { FastifyInstance } from 'fastify';
import { insertCall } from './waiter-calls.repository.js';
import { tableOf, type DinerBusiness } from './diner-business.js';

export type CallOutcome =
  | { kind: 'called'; masa: number; type: CallType; repeated: boolean }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'limited' };

const MINUTE = 60_000;

/**
 * A table calls the waiter or asks for the bill. The same call from the same table within a
 * minute is answered as done without a new call (a double tap is harmless) and is not counted
 * against the IP's limit (RATE_LIMIT_CALLS per 10 minutes); a new call reaches the owner's panels.
 */
export async function callWaiter(app: FastifyInstance, business: DinerBusiness, body: Record<string, unknown>, ip: string): Promise<CallOutcome> {
  const errors: FieldErrors = {};
  const masa = tableOf(business, body.masa);
  const type = CALL_TYPES.find((t) => t === body.type);
  if (masa === undefined) errors.masa = [TABLE_MSG.tableInvalid];
  if (!type) errors.type = [TABLE_MSG.callTypeInvalid];
  if (masa === undefined || !type) return { kind: 'invalid', errors };

  const first = (await app.dinerCounters.incr(`call:${business.userId}:${masa}:${type}`, MINUTE)) === 1;
  if (!first) return { kind: 'called', masa, type, repeated: true };
  const n = await app.dinerCounters.incr(`call-ip:${ip}`, 10 * MINUTE);
  if (n > app.config.callsPerIp) {
    // not made: the table may try again once the IP is allowed
    await app.dinerCounters.del(`call:${business.userId}:${masa}:${type}`);
    return { kind: 'limited' };
  }
  const call = await insertCall(app.db, business.userId, masa, type);
  await app.tablesLive.publish(business.userId, { type: 'call', call });
  return { kind: 'called', masa, type, repeated: false };
}
