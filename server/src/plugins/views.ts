import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { istanbulDay } from '@qrmenu/contract';
import type { DB } from '../db/database.js';

/**
 * Menu view counters, batched in memory and written in one transaction (issue 6: counting never
 * makes a page slower or fail). Rules (README "Public menu"):
 * - a business view: a 2xx GET of `/qr/{company}` or `/api/getCategory/{company}` → settings.count
 *   and the business's daily_views row (Europe/Istanbul day) +1;
 * - a category view: a 2xx GET of `/qr/{company}/category/{id}` or `/api/getProduct/{id}` →
 *   categories.count +1 (not the business's count: one visit is one business view).
 * Pending counts are flushed within FLUSH_MS, and on app close (a graceful restart loses nothing).
 * A failed flush puts its counts back and is retried.
 */
export const FLUSH_MS = 500;

export interface ViewCounter {
  /** Whether views are counted at all (VIEW_COUNTING). */
  readonly enabled: boolean;
  business(userId: number): void;
  category(categoryId: number): void;
  /** Writes every pending count now (tests call it; the timer and onClose call it). */
  flush(): Promise<void>;
  /** Counts not yet written. */
  pending(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    views: ViewCounter;
  }
}

/** Rows per statement (well under SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

class BatchedViewCounter implements ViewCounter {
  private businesses = new Map<number, number>();
  private days = new Map<string, number>(); // `${userId}|${day}`
  private categories = new Map<number, number>();
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;

  constructor(
    private readonly db: DB,
    readonly enabled: boolean,
    private readonly onError: (err: unknown) => void,
  ) {}

  business(userId: number) {
    if (!this.enabled) return;
    this.businesses.set(userId, (this.businesses.get(userId) ?? 0) + 1);
    const key = `${userId}|${istanbulDay()}`;
    this.days.set(key, (this.days.get(key) ?? 0) + 1);
    this.count++;
    this.schedule();
  }

  category(categoryId: number) {
    if (!this.enabled) return;
    this.categories.set(categoryId, (this.categories.get(categoryId) ?? 0) + 1);
    this.count++;
    this.schedule();
  }

  pending() {
    return this.count;
  }

  private schedule(delay = FLUSH_MS) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, delay);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    // one flush at a time; a flush requested meanwhile runs after it (it may have new counts)
    while (this.running) await this.running.catch(() => undefined);
    if (this.count === 0) return;
    const batch = { businesses: this.businesses, days: this.days, categories: this.categories, count: this.count };
    this.businesses = new Map();
    this.days = new Map();
    this.categories = new Map();
    this.count = 0;
    this.running = this.write(batch);
    try {
      await this.running;
      this.failures = 0;
    } catch (err) {
      this.failures++;
      this.onError(err);
      // put the counts back (nothing is lost) and retry later, backing off
      for (const [k, n] of batch.businesses) this.businesses.set(k, (this.businesses.get(k) ?? 0) + n);
      for (const [k, n] of batch.days) this.days.set(k, (this.days.get(k) ?? 0) + n);
      for (const [k, n] of batch.categories) this.categories.set(k, (this.categories.get(k) ?? 0) + n);
      this.count += batch.count;
      this.schedule(Math.min(FLUSH_MS * 2 ** this.failures, 30_000));
      throw err;
    } finally {
      this.running = undefined;
    }
  }

  /**
   * One transaction, a few statements whatever the number of businesses (rows in chunks): on
   * PostgreSQL a flush is a handful of round trips, not one per business.
   * `WITH v(…) AS (VALUES …)` + `UPDATE … FROM` / `INSERT … SELECT … ON CONFLICT` work on both
   * SQLite (≥ 3.33) and PostgreSQL.
   */
  private async write(batch: { businesses: Map<number, number>; days: Map<string, number>; categories: Map<number, number> }) {
    const int = (v: number) => sql`cast(${v} as integer)`;
    await this.db.transaction().execute(async (trx) => {
      for (const rows of chunks([...batch.businesses])) {
        const values = sql.join(rows.map(([id, n]) => sql`(${int(id)}, ${int(n)})`));
        await sql`with v(user_id, n) as (values ${values})
          update settings set count = settings.count + v.n from v where settings.user_id = v.user_id`.execute(trx);
      }
      for (const rows of chunks([...batch.days])) {
        const values = sql.join(
          rows.map(([key, n]) => {
            const [userId, day] = key.split('|') as [string, string];
            return sql`(${int(Number(userId))}, cast(${day} as text), ${int(n)})`;
          }),
        );
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
    });
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Decorates `app.views`; flushes on close. */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  const counter = new BatchedViewCounter(app.db, opts.enabled, (err) => app.log.error({ err }, 'view counter flush failed; will retry'));
  app.decorate('views', counter as ViewCounter);
  app.addHook('onClose', async () => {
    counter.stop();
    try {
      await counter.flush();
    } catch {
      // one more try (e.g. a transient lock); the error is logged
      await counter.flush().catch(() => undefined);
    }
    counter.stop();
  });
});
