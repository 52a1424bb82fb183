import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CompiledQuery, SelectQueryNode, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';

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
  constructor(protected readonly db: Sqlite, protected readonly gate: WriteGate) {
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
    return Promise.resolve();
  }
  protected abstract takeGate(): Promise<void>;
  protected endTransaction() {
    this.inTransaction = false;
    this.gate.unlock();
  }
  destroy() {
    this.db.close();
    return Promise.resolve();
  }
}

/**
 * The app's connection. Its reads never wait for the bulk writer; its writes wait (asynchronously,
 * with the connection let go so reads go on meanwhile) while the bulk writer holds the gate.
 */
export class AppSqliteDriver extends GatedDriver {
  constructor(db: Sqlite, gate: WriteGate, private readonly onDestroy: () => Promise<void>) {
    super(db, gate);
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
    if (!this.inTransaction && this.gate.bulkHeld) {
      // an autocommit write while the bulk writer holds the write lock: wait for its end
      if (!prepared(this.db, q.sql).readonly) while (this.gate.bulkHeld) await this.waitForGate(false);
    }
    return run(this.db, q);
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
