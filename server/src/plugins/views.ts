import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { istanbulDay } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import { nowIso } from '../db/schema.js';

/**
 * Menu view counters (issue 6/7): counting never makes a page slower or fail, and no view is lost.
 *
 * Rules (README "Public menu"):
 * - a business view: a 2xx GET of `/qr/{company}` or `/api/getCategory/{company}` → settings.count
 *   and the business's daily_views row (Europe/Istanbul day) +1;
 * - a category view: a 2xx GET of `/qr/{company}/category/{id}` or `/api/getProduct/{id}` →
 *   categories.count +1 (not the business's count: one visit is one business view).
 *
 * How:
 * - each view is appended to this process's journal file (DATA_DIR/views/<pid>-<start>-<n>.log, one
 *   short line, a plain write(2): it is in the kernel before the response leaves, so it survives
 *   kill -9 of the process) and added to in-memory counters;
 * - within FLUSH_MS the counters are written in ONE transaction of a few statements, together with
 *   the journal file's name in `view_flushes`; the file is then deleted (the journal is rotated at
 *   each flush);
 * - at start, journal files left by dead processes are replayed — unless `view_flushes` says they
 *   were applied already (a crash between commit and delete): exact, never counted twice;
 * - on close, pending views are flushed. A failed flush keeps its counts and file and is retried.
 */
export const FLUSH_MS = 500;

export interface ViewCounter {
  /** Whether views are counted at all (VIEW_COUNTING). */
  readonly enabled: boolean;
  business(userId: number): void;
  category(categoryId: number): void;
  /**
   * The hot path's way: the view joins the others of this event-loop turn; once per turn they are
   * written to the journal in ONE write(2) and added to the counts, then each `send` runs (the
   * answer still leaves only after its view is in the journal). With counting off, `send` runs now.
   */
  deferred(kind: Kind, id: number, send: () => void): void;
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

interface Batch {
  /** Business views per Türkiye day: day → userId → n (a business's total is the sum over its days). */
  days: Map<string, Map<number, number>>;
  categories: Map<number, number>;
  count: number;
  /** Journal files holding exactly these views. */
  files: string[];
}

const emptyBatch = (): Batch => ({ days: new Map(), categories: new Map(), count: 0, files: [] });

function dayCounts(b: Batch, day: string): Map<number, number> {
  let m = b.days.get(day);
  if (!m) b.days.set(day, (m = new Map()));
  return m;
}

function addTo(m: Map<number, number>, id: number, n = 1) {
  m.set(id, (m.get(id) ?? 0) + n);
}

type Kind = 'business' | 'category';

/** The journal line of one view: `b {userId} {day}` or `c {categoryId}` (read back by `add`). */
const journalLine = (kind: Kind, id: number, day: string) => (kind === 'business' ? `b ${id} ${day}\n` : `c ${id}\n`);

function addView(b: Batch, kind: Kind, id: number, day: string) {
  addTo(kind === 'business' ? dayCounts(b, day) : b.categories, id);
  b.count++;
}

/** One journal line (`b {userId} {day}` or `c {categoryId}`) into a batch. */
function add(b: Batch, line: string): boolean {
  const [kind, a, day] = line.split(' ');
  const id = Number(a);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  if (kind === 'b' && day && /^\d{4}-\d{2}-\d{2}$/.test(day)) addView(b, 'business', id, day);
  else if (kind === 'c') addView(b, 'category', id, '');
  else return false;
  return true;
}

function merge(into: Batch, from: Batch) {
  for (const [day, m] of from.days) {
    const to = dayCounts(into, day);
    for (const [id, n] of m) addTo(to, id, n);
  }
  for (const [id, n] of from.categories) addTo(into.categories, id, n);
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
 * names of its journal files. `WITH v(…) AS (VALUES …)` + `UPDATE … FROM` / `INSERT … SELECT … ON
 * CONFLICT` work on both SQLite (≥ 3.33) and PostgreSQL.
 */
async function writeBatch(db: DB, batch: Batch) {
  const int = (v: number) => sql`cast(${v} as integer)`;
  await db.transaction().execute(async (trx) => {
    if (batch.files.length) {
      await trx.insertInto('view_flushes').values(batch.files.map((f) => ({ id: f, created_at: nowIso() }))).execute();
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
  });
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return false; // files with our pid are from an earlier life (containers reuse pids)
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Replays the journal files of processes that died before flushing them. Returns the views applied. */
export async function replayViewJournals(db: DB, dir: string): Promise<number> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^\d+-\d+-\d+\.log$/.test(n));
  } catch {
    return 0;
  }
  let applied = 0;
  for (const name of names) {
    if (pidAlive(Number(name.split('-')[0]))) continue;
    const file = path.join(dir, name);
    const done = await db.selectFrom('view_flushes').select('id').where('id', '=', name).executeTakeFirst();
    if (!done) {
      const batch = emptyBatch();
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) if (line) add(batch, line);
      batch.files.push(name);
      await writeBatch(db, batch);
      applied += batch.count;
    }
    fs.rmSync(file, { force: true });
    await db.deleteFrom('view_flushes').where('id', '=', name).execute();
  }
  // markers whose file is long gone (a crash between deleting the file and its marker)
  await db.deleteFrom('view_flushes').where('created_at', '<', new Date(Date.now() - 7 * 86_400_000).toISOString()).execute();
  return applied;
}

class JournaledViewCounter implements ViewCounter {
  private pendingBatch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  private fd: number | undefined;
  private file = '';
  private seq = 0;
  private readonly stamp = Date.now();

  constructor(
    private readonly db: DB,
    readonly enabled: boolean,
    private readonly dir: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  private journal(line: string) {
    if (this.fd === undefined) {
      fs.mkdirSync(this.dir, { recursive: true });
      this.file = `${process.pid}-${this.stamp}-${++this.seq}.log`;
      this.fd = fs.openSync(path.join(this.dir, this.file), 'a');
      this.pendingBatch.files.push(this.file);
    }
    fs.writeSync(this.fd, line);
  }

  private record(line: string) {
    try {
      this.journal(line);
    } catch (err) {
      // a full disk must not fail the page: the view is still counted in memory
      this.onError(err);
    }
    this.schedule();
  }

  private day = '';
  private dayUntil = 0;
  /** Today in Türkiye, worked out once per wall-clock second (a day only changes on a second boundary). */
  private today(): string {
    const now = Date.now();
    if (now >= this.dayUntil) {
      this.day = istanbulDay(new Date(now));
      this.dayUntil = now - (now % 1000) + 1000;
    }
    return this.day;
  }

  business(userId: number) {
    this.now('business', userId);
  }

  category(categoryId: number) {
    this.now('category', categoryId);
  }

  /** One view journaled (its own write) and counted at once. */
  private now(kind: Kind, id: number) {
    if (!this.enabled) return;
    const day = kind === 'business' ? this.today() : '';
    this.record(journalLine(kind, id, day));
    addView(this.pendingBatch, kind, id, day);
  }

  // views of this event-loop turn waiting for their one journal write (see `deferred`)
  private turnKinds: Kind[] = [];
  private turnIds: number[] = [];
  private turnSends: Array<() => void> = [];
  private turnArmed = false;

  deferred(kind: Kind, id: number, send: () => void) {
    if (!this.enabled) return send();
    this.turnKinds.push(kind);
    this.turnIds.push(id);
    this.turnSends.push(send);
    if (!this.turnArmed) {
      this.turnArmed = true;
      setImmediate(this.drainTurn);
    }
  }

  /**
   * Journals the views of this turn, adds them to the counts (both at once: a flush never sees one
   * without the other), then answers. The turn's views take the day of this moment (the same turn).
   */
  private readonly drainTurn = () => {
    this.turnArmed = false;
    const n = this.turnSends.length;
    if (!n) return;
    const kinds = this.turnKinds;
    const ids = this.turnIds;
    const sends = this.turnSends;
    this.turnKinds = [];
    this.turnIds = [];
    this.turnSends = [];
    const day = this.today();
    let lines = '';
    for (let i = 0; i < n; i++) lines += journalLine(kinds[i]!, ids[i]!, day);
    this.record(lines);
    const batch = this.pendingBatch;
    let todays: Map<number, number> | undefined;
    for (let i = 0; i < n; i++) addTo(kinds[i] === 'business' ? (todays ??= dayCounts(batch, day)) : batch.categories, ids[i]!);
    batch.count += n;
    for (let i = 0; i < n; i++) sends[i]!();
  };

  pending() {
    return this.pendingBatch.count + this.turnSends.length;
  }

  private schedule(delay = FLUSH_MS) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, delay);
    this.timer.unref();
  }

  /** Closes the current journal file: the next view starts a new one. */
  private rotate() {
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }

  async flush(): Promise<void> {
    this.drainTurn(); // views waiting for this turn's journal write belong to this flush
    // one flush at a time; a flush requested meanwhile runs after it (it may have new counts)
    while (this.running) await this.running.catch(() => undefined);
    if (this.pendingBatch.count === 0) return;
    const batch = this.pendingBatch;
    this.pendingBatch = emptyBatch();
    this.rotate();
    this.running = writeBatch(this.db, batch);
    try {
      await this.running;
      this.failures = 0;
    } catch (err) {
      this.failures++;
      this.onError(err);
      merge(this.pendingBatch, batch); // nothing is lost: counts and files wait for the next try
      this.schedule(Math.min(FLUSH_MS * 2 ** this.failures, 30_000));
      throw err;
    } finally {
      this.running = undefined;
    }
    for (const f of batch.files) fs.rmSync(path.join(this.dir, f), { force: true });
    if (batch.files.length) await this.db.deleteFrom('view_flushes').where('id', 'in', batch.files).execute().catch(() => undefined);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  close() {
    this.stop();
    this.rotate();
  }
}

/** Decorates `app.views`: replays dead processes' journals, flushes on close. */
export default fp<{ enabled: boolean; dataDir: string }>(async (app, opts) => {
  const dir = path.join(opts.dataDir, 'views');
  const replayed = await replayViewJournals(app.db, dir);
  if (replayed) app.log.warn({ replayed }, 'menu views of a stopped process written from its journal');
  const counter = new JournaledViewCounter(app.db, opts.enabled, dir, (err) => app.log.error({ err }, 'view counter: write failed; will retry'));
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
