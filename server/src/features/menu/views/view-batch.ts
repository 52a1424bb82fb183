import { sql } from 'kysely';
import type { DB } from '../../../platform/db/database.js';

/** Views counted in memory and not yet written, with the journal files that hold them. */
export interface Batch {
  /** Business views per Türkiye day: day → userId → n (a business's total is the sum over its days). */
  days: Map<string, Map<number, number>>;
  categories: Map<number, number>;
  /** Views of an extra branch's menu (features/branches), besides its account's: its total. */
  branches: Map<number, number>;
  /** The same views per Türkiye day: day → branchId → n (journal lines written before the days were kept have none). */
  branchDays: Map<string, Map<number, number>>;
  count: number;
  /** Journal files holding exactly these views. */
  files: string[];
}

export const emptyBatch = (): Batch => ({ days: new Map(), categories: new Map(), branches: new Map(), branchDays: new Map(), count: 0, files: [] });

function dayCounts(days: Map<string, Map<number, number>>, day: string): Map<number, number> {
  let m = days.get(day);
  if (!m) days.set(day, (m = new Map<number, number>()));
  return m;
}

function addTo(m: Map<number, number>, id: number, n = 1) {
  m.set(id, (m.get(id) ?? 0) + n);
}

export type Kind = 'business' | 'category' | 'branch';

/**
 * The journal line of one view: `b {userId} {day}`, `c {categoryId}` or `s {branchId} {day}` (read
 * back by `addLine`; a branch line of an older process, `s {branchId}`, has no day).
 */
export const journalLine = (kind: Kind, id: number, day: string) => (kind === 'business' ? `b ${id} ${day}\n` : kind === 'branch' ? `s ${id} ${day}\n` : `c ${id}\n`);

/** One view into a batch; a branch view without a day (an old journal line) counts for its total only. */
export function addView(b: Batch, kind: Kind, id: number, day: string) {
  if (kind === 'business') addTo(dayCounts(b.days, day), id);
  else if (kind === 'category') addTo(b.categories, id);
  else {
    addTo(b.branches, id);
    if (day) addTo(dayCounts(b.branchDays, day), id);
  }
  b.count++;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One complete journal line (`b {userId} {day}`, `c {categoryId}`, `s {branchId} [{day}]`) into a batch. */
export function addLine(b: Batch, line: string): boolean {
  const [kind, a, day] = line.split(' ');
  const id = Number(a);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  if (kind === 'b' && day && DAY.test(day)) addView(b, 'business', id, day);
  else if (kind === 'c') addView(b, 'category', id, '');
  else if (kind === 's') addView(b, 'branch', id, day && DAY.test(day) ? day : '');
  else return false;
  return true;
}

function mergeDays(into: Map<string, Map<number, number>>, from: Map<string, Map<number, number>>) {
  for (const [day, m] of from) {
    const to = dayCounts(into, day);
    for (const [id, n] of m) addTo(to, id, n);
  }
}

export function merge(into: Batch, from: Batch) {
  mergeDays(into.days, from.days);
  mergeDays(into.branchDays, from.branchDays);
  for (const [id, n] of from.categories) addTo(into.categories, id, n);
  for (const [id, n] of from.branches) addTo(into.branches, id, n);
  into.count += from.count;
  into.files.push(...from.files);
}

/** Rows per statement (well under SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes a batch in one transaction: a few statements whatever the number of businesses, plus the
 * names of its journal files (their markers stamped `now`). `WITH v(…) AS (VALUES …)` + `UPDATE … FROM` / `INSERT … SELECT … ON
 * CONFLICT` work on both SQLite (≥ 3.33) and PostgreSQL.
 */
export async function writeBatch(db: DB, batch: Batch, now: string) {
  const int = (v: number) => sql`cast(${v} as integer)`;
  await db.transaction().execute(async (trx) => {
    if (batch.files.length) {
      await trx.insertInto('view_flushes').values(batch.files.map((f) => ({ id: f, created_at: now }))).execute();
    }
    const businesses = new Map<number, number>();
    for (const m of batch.days.values()) for (const [id, n] of m) addTo(businesses, id, n);
    for (const rows of chunks([...businesses])) {
      const values = sql.join(rows.map(([id, n]) => sql`(${int(id)}, ${int(n)})`));
      await sql`with v(user_id, n) as (values ${values})
        update settings set count = settings.count + v.n from v where settings.user_id = v.user_id`.execute(trx);
    }
    const days = [...batch.days].flatMap(([day, m]) => [...m].map(([id, n]) => [id, day, n] as const));
    for (const rows of chunks(days)) {
      const values = sql.join(rows.map(([userId, day, n]) => sql`(${int(userId)}, cast(${day} as text), ${int(n)})`));
      // joined with users: a business deleted meanwhile simply gets no row (no FK error)
      await sql`with v(user_id, day, n) as (values ${values})
        insert into daily_views (user_id, day, count)
        select v.user_id, v.day, v.n from v inner join users on users.id = v.user_id where true
        on conflict (user_id, day) do update set count = daily_views.count + excluded.count`.execute(trx);
    }
    for (const rows of chunks([...batch.categories])) {
      const values = sql.join(rows.map(([id, n]) => sql`(${int(id)}, ${int(n)})`));
      await sql`with v(id, n) as (values ${values})
        update categories set count = categories.count + v.n from v where categories.id = v.id`.execute(trx);
    }
    for (const rows of chunks([...batch.branches])) {
      const values = sql.join(rows.map(([id, n]) => sql`(${int(id)}, ${int(n)})`));
      await sql`with v(id, n) as (values ${values})
        update branches set count = branches.count + v.n from v where branches.id = v.id`.execute(trx);
    }
    const branchDays = [...batch.branchDays].flatMap(([day, m]) => [...m].map(([id, n]) => [id, day, n] as const));
    for (const rows of chunks(branchDays)) {
      const values = sql.join(rows.map(([branchId, day, n]) => sql`(${int(branchId)}, cast(${day} as text), ${int(n)})`));
      // joined with branches: a branch deleted meanwhile gets no row
      await sql`with v(branch_id, day, n) as (values ${values})
        insert into branch_daily_views (branch_id, user_id, day, count)
        select v.branch_id, branches.user_id, v.day, v.n from v inner join branches on branches.id = v.branch_id where true
        on conflict (branch_id, day) do update set count = branch_daily_views.count + excluded.count`.execute(trx);
    }
  });
}

