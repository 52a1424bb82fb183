import path from 'node:path';
import fp from 'fastify-plugin';
import { istanbulDay } from '@qrmenu/contract';
import type { DB } from '../../../platform/db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { addView, emptyBatch, journalLine, merge, writeBatch, type Kind } from './view-batch.js';
import { replayViewJournals, ViewJournal } from './view-journal.js';

/**
 * Menu view counters (rules: README "Public menu"). The views of one event-loop turn are appended to
 * this process's journal (one write(2) for all of them, survives kill -9) before their answers are
 * sent, and counted in memory; every FLUSH_MS
 * the counts go to the database in one transaction with the journal's name in `view_flushes`, and
 * the journal is deleted. At start, journals of dead processes are replayed exactly once.
 */
export const FLUSH_MS = 500;

/**
 * How long the `view_flushes` markers of written (and deleted) journals stay. A backup links the
 * journal files before it snapshots the database (features/ops/backup.ts): a file it holds whose views the
 * snapshot already has must still have its marker there, or a restore would count it twice.
 */
export const MARKER_KEEP_MS = 10 * 60_000;

export interface ViewStats {
  /** Views counted and journaled, not yet in the database. */
  pending: number;
  /** When the oldest of them was counted (epoch ms), or null when none waits. */
  oldestPendingAt: number | null;
  /** Flushes written, and flushes that failed (retried later). */
  flushes: number;
  flushFailures: number;
}

export interface ViewCounter {
  /** Whether views are counted at all (VIEW_COUNTING). */
  readonly enabled: boolean;
  /**
   * A business view. Without `then`: journaled and counted before it returns. With `then` (the
   * answer's sending): grouped with the other views of this event-loop turn, journaled in one
   * write(2), counted, and only then `then` runs — the answer leaves after its view is journaled.
   */
  business(userId: number, then?: () => void): void;
  /** A category view, the same way. */
  category(categoryId: number, then?: () => void): void;
  /** A view of an extra branch's menu (features/branches), besides its account's business view: its total and its day. */
  branch(branchId: number, then?: () => void): void;
  /** Writes every pending count now (tests call it; the timer and onClose call it). */
  flush(): Promise<void>;
  /** Counts not yet written. */
  pending(): number;
  /** For /metrics. */
  stats(): ViewStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    views: ViewCounter;
  }
}

class JournaledViewCounter implements ViewCounter {
  private pendingBatch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  /** When the first view of the pending batch was counted (0: none pending). */
  private pendingSince = 0;
  private flushes = 0;
  private flushFailures = 0;
  /** Journals written and deleted, oldest first: their markers go after MARKER_KEEP_MS. */
  private written: Array<{ at: number; files: string[] }> = [];
  readonly journal: ViewJournal;

  constructor(
    private readonly db: DB,
    readonly enabled: boolean,
    dir: string,
    private readonly onError: (err: unknown) => void,
    /** The app's clock: the day a view counts for, the age of what waits. */
    private readonly clock: Clock,
  ) {
    this.journal = new ViewJournal(dir, (name) => this.pendingBatch.files.push(name));
  }

  private day = '';
  private dayUntil = 0;
  /**
   * Today in Türkiye, worked out once per wall-clock second (a day only changes on a second boundary);
   * again when the clock went back before that second (a stepped or a test's clock).
   */
  private today(): string {
    const now = this.clock.now().getTime();
    if (now >= this.dayUntil || now < this.dayUntil - 1000) {
      this.day = istanbulDay(new Date(now));
      this.dayUntil = now - (now % 1000) + 1000;
    }
    return this.day;
  }

  business(userId: number, then?: () => void) {
    if (!this.enabled) then?.();
    else if (then) this.group('business', userId, then);
    else this.record('business', userId);
  }

  category(categoryId: number, then?: () => void) {
    if (!this.enabled) then?.();
    else if (then) this.group('category', categoryId, then);
    else this.record('category', categoryId);
  }

  branch(branchId: number, then?: () => void) {
    if (!this.enabled) then?.();
    else if (then) this.group('branch', branchId, then);
    else this.record('branch', branchId);
  }

  /** One view: into the journal, then into the counts (a flush never sees one without the other). */
  private record(kind: Kind, id: number) {
    const day = kind === 'category' ? '' : this.today();
    this.write(journalLine(kind, id, day));
    this.count(kind, id, day);
  }

  private write(lines: string) {
    try {
      this.journal.append(lines);
    } catch (err) {
      // a full disk must not fail the page: the view is still counted in memory
      this.onError(err);
    }
  }

  private count(kind: Kind, id: number, day: string) {
    if (this.pendingBatch.count === 0) this.pendingSince = this.clock.now().getTime();
    addView(this.pendingBatch, kind, id, day);
    this.schedule();
  }

  /** The views of this event-loop turn waiting for their one write, and their answers. */
  private waiting: { lines: string; views: Array<[Kind, number, string]>; then: Array<() => void> } | undefined;

  /**
   * Group commit: the first view of a turn schedules one write for the check phase of this loop
   * iteration (setImmediate: after every request read in this poll phase); the views are counted
   * when written, then their answers are sent in order.
   */
  private group(kind: Kind, id: number, then: () => void) {
    const day = kind === 'category' ? '' : this.today();
    let g = this.waiting;
    if (!g) {
      g = this.waiting = { lines: '', views: [], then: [] };
      setImmediate(() => this.commit());
    }
    g.lines += journalLine(kind, id, day);
    g.views.push([kind, id, day]);
    g.then.push(then);
  }

  /** Writes the waiting group (one write(2)), counts it, sends its answers. */
  commit() {
    const g = this.waiting;
    if (!g) return;
    this.waiting = undefined;
    this.write(g.lines);
    for (const [kind, id, day] of g.views) this.count(kind, id, day);
    for (const send of g.then) {
      try {
        send();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  pending() {
    return this.pendingBatch.count;
  }

  stats(): ViewStats {
    const pending = this.pendingBatch.count;
    return { pending, oldestPendingAt: pending ? this.pendingSince : null, flushes: this.flushes, flushFailures: this.flushFailures };
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
    this.commit(); // a waiting group goes with this flush
    this.stop(); // this flush takes what the timer was set for; the next view sets a new one
    // one flush at a time; a flush requested meanwhile runs after it (it may have new counts)
    while (this.running) await this.running.catch(() => undefined);
    if (this.pendingBatch.count === 0) return;
    const batch = this.pendingBatch;
    const since = this.pendingSince;
    this.pendingBatch = emptyBatch();
    this.pendingSince = 0;
    this.journal.rotate();
    this.running = writeBatch(this.db, batch, this.clock.now().toISOString());
    try {
      await this.running;
      this.failures = 0;
      this.flushes++;
    } catch (err) {
      this.failures++;
      this.flushFailures++;
      this.onError(err);
      merge(this.pendingBatch, batch); // nothing is lost: counts and files wait for the next try
      this.pendingSince = this.pendingSince ? Math.min(since, this.pendingSince) : since;
      this.schedule(Math.min(FLUSH_MS * 2 ** this.failures, 30_000));
      throw err;
    } finally {
      this.running = undefined;
    }
    for (const f of batch.files) this.journal.release(f);
    const now = this.clock.now().getTime();
    if (batch.files.length) this.written.push({ at: now, files: batch.files });
    await this.forgetMarkers(now - MARKER_KEEP_MS);
  }

  /** Deletes the markers of journals written before `before` (a failure leaves them to the start-up cleanup). */
  private async forgetMarkers(before: number) {
    let n = 0;
    while (n < this.written.length && this.written[n].at <= before) n++;
    if (n === 0) return;
    const files = this.written.splice(0, n).flatMap((w) => w.files);
    for (let i = 0; i < files.length; i += 500) {
      await this.db.deleteFrom('view_flushes').where('id', 'in', files.slice(i, i + 500)).execute().catch(() => undefined);
    }
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  close() {
    this.commit();
    this.stop();
    this.journal.rotate();
  }
}

/**
 * Passes on the first error, then at most one a minute with how many came in between: a journal
 * that cannot be written (a full disk) fails every view, and a log line per view would be a storm
 * (the counter's flush errors, retried with a growing delay, go through it too).
 */
export function oncePerMinute(report: (err: unknown, repeated: number) => void, now: () => number): (err: unknown) => void {
  let last = -Infinity;
  let repeated = 0;
  return (err) => {
    const t = now();
    if (t - last < 60_000) {
      repeated++;
      return;
    }
    last = t;
    report(err, repeated);
    repeated = 0;
  };
}

/** Decorates `app.views`: replays dead processes' journals, flushes on close. */
export default fp<{ enabled: boolean; dataDir: string }>(async (app, opts) => {
  const dir = path.join(opts.dataDir, 'views');
  const replayed = await replayViewJournals(app.db, dir, app.clock.now());
  if (replayed) app.log.warn({ replayed }, 'menu views of a stopped process written from its journal');
  const onError = oncePerMinute((err, repeated) => app.log.error({ err, repeated }, 'view counter: write failed; will retry'), () => app.clock.now().getTime());
  const counter = new JournaledViewCounter(app.db, opts.enabled, dir, onError, app.clock);
  app.decorate('views', counter as ViewCounter);
  app.addHook('onClose', async () => {
    counter.stop();
    try {
      await counter.flush();
    } catch {
      // one more try (e.g. a transient lock); the journal keeps the views for the next start anyway
      await counter.flush().catch(() => undefined);
    }
    counter.close();
  });
});
