import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, SQLite, walSyncOf, type DB } from './database.js';
import { CACHEABLE_SQL, prepared, STATEMENT_CACHE } from './sqlite-driver.js';
import { SLICE_MS } from './time-slice.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-stmt-'));
const dbs: DB[] = [];
afterAll(async () => {
  for (const db of dbs) await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite statement cache', () => {
  it('prepares a statement once per connection, keeps at most STATEMENT_CACHE, never a very long one', () => {
    const db = new SQLite(path.join(dir, 'cache.sqlite'));
    const other = new SQLite(path.join(dir, 'cache.sqlite'));
    try {
      const first = prepared(db, 'select 1 as n');
      expect(prepared(db, 'select 1 as n')).toBe(first);
      expect(prepared(other, 'select 1 as n')).not.toBe(first); // statements belong to their connection
      expect(first.get()).toEqual({ n: 1 });
      // STATEMENT_CACHE others push out the least recently used: the first, unless used meanwhile
      const kept = prepared(db, 'select 2 as n');
      for (let i = 0; i < STATEMENT_CACHE; i++) {
        prepared(db, `select ${i + 100} as n`);
        if (i % 10 === 0) prepared(db, 'select 2 as n');
      }
      expect(prepared(db, 'select 2 as n')).toBe(kept);
      expect(prepared(db, 'select 1 as n')).not.toBe(first);
      const long = `select 1 as n /* ${'x'.repeat(CACHEABLE_SQL)} */`;
      expect(prepared(db, long)).not.toBe(prepared(db, long));
    } finally {
      db.close();
      other.close();
    }
  });

  it('a kept statement sees a changed table (SQLite prepares it again after a schema change)', async () => {
    const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'schema-')) });
    dbs.push(db);
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'x'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1, b: 'x' }]);
    await sql`drop table t`.execute(db);
    await expect(sql`select * from t`.execute(db)).rejects.toThrow(/no such table/);
  });
});

describe('group commit of the WAL (WalSync)', () => {
  it('acknowledges each commit after an fdatasync of the WAL, shares one among commits that arrive together', async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, 'wal-'));
    const db = createDb({ dataDir });
    dbs.push(db);
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0].synchronous).toBe(1); // NORMAL: the disk is waited for by WalSync
    await sql`create table t (n integer)`.execute(db);
    const wal = walSyncOf(db)!;
    const before = wal.syncs;
    // one commit: one fdatasync before its answer
    await db.insertInto('t' as never).values({ n: 1 }).execute();
    expect(wal.syncs).toBe(before + 1);
    // 50 commits at once (transactions and autocommit writes): far fewer fdatasyncs than commits
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? db.transaction().execute((trx) => sql`insert into t values (${i})`.execute(trx)) : sql`insert into t values (${i})`.execute(db),
      ),
    );
    expect(wal.syncs - before - 1).toBeGreaterThanOrEqual(1);
    expect(wal.syncs - before - 1).toBeLessThan(50);
    expect((await sql<{ c: number }>`select count(*) as c from t`.execute(db)).rows[0].c).toBe(51);
    // reads cost no fdatasync
    const n = wal.syncs;
    await sql`select * from t`.execute(db);
    expect(wal.syncs).toBe(n);
  });
});

describe('time slices of the app connection (time-slice.ts)', () => {
  /** Runs `n` reads one after the other, as a request's queries are; whether a timer set before them ran meanwhile. */
  async function chain(db: DB, n: number, work: string) {
    let served = 0;
    const timer = setTimeout(() => (served = performance.now()), 0);
    const started = performance.now();
    for (let i = 0; i < n; i++) await sql.raw(work).execute(db);
    const ended = performance.now();
    clearTimeout(timer);
    return { served, started, ended };
  }

  it('a long chain of synchronous queries lets the event loop serve what waits at least every few milliseconds', async () => {
    const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'slice-')) });
    dbs.push(db);
    // each query ≈ tens of microseconds; 3,000 of them run far longer than a slice
    const { served, started, ended } = await chain(db, 3000, 'select count(*) from (with recursive c(x) as (select 1 union all select x + 1 from c where x < 200) select x from c)');
    expect(ended - started).toBeGreaterThan(SLICE_MS * 5);
    // without slices the timer (a diner's request waiting) would run only after the whole chain
    expect(served).toBeGreaterThan(0);
    expect(served - started).toBeLessThan((ended - started) / 2);
  });

  it('a short chain (one request) runs to its end without waiting for the loop', async () => {
    const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'slice-short-')) });
    dbs.push(db);
    await sql`select 1`.execute(db);
    await new Promise((r) => setImmediate(r)); // a fresh slice
    const { served } = await chain(db, 5, 'select 1');
    expect(served).toBe(0);
  });
});
