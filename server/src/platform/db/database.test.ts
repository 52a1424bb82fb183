import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DB } from './database.js';

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
