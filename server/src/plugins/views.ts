import fs from 'node:fs';
import { createRequire } from 'node:module';
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
 *   short line) before its answer is sent, and added to in-memory counters. The file is mapped into
 *   memory (mmap, MAP_SHARED): a line is a copy into the kernel's page cache with no system call,
 *   so it survives kill -9 of the process as a write(2) would (see `ViewJournal`);
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
  /** A business view, journaled and counted before it returns (call it before the answer is sent). */
  business(userId: number): void;
  /** A category view, the same way. */
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

/** One complete journal line (`b {userId} {day}` or `c {categoryId}`) into a batch. */
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

/**
 * The complete lines of a journal file: each ends with a newline. What follows the last newline is
 * dropped — a line cut by a kill, or the zeros of a mapped file's unused end.
 */
export function journalLines(text: string): string[] {
  const lines = text.split('\n');
  lines.pop();
  return lines.filter((l) => l.length > 0);
}

/** What the journal uses of `@riaskov/mmap-io` (typed here: the optional module may be absent). */
interface Mmap {
  map(size: number, protection: number, flags: number, fd: number): Buffer;
  readonly PROT_READ: number;
  readonly PROT_WRITE: number;
  readonly MAP_SHARED: number;
}
/**
 * mmap(2), from an optional native module: without it (it failed to build) the journal uses write(2).
 * The addon is loaded from where node-pre-gyp puts it (built here or downloaded), not through the
 * package's entry, which loads node-pre-gyp itself to find it: 3 ms at start instead of 40–100 ms.
 * The entry is the fallback, should that layout change.
 */
const mmap = ((): Mmap | undefined => {
  const load = createRequire(import.meta.url);
  const addon = `@riaskov/mmap-io/build/binding/Release/node-v${process.versions.modules}-${process.platform}-${process.arch}/mmap_io.node`;
  for (const id of [addon, '@riaskov/mmap-io']) {
    try {
      return load(id) as Mmap;
    } catch {
      // next
    }
  }
  return undefined;
})();

/** A mapped journal file's size: ≈ 16,000 views (10–20 bytes each); a full file rotates to the next. */
export const MAPPED_BYTES = 256 * 1024;
/** Released mapped files kept for reuse (more than one per flush only when a file fills up). */
const MAX_SPARES = 4;

/** Creates `file` as MAPPED_BYTES of zeros and maps it, shared (writes reach the file). */
function mapFile(file: string): Buffer {
  const fd = fs.openSync(file, 'wx+'); // read and write: a shared writable map needs both
  try {
    if (fs.writeSync(fd, Buffer.alloc(MAPPED_BYTES)) !== MAPPED_BYTES) throw new Error(`short write to ${file}`);
    return mmap!.map(MAPPED_BYTES, mmap!.PROT_READ | mmap!.PROT_WRITE, mmap!.MAP_SHARED, fd);
  } finally {
    fs.closeSync(fd); // the mapping stays until its Buffer is collected
  }
}

/**
 * The journal files of this process, one per flush (`rotate`). Appending a line must put it where
 * a kill -9 of the process cannot lose it, before the answer leaves:
 * - mapped (the default): the file is created at MAPPED_BYTES of zeros and mapped MAP_SHARED; a line
 *   is copied into the mapping, which is the kernel's page cache of the file — no system call
 *   (a write(2) costs ≈ 2.5 µs here, 7–10 % of a cached menu page: bench/README.md). The
 *   zeros are written, not left as a hole, so that the disk space is taken at creation: a full disk
 *   fails there (and the journal falls back to write(2)), never as a SIGBUS on a page of the map.
 *   The newline goes in last: a line cut by a kill has none, and replay drops it.
 * - write(2) (no native module, or the mapping failed): one append per line.
 * Neither is fsync'ed: like the database's own WAL, a power cut may lose the last instants.
 */
export class ViewJournal {
  private map: Buffer | undefined;
  /** Mappings of this process's files, by name, until `release` (what is written stays in the file). */
  private readonly maps = new Map<string, Buffer>();
  /** Released files, zeroed and still mapped, for the next ones (see `release`). */
  private readonly spares: Array<{ name: string; map: Buffer }> = [];
  private fd: number | undefined;
  private pos = 0;
  private seq = 0;
  private readonly stamp = Date.now();
  /** Set after a file failed to open: no new try (one per view) before the next rotation. */
  private broken = false;

  constructor(
    private readonly dir: string,
    /** Called with each new file's name (the views written to it belong to the current batch). */
    private readonly onFile: (name: string) => void,
    private readonly onError: (err: unknown) => void,
    /** Whether files are mapped (false: write(2) only; a file whose mapping failed uses write(2) too). */
    readonly usesMap = mmap !== undefined,
  ) {}

  /** Appends one line ending with a newline (ASCII). Throws if it could not be written. */
  append(line: string): void {
    const map = this.map;
    if (map) {
      const end = this.pos + line.length;
      if (end <= map.length) {
        map.write(line, this.pos, line.length - 1, 'latin1');
        map[end - 1] = 10; // the newline last: the line counts only once whole
        this.pos = end;
        return;
      }
      this.rotate(); // full: the next file
    }
    if (this.fd === undefined) this.open();
    if (this.map) return this.append(line);
    if (this.fd === undefined) throw new Error('view journal unavailable until the next flush');
    fs.writeSync(this.fd, line);
  }

  private open() {
    if (this.broken) return;
    this.broken = true;
    fs.mkdirSync(this.dir, { recursive: true });
    const name = `${process.pid}-${this.stamp}-${++this.seq}.log`;
    const file = path.join(this.dir, name);
    if (this.usesMap) {
      try {
        const spare = this.spares.pop();
        if (spare) fs.renameSync(path.join(this.dir, spare.name), file); // the mapping follows the file
        this.map = spare?.map ?? mapFile(file);
        this.maps.set(name, this.map);
        this.pos = 0;
      } catch (err) {
        fs.rmSync(file, { force: true });
        this.onError(err); // this file uses write(2); the next one tries the mapping again
      }
    }
    if (!this.map) this.fd = fs.openSync(file, 'a');
    this.broken = false;
    this.onFile(name);
  }

  /**
   * Called once a file's views are in the database: the file is deleted — or, if mapped, zeroed and
   * kept as a spare that the next file takes by renaming it. A mapping is only undone when its
   * Buffer is collected, which for an old Buffer can take minutes; new files every flush would
   * keep that many mappings (and the disk space of their deleted files) meanwhile. A spare holds no
   * view: after a crash, replay finds zeros under its old name (and no marker) and counts nothing.
   */
  release(name: string) {
    const map = this.maps.get(name);
    this.maps.delete(name);
    if (map && map !== this.map && this.spares.length < MAX_SPARES) {
      map.fill(0);
      this.spares.push({ name, map });
    } else {
      fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  /** Deletes the spare files (on close). */
  dropSpares() {
    for (const { name } of this.spares.splice(0)) fs.rmSync(path.join(this.dir, name), { force: true });
  }

  /** Ends the current file: the next line starts a new one. */
  rotate() {
    this.map = undefined;
    this.pos = 0;
    this.broken = false;
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }
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
      for (const line of journalLines(fs.readFileSync(file, 'latin1'))) add(batch, line);
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
  readonly journal: ViewJournal;

  constructor(
    private readonly db: DB,
    readonly enabled: boolean,
    dir: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.journal = new ViewJournal(dir, (name) => this.pendingBatch.files.push(name), onError);
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
    if (this.enabled) this.record('business', userId);
  }

  category(categoryId: number) {
    if (this.enabled) this.record('category', categoryId);
  }

  /** One view: into the journal, then into the counts (a flush never sees one without the other). */
  private record(kind: Kind, id: number) {
    const day = kind === 'business' ? this.today() : '';
    try {
      this.journal.append(journalLine(kind, id, day));
    } catch (err) {
      // a full disk must not fail the page: the view is still counted in memory
      this.onError(err);
    }
    addView(this.pendingBatch, kind, id, day);
    this.schedule();
  }

  pending() {
    return this.pendingBatch.count;
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
    this.stop(); // this flush takes what the timer was set for; the next view sets a new one
    // one flush at a time; a flush requested meanwhile runs after it (it may have new counts)
    while (this.running) await this.running.catch(() => undefined);
    if (this.pendingBatch.count === 0) return;
    const batch = this.pendingBatch;
    this.pendingBatch = emptyBatch();
    this.journal.rotate();
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
    for (const f of batch.files) this.journal.release(f);
    if (batch.files.length) await this.db.deleteFrom('view_flushes').where('id', 'in', batch.files).execute().catch(() => undefined);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  close() {
    this.stop();
    this.journal.rotate();
    this.journal.dropSpares();
  }
}

/**
 * Passes on the first error, then at most one a minute with how many came in between: a journal
 * that cannot be written (a full disk) fails every view, and a log line per view would be a storm
 * (the counter's flush errors, retried with a growing delay, go through it too).
 */
export function oncePerMinute(report: (err: unknown, repeated: number) => void, now: () => number = Date.now): (err: unknown) => void {
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
  const replayed = await replayViewJournals(app.db, dir);
  if (replayed) app.log.warn({ replayed }, 'menu views of a stopped process written from its journal');
  const onError = oncePerMinute((err, repeated) => app.log.error({ err, repeated }, 'view counter: write failed; will retry'));
  const counter = new JournaledViewCounter(app.db, opts.enabled, dir, onError);
  if (opts.enabled && !counter.journal.usesMap) app.log.warn('view journal: write(2) per view (the optional module @riaskov/mmap-io is not installed)');
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
