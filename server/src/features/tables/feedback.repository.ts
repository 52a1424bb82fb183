import { sql } from 'kysely';
import { CRITERION_KEYS, FEEDBACK_PAGE_SIZE, type CriterionKey, type FeedbackItem, type ViewFeedbackResponse } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/** Survey answers. Every owner query takes the owner id in its WHERE. */

export interface NewFeedback {
  userId: number;
  masa: number | null;
  ratings: Partial<Record<CriterionKey, number>>;
  comment: string;
  name: string | null;
  tel: string | null;
  /** The extra branch it was given at; null: the main branch. */
  branchId?: number | null;
}

export async function insertFeedback(db: DB, f: NewFeedback, now: Date): Promise<void> {
  await db
    .insertInto('feedback')
    .values({
      user_id: f.userId,
      masa: f.masa,
      lezzet: f.ratings.lezzet ?? null,
      servis: f.ratings.servis ?? null,
      temizlik: f.ratings.temizlik ?? null,
      fiyat: f.ratings.fiyat ?? null,
      comment: f.comment,
      name: f.name,
      tel: f.tel,
      read_at: null,
      created_at: now.toISOString(),
      branch_id: f.branchId ?? null,
    })
    .execute();
}

type Row = { id: number; masa: number | null; lezzet: number | null; servis: number | null; temizlik: number | null; fiyat: number | null; comment: string; name: string | null; tel: string | null; read_at: string | null; created_at: string };

const present = (r: Row): FeedbackItem => ({
  id: Number(r.id),
  masa: r.masa == null ? null : Number(r.masa),
  ratings: { lezzet: num(r.lezzet), servis: num(r.servis), temizlik: num(r.temizlik), fiyat: num(r.fiyat) },
  comment: r.comment,
  name: r.name,
  tel: r.tel,
  read: r.read_at != null,
  created_at: r.created_at,
});
const num = (v: unknown) => (v == null ? null : Number(v));
const round2 = (v: number) => Math.round(v * 100) / 100;

/** YYYY-MM-DD of an instant in Europe/Istanbul (the restaurant's day). */
const istanbulDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/Istanbul' });

export type FeedbackPage = Omit<ViewFeedbackResponse, 'status' | 'message'>;

/** One page of an owner's feedback (newest first) with the statistics of all of it. */
/** `now`: the app's clock (the last 30 days end today). */
export async function listFeedback(db: DB, userId: number, page: number, now: Date, branch?: number | null): Promise<FeedbackPage> {
  // `branch`: of one branch (null: the main one); undefined: every branch
  const own = db.selectFrom('feedback').where('user_id', '=', userId).$if(branch !== undefined, (q) => q.where('branch_id', branch === null ? 'is' : '=', branch ?? null));
  const [rows, counts, dist, recent] = await Promise.all([
    own.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(FEEDBACK_PAGE_SIZE).offset((page - 1) * FEEDBACK_PAGE_SIZE).execute(),
    own
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('read_at').as('read'),
        ...CRITERION_KEYS.flatMap((k) => [eb.fn.sum<number>(k).as(`${k}_sum`), eb.fn.count<number>(k).as(`${k}_n`)]),
      ])
      .executeTakeFirstOrThrow(),
    Promise.all(
      CRITERION_KEYS.map((k) =>
        own.select([sql<number>`${sql.ref(k)}`.as('r'), (eb) => eb.fn.countAll<number>().as('n')]).where(k, 'is not', null).groupBy(k).execute(),
      ),
    ),
    own.select(['created_at', ...CRITERION_KEYS]).where('created_at', '>=', new Date(now.getTime() - 31 * 86_400_000).toISOString()).execute(),
  ]);
  const c = counts as Record<string, unknown>;
  const averages = {} as FeedbackPage['averages'];
  let sum = 0;
  let n = 0;
  for (const k of CRITERION_KEYS) {
    const s = Number(c[`${k}_sum`] ?? 0);
    const m = Number(c[`${k}_n`] ?? 0);
    averages[k] = m ? round2(s / m) : null;
    sum += s;
    n += m;
  }
  averages.genel = n ? round2(sum / n) : null;

  const distribution = {} as FeedbackPage['distribution'];
  const overall: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  CRITERION_KEYS.forEach((k, i) => {
    const d: [number, number, number, number, number] = [0, 0, 0, 0, 0];
    for (const r of dist[i]) {
      const rating = Number(r.r);
      if (rating >= 1 && rating <= 5) {
        d[rating - 1] += Number(r.n);
        overall[rating - 1] += Number(r.n);
      }
    }
    distribution[k] = d;
  });
  distribution.genel = overall;

  // the last 30 days, today included, oldest first
  const days = new Map<string, { count: number; sum: number; n: number }>();
  for (let i = 29; i >= 0; i--) days.set(istanbulDay(new Date(now.getTime() - i * 86_400_000)), { count: 0, sum: 0, n: 0 });
  for (const r of recent) {
    const d = days.get(istanbulDay(new Date(r.created_at)));
    if (!d) continue;
    d.count++;
    for (const k of CRITERION_KEYS) {
      const v = (r as Record<string, unknown>)[k];
      if (v != null) {
        d.sum += Number(v);
        d.n++;
      }
    }
  }
  const total = Number(c.total ?? 0);
  return {
    feedback: (rows as Row[]).map(present),
    total,
    page,
    per_page: FEEDBACK_PAGE_SIZE,
    averages,
    distribution,
    trend: [...days].map(([day, d]) => ({ day, count: d.count, average: d.n ? round2(d.sum / d.n) : null })),
    unread: total - Number(c.read ?? 0),
  };
}

/** Marks one of the owner's entries read; false when it is not theirs (or does not exist). */
export async function markFeedbackRead(db: DB, userId: number, id: number, now: Date): Promise<FeedbackItem | undefined> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  if (!row.read_at) {
    const at = now.toISOString();
    await db.updateTable('feedback').set({ read_at: at }).where('id', '=', id).where('user_id', '=', userId).execute();
    row.read_at = at;
  }
  return present(row);
}

/** Unread entries of an owner (sidebar badge). */
export async function countUnreadFeedback(db: DB, userId: number): Promise<number> {
  const r = await db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every entry of the platform (admin dashboard). */
export async function countAllFeedback(db: DB): Promise<number> {
  const r = await db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
