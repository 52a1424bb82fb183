import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkWriteOpen, bulkWriter, createDb, openSqliteConnection, writeOffThread, type DB } from './database.js';

/**
 * SQLite with two connections on one file, as two processes of the product share it (the
 * multi-process stress tests): whatever the test run's DATABASE_URL, this is about SQLite.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-sqlite-tx-'));
const dbs: DB[] = [];
afterAll(async () => {
  for (const db of dbs) await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite transactions', () => {
  it('a transaction that reads, then writes, commits although another connection tried to write in between', async () => {
    const [mine, other] = [createDb({ dataDir: dir }), createDb({ dataDir: dir })];
    dbs.push(mine, other);
    await sql`create table counter (id integer primary key, n integer not null)`.execute(mine);
    await sql`insert into counter values (1, 0)`.execute(mine);
    // the other "process" waits for the lock only 50 ms here: in one thread it cannot get it meanwhile
    await sql`pragma busy_timeout = 50`.execute(other);

    let otherWrote: boolean | undefined;
    await mine.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      otherWrote = await sql`update counter set n = n + 10 where id = 1`.execute(other).then(() => true, () => false);
      await sql`update counter set n = ${rows[0].n + 1} where id = 1`.execute(trx);
    });
    // the other writer had to wait for this transaction (it held the write lock from its BEGIN)…
    expect(otherWrote).toBe(false);
    // …and writes after it: nothing lost on either side
    await sql`update counter set n = n + 10 where id = 1`.execute(other);
    expect((await sql<{ n: number }>`select n from counter`.execute(mine)).rows[0].n).toBe(11);
  });
});

describe('SQLite bulk writer (bulkWriter: its own connection to the file)', () => {
  it("the app's reads go on during its transaction; the app's writes wait for it without blocking the event loop", async () => {
    const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'bulk-')) });
    dbs.push(db);
    await sql`create table item (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into item (n) values (1)`.execute(db);
    const count = async () => (await sql<{ c: number }>`select count(*) as c from item`.execute(db)).rows[0].c;

    let releaseBulk!: () => void;
    const holding = new Promise<void>((resolve) => (releaseBulk = resolve));
    const order: string[] = [];
    const bulk = bulkWriter(db).transaction().execute(async (trx) => {
      for (let i = 0; i < 50; i++) await sql`insert into item (n) values (${i})`.execute(trx);
      order.push('bulk wrote');
      await holding; // the transaction stays open while the app works
      order.push('bulk commits');
    });
    while (order.length === 0) await new Promise((r) => setTimeout(r, 1));

    // reads: at once, and they see the state before the bulk write (never a part of it)
    const t0 = performance.now();
    expect(await count()).toBe(1);
    expect(performance.now() - t0).toBeLessThan(50);
    // writes (autocommit and a transaction) wait for the bulk writer, asynchronously
    const write = sql`insert into item (n) values (100)`.execute(db).then(() => order.push('app wrote'));
    const tx = db.transaction().execute(async (trx) => {
      await sql`insert into item (n) values (101)`.execute(trx);
      order.push('app transaction');
    });
    const timer = await new Promise<number>((resolve) => {
      const start = performance.now();
      setTimeout(() => resolve(performance.now() - start), 5);
    });
    expect(timer).toBeLessThan(100); // the event loop turned meanwhile
    expect(await count()).toBe(1); // and reads still go on while a write waits
    releaseBulk();
    await Promise.all([bulk, write, tx]);
    // both of the app's writes after the bulk commit (in either order: each waits for its WAL sync with the connection let go)
    expect(order.slice(0, 2)).toEqual(['bulk wrote', 'bulk commits']);
    expect(order.slice(2).sort()).toEqual(['app transaction', 'app wrote']);
    expect(await count()).toBe(53);
  });

  it('a failing bulk transaction changes nothing, and the app writes after it', async () => {
    const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'bulk-')) });
    dbs.push(db);
    await sql`create table item (id integer primary key, n integer not null check (n < 1000))`.execute(db);
    const failed = bulkWriter(db).transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i++) await sql`insert into item (n) values (${i})`.execute(trx);
      await sql`insert into item (n) values (5000)`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/CHECK/i);
    await sql`insert into item (n) values (7)`.execute(db);
    expect((await sql<{ n: number }>`select n from item`.execute(db)).rows).toEqual([{ n: 7 }]);
    // and the bulk writer writes again
    await bulkWriter(db).transaction().execute((trx) => sql`insert into item (n) values (8)`.execute(trx));
    expect((await sql<{ c: number }>`select count(*) as c from item`.execute(db)).rows[0].c).toBe(2);
  });
});

describe('SQLite write off the thread (writeOffThread: another connection writes while this process holds its turn)', () => {
  it("runs `elsewhere` with the data folder; the app's reads go on, its writes wait for the end; `here` inside a transaction", async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, 'off-'));
    const db = createDb({ dataDir });
    dbs.push(db);
    await sql`create table item (id integer primary key, n integer not null)`.execute(db);
    const count = async () => (await sql<{ c: number }>`select count(*) as c from item`.execute(db)).rows[0].c;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const write = writeOffThread(
      db,
      async (folder) => {
        expect(folder).toBe(dataDir);
        // another connection to the file (as the worker thread opens it)
        const other = openSqliteConnection(folder);
        try {
          await other.transaction().execute(async (trx) => {
            for (let i = 0; i < 20; i++) await sql`insert into item (n) values (${i})`.execute(trx);
            order.push('elsewhere wrote');
            await held;
          });
        } finally {
          await other.destroy();
        }
        order.push('elsewhere done');
        return 'ok';
      },
      async () => 'here',
    );
    while (order.length === 0) await new Promise((r) => setTimeout(r, 1));
    expect(bulkWriteOpen(db)).toBe(true);
    expect(await count()).toBe(0); // read at once, before the write
    const appWrite = sql`insert into item (n) values (100)`.execute(db).then(() => order.push('app wrote'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['elsewhere wrote']); // the app's write waits (asynchronously)
    release();
    expect(await write).toBe('ok');
    await appWrite;
    expect(order).toEqual(['elsewhere wrote', 'elsewhere done', 'app wrote']);
    expect(await count()).toBe(21);
    expect(bulkWriteOpen(db)).toBe(false);
    // inside a transaction (or on PostgreSQL) the write runs here
    expect(await db.transaction().execute((trx) => writeOffThread(trx, async () => 'elsewhere', async () => 'here'))).toBe('here');
  });
});
