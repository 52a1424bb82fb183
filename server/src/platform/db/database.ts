import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, type LogEvent, PostgresAdapter, PostgresDialect, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Driver, type Kysely as KyselyT } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { foldTurkish as foldSearchText } from '@qrmenu/contract';
import { AppSqliteDriver, BulkSqliteDriver, WalSync, WriteGate } from './sqlite-driver.js';
import { Checkpointer } from './checkpoint.js';

/**
 * better-sqlite3 13 (Node-API) where it is installed (Node ≥ 22): 12 is built on node::ObjectWrap,
 * which aborts Node 24 when a collected statement is destroyed; 13 does not run on Node 20.
 */
function loadSqlite(): typeof import('better-sqlite3') {
  const require = createRequire(import.meta.url);
  if (Number(process.versions.node.split('.')[0]) >= 22) {
    try {
      return require('better-sqlite3-napi') as typeof import('better-sqlite3');
    } catch {
      // not installed (an install made under Node 20): fall back to 12
    }
  }
  return require('better-sqlite3') as typeof import('better-sqlite3');
}
/** The better-sqlite3 constructor this process uses (backups open the file with it too). */
export const SQLite = loadSqlite();

export type DB = KyselyT<Database>;
export type Dialect = 'sqlite' | 'postgres';

// COUNT(*) and SUM() come back from PostgreSQL as int8 strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Counters of one database handle, read by /metrics: plain numbers, two additions per query.
 * Constraint violations are counted apart (the app expects some, e.g. a slug already taken).
 */
export interface DbStats {
  queries: number;
  seconds: number;
  errors: number;
  constraintErrors: number;
  /** PostgreSQL: connections that could not be made, or broke while idle (a server restart, a network cut). */
  connectionErrors: number;
  /** PostgreSQL only: the connection pool (its total, idle and waiting counts). */
  pool?: pg.Pool;
}
const STATS = new WeakMap<object, DbStats>();
/** The counters of a handle made by `createDb`. */
export const dbStats = <T>(db: KyselyT<T>): DbStats | undefined => STATS.get(db);

function counting(stats: DbStats) {
  return (e: LogEvent) => {
    stats.queries++;
    stats.seconds += e.queryDurationMillis / 1000;
    if (e.level === 'error') {
      if (isConstraintViolation(e.error)) stats.constraintErrors++;
      else stats.errors++;
    }
  };
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: how often the WAL is checkpointed in a worker thread while written (checkpoint.ts); 1,000 ms by default, 0 never. */
  checkpointEveryMs?: number;
}

/**
 * One Kysely instance per process. SQLite runs in WAL; every commit is acknowledged only after an
 * fdatasync of the WAL (`WalSync`: a group commit in libuv's thread pool, the app's connections at
 * synchronous=NORMAL): an acknowledged write survives a crash or power loss, and the event loop
 * never waits for the disk.
 */
export function createDb(opts: DbOptions): DB {
  const stats: DbStats = { queries: 0, seconds: 0, errors: 0, constraintErrors: 0, connectionErrors: 0 };
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle client that loses its server (a restart of PostgreSQL) must not crash the process
    pool.on('error', () => void stats.connectionErrors++);
    // a connection that cannot be made fails before any statement (Kysely's log does not see it)
    const connect = pool.connect.bind(pool);
    pool.connect = (async () => {
      try {
        return await connect();
      } catch (err) {
        stats.connectionErrors++;
        throw err;
      }
    }) as typeof pool.connect;
    stats.pool = pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: counting(stats) });
    STATS.set(db, stats);
    return db;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = sqliteFile(opts.dataDir);
  const gate = new WriteGate();
  let bulk: DB | undefined;
  // one group commit for the file: the app's and the bulk writer's commits share its fdatasyncs
  const wal = new WalSync(`${file}-wal`);
  const checkpointer = new Checkpointer(file, opts.checkpointEveryMs ?? 1000, gate);
  const app = new AppSqliteDriver(openSqlite(file, 'NORMAL'), gate, async () => {
    await checkpointer.close();
    await bulk?.destroy();
  }, wal);
  const db = sqliteKysely(app, stats);
  STATS.set(db, stats);
  BULK.set(db, () => (bulk ??= sqliteKysely(new BulkSqliteDriver(openSqlite(file, 'NORMAL'), gate, wal), stats)));
  GATES.set(db, gate);
  WALS.set(db, wal);
  DATA_DIRS.set(db, opts.dataDir);
  CHECKPOINTERS.set(db, checkpointer);
  return db;
}

const sqliteFile = (dataDir: string) => path.join(dataDir, 'qrmenu.sqlite');

/**
 * A connection to the SQLite file of `dataDir` for a big write or read in another thread (a worker
 * of `writeOffThread` or `readOffThread`): one connection, its transactions on it, no bulk writer
 * of its own. For a write, the thread that asked for it holds its process's write turn meanwhile.
 */
export function openSqliteConnection(dataDir: string): DB {
  const stats: DbStats = { queries: 0, seconds: 0, errors: 0, constraintErrors: 0, connectionErrors: 0 };
  return sqliteKysely(new AppSqliteDriver(openSqlite(sqliteFile(dataDir)), new WriteGate(), async () => {}), stats);
}

/**
 * A big owner write (an import, a bulk price change, its undo) off the event loop. On SQLite,
 * `elsewhere(dataDir)` runs it in a worker thread on that thread's own connection
 * (`openSqliteConnection`) while this process's write turn is held for it: the app's reads go on
 * (WAL), its own writes wait asynchronously, as for `bulkWriter`; the statements, the fsync of the
 * commit and the planning never take the event loop. On PostgreSQL, or inside a transaction,
 * `here()` runs it as before (PostgreSQL works in its own process).
 */
/**
 * A big owner read (an export of the whole menu) off the event loop: on SQLite `elsewhere(dataDir)`
 * reads in a worker thread on its own connection (WAL: one consistent snapshot, the app's writes go
 * on); on PostgreSQL, or inside a transaction, `here()`.
 */
export function readOffThread<T>(db: DB, elsewhere: (dataDir: string) => Promise<T>, here: () => Promise<T>): Promise<T> {
  const dir = DATA_DIRS.get(db);
  return dir && !db.isTransaction ? elsewhere(dir) : here();
}

export async function writeOffThread<T>(db: DB, elsewhere: (dataDir: string) => Promise<T>, here: () => Promise<T>): Promise<T> {
  const dir = DATA_DIRS.get(db);
  const gate = GATES.get(db);
  if (!dir || !gate || db.isTransaction) return here();
  return gate.asBulk(() => elsewhere(dir));
}

/**
 * `synchronous`: FULL waits for the disk at each commit (a worker thread's connection); NORMAL
 * leaves that to the app's group commit (`WalSync`), which waits for it off the event loop.
 */
function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL' = 'FULL') {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  // the event loop's connections never checkpoint themselves: checkpoint.ts does it in a worker thread
  if (synchronous === 'NORMAL') sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  // the diner's search folds text as the JavaScript side does (fold.ts)
  sqlite.function('qr_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? foldSearchText(t) : t));
  return sqlite;
}

/**
 * SQLite transactions begin IMMEDIATE (take the write lock at BEGIN, waiting up to busy_timeout):
 * a deferred one that reads before writing fails at once with SQLITE_BUSY when another process
 * wrote in between.
 */
function sqliteKysely(driver: Driver, stats: DbStats): DB {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: counting(stats),
  });
}

const BULK = new WeakMap<object, () => DB>();
const DATA_DIRS = new WeakMap<object, string>();
const WALS = new WeakMap<object, WalSync>();
const CHECKPOINTERS = new WeakMap<object, Checkpointer>();
/** The WAL checkpointer of a SQLite handle made by `createDb` (for tests and diagnostics). */
export const checkpointerOf = (db: DB): Checkpointer | undefined => CHECKPOINTERS.get(db);
/** The group commit of a SQLite handle made by `createDb` (for tests and diagnostics). */
export const walSyncOf = (db: DB): WalSync | undefined => WALS.get(db);
const GATES = new WeakMap<object, WriteGate>();
/** True while `bulkWriter(db)`'s transaction is open (SQLite; for tests and diagnostics). */
export const bulkWriteOpen = (db: DB): boolean => GATES.get(db)?.bulkHeld ?? false;
/**
 * The handle for a big owner write (an import, a bulk price change): on SQLite a second connection
 * to the same file whose transaction neither holds up the app's reads (WAL) nor blocks the event
 * loop in one piece (see sqlite-driver.ts); on PostgreSQL, and inside a transaction, `db` itself.
 */
export function bulkWriter(db: DB): DB {
  if (db.isTransaction) return db;
  return BULK.get(db)?.() ?? db;
}

export function dialectOf<T>(db: KyselyT<T>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** True for any constraint violation (unique, foreign key, check, not null) on either dialect. */
function isConstraintViolation(err: unknown): boolean {
  const code = String((err as { code?: string })?.code ?? '');
  return code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code);
}

/** True for a unique-index violation on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505';
}

/** Runs `work` in `db` when it is already a transaction (the caller's, e.g. an audited write), else in a new one. */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
