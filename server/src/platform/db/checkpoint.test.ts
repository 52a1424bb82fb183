import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointerOf, createDb, type DB } from './database.js';

/** SQLite only, whatever the run's DATABASE_URL: the WAL checkpoint off the event loop (checkpoint.ts). */
const dirs: string[] = [];
const dbs: DB[] = [];
const fresh = (checkpointEveryMs: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-checkpoint-'));
  dirs.push(dir);
  const db = createDb({ dataDir: dir, checkpointEveryMs });
  dbs.push(db);
  return { db, file: path.join(dir, 'qrmenu.sqlite') };
};
afterAll(async () => {
  for (const db of dbs) await db.destroy();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Writes ~6 MB (1,500+ pages, past SQLite's 1,000-page automatic checkpoint) through the app's connection. */
async function writeMuch(db: DB) {
  await sql`create table if not exists blob_rows (id integer primary key, body text not null)`.execute(db);
  const body = 'x'.repeat(4000);
  for (let i = 0; i < 3; i++) {
    await db.transaction().execute(async (trx) => {
      for (let j = 0; j < 500; j++) await sql`insert into blob_rows (body) values (${body})`.execute(trx);
    });
  }
}

describe('SQLite WAL checkpoints', () => {
  it("the app's connection never checkpoints on the event loop; the checkpointer copies the WAL in a worker thread", async () => {
    const { db, file } = fresh(0);
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint).toBe(0);
    await sql`create table t (id integer primary key)`.execute(db);
    const before = fs.statSync(file).size;
    await writeMuch(db);
    // past 1,000 pages of WAL and nothing copied into the database file by the committing connection
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1000 * 4096);
    expect(fs.statSync(file).size).toBe(before);
    const checkpointer = checkpointerOf(db)!;
    await checkpointer.now();
    expect(checkpointer.runs).toBe(1);
    expect(fs.statSync(file).size).toBeGreaterThan(before + 5_000_000);
    // every row is there, read through the app's connection
    expect(Number((await sql<{ n: number }>`select count(*) as n from blob_rows`.execute(db)).rows[0].n)).toBe(1500);
  });

  it('runs by itself while the WAL is being written, and not when nothing was written', async () => {
    const { db } = fresh(50);
    await writeMuch(db);
    const checkpointer = checkpointerOf(db)!;
    const deadline = Date.now() + 10_000;
    while (checkpointer.runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(checkpointer.runs).toBeGreaterThan(0);
    // nothing written since: the ticks find the WAL unchanged
    await new Promise((r) => setTimeout(r, 150));
    const runs = checkpointer.runs;
    await new Promise((r) => setTimeout(r, 300));
    expect(checkpointer.runs).toBe(runs);
  });
});
