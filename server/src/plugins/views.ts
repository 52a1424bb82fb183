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

  private async write(batch: { businesses: Map<number, number>; days: Map<string, number>; categories: Map<number, number> }) {
    await this.db.transaction().execute(async (trx) => {
      for (const [userId, n] of batch.businesses) {
        await trx.updateTable('settings').set({ count: sql`count + cast(${n} as integer)` }).where('user_id', '=', userId).execute();
      }
      for (const [key, n] of batch.days) {
        const [userId, day] = key.split('|') as [string, string];
        // INSERT … SELECT from users: a business deleted meanwhile simply gets no row (no FK error).
        await trx
          .insertInto('daily_views')
          .columns(['user_id', 'day', 'count'])
          .expression((eb) =>
            eb
              .selectFrom('users')
              .select([
                'users.id',
                sql<string>`cast(${day} as text)`.as('day'),
                sql<number>`cast(${n} as integer)`.as('count'),
              ])
              .where('users.id', '=', Number(userId)),
          )
          .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ count: sql`daily_views.count + excluded.count` }))
          .execute();
      }
      for (const [categoryId, n] of batch.categories) {
        await trx.updateTable('categories').set({ count: sql`count + cast(${n} as integer)` }).where('id', '=', categoryId).execute();
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
