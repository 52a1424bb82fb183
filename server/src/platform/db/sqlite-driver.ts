import fsp from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CompiledQuery, SelectQueryNode, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { sliceTurn } from './time-slice.js';

/**
 * SQLite drivers for one database file opened twice in this process: the app's connection (every
 * request) and a bulk writer's own connection (big imports and bulk price changes).
 *
 * With one connection, a transaction holds it until it commits, and every read of the menu waits.
 * The bulk writer's transaction runs on its own connection instead; WAL lets the app's reads go on
 * beside it, and its statements yield to the event loop between them. Only one connection of a
 * file may write at a time: `WriteGate` hands the write turn over without blocking the event loop
 * (better-sqlite3's busy handler would sleep the whole thread, and the writer that holds the lock
 * lives on that thread too).
 */

/** A FIFO lock that can be waited on asynchronously. */
class Lock {
  #queue: Array<() => void> = [];
  #held = false;
  get held() {
    return this.#held;
  }
  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#queue.push(resolve));
  }
  unlock() {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** The write turn of one database file, shared by its connections in this process. */
export class WriteGate extends Lock {
  #bulkDone: Promise<void> | undefined;
  #endBulk: (() => void) | undefined;
  /** The bulk writer holds it (from its BEGIN to its COMMIT or ROLLBACK). */
  get bulkHeld() {
    return this.#bulkDone !== undefined;
  }
  /** Resolves when the bulk writer's transaction has ended. */
  get bulkDone() {
    return this.#bulkDone ?? Promise.resolve();
  }
  startBulk() {
    this.#bulkDone = new Promise((resolve) => (this.#endBulk = resolve));
  }
  endBulk() {
    this.#endBulk?.();
    this.#bulkDone = this.#endBulk = undefined;
  }
  /** Runs `fn` holding the write turn as the bulk writer does: the app's writes, autocommit ones included, wait for its end. */
  async asBulk<T>(fn: () => Promise<T>): Promise<T> {
    await this.lock();
    this.startBulk();
    try {
      return await fn();
    } finally {
      this.endBulk();
      this.unlock();
    }
  }
}

/**
 * Group commit of the write-ahead log, off the event loop. The app's connections run with
 * `synchronous = NORMAL` (a commit appends to the WAL without waiting for the disk) and every
 * commit then waits for `sync()`: one fdatasync(2) of the WAL file in libuv's thread pool. An
 * fdatasync covers every commit appended before it started, so commits that arrive while one runs
 * share the next. A write is acknowledged only after its fdatasync: it survives a power loss as with
 * `synchronous = FULL`, but the event loop never waits for the disk. (Checkpoints sync the WAL and
 * the database file themselves under NORMAL.)
 */
export class WalSync {
  #handle: Promise<fsp.FileHandle> | undefined;
  #current: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  /** fdatasync calls made, for tests. */
  syncs = 0;
  constructor(private readonly wal: string) {}

  /** Resolves once every commit made before this call is on disk. */
  sync(): Promise<void> {
    if (this.#next) return this.#next;
    if (!this.#current) {
      this.#current = this.#flush().finally(() => (this.#current = undefined));
      return this.#current;
    }
    // the running fdatasync may have started before this commit: the next one covers it (and all that come meanwhile)
    this.#next = this.#current.catch(() => undefined).then(() => {
      this.#next = undefined;
      return this.sync();
    });
    return this.#next;
  }

  async #flush() {
    this.#handle ??= fsp.open(this.wal, 'r');
    let handle: fsp.FileHandle;
    try {
      handle = await this.#handle;
    } catch (err) {
      this.#handle = undefined;
      // no WAL file: nothing was written through one (a statement that wrote nothing)
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    this.syncs++;
    await handle.datasync();
  }

  async close() {
    await this.#current?.catch(() => undefined);
    const h = this.#handle;
    this.#handle = undefined;
    await (await h?.catch(() => undefined))?.close();
  }
}

type Sqlite = BetterSqlite3.Database;

/**
 * Prepared statements kept per connection, by their SQL (a statement cache, as most database
 * drivers keep): the app sends the same few hundred statements again and again, and preparing one
 * costs as much as running it. Least recently used ones go past STATEMENT_CACHE; very long SQL
 * (a bulk change's `CASE id WHEN …` of 200 products) is prepared each time and not kept. Only
 * `run` uses them: it runs a statement to its end at once, so a cached one is never busy.
 */
export const STATEMENT_CACHE = 256;
export const CACHEABLE_SQL = 4096;
const statements = new WeakMap<Sqlite, Map<string, BetterSqlite3.Statement>>();

export function prepared(db: Sqlite, sql: string): BetterSqlite3.Statement {
  if (sql.length > CACHEABLE_SQL) return db.prepare(sql);
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map<string, BetterSqlite3.Statement>()));
  let stmt = cache.get(sql);
  if (stmt) {
    // most recently used last (a Map keeps insertion order)
    cache.delete(sql);
    cache.set(sql, stmt);
    return stmt;
  }
  stmt = db.prepare(sql);
  cache.set(sql, stmt);
  if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
  return stmt;
}

function run(db: Sqlite, compiled: CompiledQuery): QueryResult<unknown> {
  const stmt = prepared(db, compiled.sql);
  if (stmt.reader) return { rows: stmt.all(compiled.parameters) };
  const { changes, lastInsertRowid } = stmt.run(compiled.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

abstract class GatedDriver implements Driver {
  protected readonly mutex = new Lock();
  protected inTransaction = false;
  protected readonly connection: DatabaseConnection;
  constructor(protected readonly db: Sqlite, protected readonly gate: WriteGate, protected readonly wal?: WalSync) {
    this.connection = {
      executeQuery: <R>(q: CompiledQuery) => this.execute(q) as Promise<QueryResult<R>>,
      streamQuery: <R>(q: CompiledQuery) => this.stream(q) as AsyncIterableIterator<QueryResult<R>>,
    };
  }
  protected abstract execute(q: CompiledQuery): Promise<QueryResult<unknown>>;
  stream(q: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    if (!SelectQueryNode.is(q.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const rows = this.db.prepare(q.sql).iterate(q.parameters);
    return (async function* () {
      for (const row of rows) yield await Promise.resolve({ rows: [row] });
    })();
  }
  init() {
    return Promise.resolve();
  }
  async acquireConnection() {
    await this.mutex.lock();
    return this.connection;
  }
  releaseConnection() {
    this.mutex.unlock();
    return Promise.resolve();
  }
  async beginTransaction() {
    await this.takeGate();
    this.inTransaction = true;
    try {
      run(this.db, CompiledQuery.raw('begin immediate'));
    } catch (err) {
      this.endTransaction();
      throw err;
    }
  }
  commitTransaction() {
    return this.end('commit');
  }
  rollbackTransaction() {
    return this.end('rollback');
  }
  private end(command: 'commit' | 'rollback') {
    try {
      run(this.db, CompiledQuery.raw(command));
    } finally {
      this.endTransaction();
    }
    // the write turn is free again; the commit is acknowledged once the WAL is on disk (group commit)
    return command === 'commit' && this.wal ? this.durable(this.wal) : Promise.resolve();
  }
  /**
   * Waits for the WAL's fdatasync with the connection let go: other statements (reads, and writes
   * whose commits join the next fdatasync) go on meanwhile; the caller gets the connection back.
   */
  protected async durable(wal: WalSync) {
    this.mutex.unlock();
    try {
      await wal.sync();
    } finally {
      await this.mutex.lock();
    }
  }
  protected abstract takeGate(): Promise<void>;
  protected endTransaction() {
    this.inTransaction = false;
    this.gate.unlock();
  }
  async destroy() {
    this.db.close();
    await this.wal?.close();
  }
}

/**
 * The app's connection. Its reads never wait for the bulk writer; its writes wait (asynchronously,
 * with the connection let go so reads go on meanwhile) while the bulk writer holds the gate.
 */
export class AppSqliteDriver extends GatedDriver {
  constructor(db: Sqlite, gate: WriteGate, private readonly onDestroy: () => Promise<void>, wal?: WalSync) {
    super(db, gate, wal);
  }
  /** Waits for the gate without holding the connection (the caller holds it and gets it back). */
  private async waitForGate(take: boolean) {
    this.mutex.unlock();
    try {
      if (take) await this.gate.lock();
      else await this.gate.bulkDone;
    } finally {
      await this.mutex.lock();
    }
  }
  protected async takeGate() {
    if (!this.gate.held) return this.gate.lock();
    await this.waitForGate(true);
  }
  protected async execute(q: CompiledQuery) {
    const write = !this.inTransaction && !prepared(this.db, q.sql).readonly;
    // an autocommit write while the bulk writer holds the write lock: wait for its end
    if (write) while (this.gate.bulkHeld) await this.waitForGate(false);
    const result = run(this.db, q);
    // an autocommit write is a commit: acknowledged once the WAL is on disk
    if (write && this.wal) await this.durable(this.wal);
    return result;
  }
  /** Each query first waits for its turn when the loop's time slice is spent (time-slice.ts). */
  override async acquireConnection() {
    await sliceTurn();
    return super.acquireConnection();
  }
  override async destroy() {
    await this.onDestroy();
    await super.destroy();
  }
}

/** The bulk writer's own connection: every statement first lets the event loop serve what waits. */
export class BulkSqliteDriver extends GatedDriver {
  protected async takeGate() {
    await this.gate.lock();
    this.gate.startBulk();
  }
  protected override endTransaction() {
    this.gate.endBulk();
    super.endTransaction();
  }
  protected async execute(q: CompiledQuery) {
    if (!this.inTransaction) throw new Error('the bulk writer writes in transactions only');
    await yieldToLoop();
    return run(this.db, q);
  }
}
