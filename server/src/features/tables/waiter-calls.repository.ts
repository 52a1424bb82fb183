import { CALL_TTL_MINUTES, type CallType, type WaiterCall } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/** Waiter calls. Every owner query takes the owner id in its WHERE; the time comes from the caller (`now`, the app's clock). */

const present = (r: { id: number; masa: number; type: string; created_at: string; branch_id: number | null }): WaiterCall => ({
  id: Number(r.id),
  masa: Number(r.masa),
  type: r.type as CallType,
  created_at: r.created_at,
  // 0: the main branch (the API's number for it; null in the row)
  branch_id: r.branch_id == null ? 0 : Number(r.branch_id),
});

const cutoff = (now: Date) => new Date(now.getTime() - CALL_TTL_MINUTES * 60_000).toISOString();

export async function insertCall(db: DB, userId: number, masa: number, type: CallType, now: Date, branchId: number | null = null): Promise<WaiterCall> {
  const row = await db
    .insertInto('waiter_calls')
    .values({ user_id: userId, masa, type, created_at: now.toISOString(), done_at: null, branch_id: branchId })
    .returning(['id', 'masa', 'type', 'created_at', 'branch_id'])
    .executeTakeFirstOrThrow();
  return present(row);
}

/** The owner's open calls, oldest first (`branch`: of one branch, null the main one). Calls older than 30 minutes are closed first. */
export async function listOpenCalls(db: DB, userId: number, now: Date, branch?: number | null, only?: number[]): Promise<WaiterCall[]> {
  await db.updateTable('waiter_calls').set({ done_at: now.toISOString() }).where('user_id', '=', userId).where('done_at', 'is', null).where('created_at', '<', cutoff(now)).execute();
  const rows = await db
    .selectFrom('waiter_calls')
    .select(['id', 'masa', 'type', 'created_at', 'branch_id'])
    .where('user_id', '=', userId)
    .where('done_at', 'is', null)
    .$if(branch !== undefined, (q) => q.where('branch_id', branch === null ? 'is' : '=', branch ?? null))
    // a staff member's branches (0: the main one)
    .$if(only !== undefined, (q) => q.where((e) => e.or([e('branch_id', 'in', [...(only ?? []), -1]), ...(only?.includes(0) ? [e('branch_id', 'is', null)] : [])])))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(present);
}

/** Closes one of the owner's calls; undefined when it is not theirs. `closed` false when it already was. */
export async function closeCall(db: DB, userId: number, id: number, now: Date): Promise<{ closed: boolean } | undefined> {
  const row = await db.selectFrom('waiter_calls').select(['id', 'done_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  if (row.done_at) return { closed: false };
  const r = await db.updateTable('waiter_calls').set({ done_at: now.toISOString() }).where('id', '=', id).where('user_id', '=', userId).where('done_at', 'is', null).executeTakeFirst();
  return { closed: Number(r.numUpdatedRows) > 0 };
}

/** Closes every call older than 30 minutes (all businesses); returns them, for the live panels. */
export async function expireCalls(db: DB, now: Date): Promise<Array<{ id: number; user_id: number }>> {
  const old = await db.selectFrom('waiter_calls').select(['id', 'user_id']).where('done_at', 'is', null).where('created_at', '<', cutoff(now)).limit(1000).execute();
  if (old.length === 0) return [];
  await db.updateTable('waiter_calls').set({ done_at: now.toISOString() }).where('id', 'in', old.map((o) => o.id)).where('done_at', 'is', null).execute();
  return old.map((o) => ({ id: Number(o.id), user_id: Number(o.user_id) }));
}

/** Business behind a public address, with what the diner's forms need. */
export async function findTableBusiness(db: DB, userId: number): Promise<{ deskcount: number | null } | undefined> {
  const r = await db.selectFrom('settings').select(['deskcount']).where('user_id', '=', userId).executeTakeFirst();
  return r ? { deskcount: r.deskcount == null ? null : Number(r.deskcount) } : undefined;
}
