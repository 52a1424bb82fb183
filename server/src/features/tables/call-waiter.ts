import { CALL_TYPES, TABLE_MSG, type CallType, type FieldErrors } from '@qrmenu/contract';
import type { FastifyInstance } from 'fastify';
import { insertCall } from './waiter-calls.repository.js';
import { tableOf, type DinerBusiness } from './diner-business.js';
import { callLimits, withinLimits, type Diner } from './diner-limits.js';

export type CallOutcome =
  | { kind: 'called'; masa: number; type: CallType; repeated: boolean }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'limited' };

const MINUTE = 60_000;

/**
 * A table calls the waiter or asks for the bill. Every valid request counts against its table's and
 * device's limits and the business's and IP's ceilings (features/tables/diner-limits.ts; a double
 * tap counts too, so a phone flooding one table is refused); past one: `limited`, nothing made. The
 * same call from the same table within a minute is answered as done without a new call; a new call
 * reaches the owner's panels.
 */
export async function callWaiter(app: FastifyInstance, business: DinerBusiness, body: Record<string, unknown>, diner: Diner): Promise<CallOutcome> {
  const errors: FieldErrors = {};
  const masa = tableOf(business, body.masa);
  const type = CALL_TYPES.find((t) => t === body.type);
  if (masa === undefined) errors.masa = [TABLE_MSG.tableInvalid];
  if (!type) errors.type = [TABLE_MSG.callTypeInvalid];
  if (masa === undefined || !type) return { kind: 'invalid', errors };

  if (!(await withinLimits(app, 'call', business.userId, masa, diner, callLimits(app)))) return { kind: 'limited' };
  const first = (await app.dinerCounters.incr(`call:${business.userId}:${business.branchId ?? 0}:${masa}:${type}`, MINUTE)) === 1;
  if (!first) return { kind: 'called', masa, type, repeated: true };
  const call = await insertCall(app.db, business.userId, masa, type, app.clock.now(), business.branchId ?? null);
  await app.tablesLive.publish(business.userId, { type: 'call', call });
  return { kind: 'called', masa, type, repeated: false };
}
