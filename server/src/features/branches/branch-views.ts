import { MAIN_BRANCH_ID } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/**
 * A branch's menu views for the owner's welcome page (`GET /api/dashboard?branch=`): per Europe/Istanbul
 * day (`branch_daily_views`, written by the view counter's flush) and in all (`branches.count`).
 * The main branch (0) has no rows of its own: its views are the account's less its extra branches'.
 * Every query is scoped by the owner.
 */

export interface DayCount {
  day: string;
  count: number;
}

export interface BranchViews {
  id: number;
  name: string;
  total: number;
  /** Days from `since` on that have views, oldest first. */
  days: DayCount[];
}

const rowsOf = (rows: Array<{ day: string; count: number | string | bigint | null }>): DayCount[] => rows.map((r) => ({ day: r.day, count: Number(r.count ?? 0) }));

async function extraBranchViews(db: DB, userId: number, branchId: number, since: string): Promise<BranchViews | undefined> {
  const b = await db.selectFrom('branches').select(['id', 'name', 'count']).where('user_id', '=', userId).where('id', '=', branchId).executeTakeFirst();
  if (!b) return undefined;
  const rows = await db
    .selectFrom('branch_daily_views')
    .select(['day', 'count'])
    .where('user_id', '=', userId)
    .where('branch_id', '=', branchId)
    .where('day', '>=', since)
    .orderBy('day')
    .execute();
  return { id: b.id, name: b.name, total: Number(b.count), days: rowsOf(rows) };
}

/** The main branch: the account's views less those of its extra branches, day by day. */
async function mainBranchViews(db: DB, userId: number, since: string, account: BranchViews): Promise<BranchViews> {
  const sums = await db
    .selectFrom('branch_daily_views')
    .select(['day', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('user_id', '=', userId)
    .where('day', '>=', since)
    .groupBy('day')
    .execute();
  const extra = new Map(rowsOf(sums).map((r) => [r.day, r.count]));
  const totals = await db.selectFrom('branches').select((eb) => eb.fn.sum<number>('count').as('n')).where('user_id', '=', userId).executeTakeFirst();
  return {
    id: MAIN_BRANCH_ID,
    name: account.name,
    total: Math.max(0, account.total - Number(totals?.n ?? 0)),
    days: account.days.map((d) => ({ day: d.day, count: Math.max(0, d.count - (extra.get(d.day) ?? 0)) })),
  };
}

/**
 * One branch's views from `since` on: an extra branch of this owner, or the main one (0) worked out
 * from `account` (the account's name, total and days from `since`). Another owner's or an unknown
 * branch: undefined.
 */
export async function branchViews(db: DB, userId: number, branchId: number, since: string, account: BranchViews): Promise<BranchViews | undefined> {
  if (branchId === MAIN_BRANCH_ID) return mainBranchViews(db, userId, since, account);
  return extraBranchViews(db, userId, branchId, since);
}
