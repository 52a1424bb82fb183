import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_AGE_MS } from './checkpoint.js';
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

/** Writes ~6 MB (1,500+ pages, past SQLite's 1,000-page automatic checkpoint; by default) through the app's connection. */
async function writeMuch(db: DB, transactions = 3, rows = 500) {
  await sql`create table if not exists blob_rows (id integer primary key, body text not null)`.execute(db);
  const body = 'x'.repeat(4000);
  for (let i = 0; i < transactions; i++) {
    await db.transaction().execute(async (trx) => {
      for (let j = 0; j < rows; j++) await sql`insert into blob_rows (body) values (${body})`.execute(trx);
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

  it('holds the write turn: writes asked for meanwhile wait, the whole WAL is copied, and the next commit starts it over', async () => {
    const { db } = fresh(0);
    await writeMuch(db);
    const checkpointer = checkpointerOf(db)!;
    let done = false;
    const running = checkpointer.now().then(() => (done = true));
    // an app that keeps writing while the checkpoint runs (an owner's edits, the views' flushes)
    let writes = 0;
    const writer = (async () => {
      while (!done) {
        await sql`insert into blob_rows (body) values ('y')`.execute(db);
        writes++;
      }
    })();
    await running;
    await writer;
    expect(writes).toBeGreaterThan(0);
    expect(checkpointer.last).toMatchObject({ busy: 0 });
    expect(checkpointer.last!.log).toBeGreaterThan(1500);
    expect(checkpointer.last!.checkpointed).toBe(checkpointer.last!.log);
    // the writes made since began the WAL again from its first frame: a checkpoint now finds only them
    await sql`insert into blob_rows (body) values ('z')`.execute(db);
    await checkpointer.now();
    expect(checkpointer.last!.log).toBeLessThan(50);
    expect(Number((await sql<{ n: number }>`select count(*) as n from blob_rows`.execute(db)).rows[0].n)).toBe(1501 + writes);
  });

  it('runs again after the WAL has started over, when its file no longer grows (CHECKPOINT_AGE_MS)', async () => {
    const { db, file } = fresh(20);
    const checkpointer = checkpointerOf(db)!;
    const waitRuns = async (n: number) => {
      const deadline = Date.now() + 10_000;
      while (checkpointer.runs < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return checkpointer.runs;
    };
    await writeMuch(db, 1, 1600); // one transaction: the WAL's file holds 1,600 pages
    expect(await waitRuns(1)).toBeGreaterThanOrEqual(1);
    await checkpointer.now(); // all of the WAL copied: the next commit starts it over
    await sql`insert into blob_rows (body) values ('z')`.execute(db);
    await checkpointer.now();
    expect(checkpointer.last!.log).toBeLessThan(50);
    const size = fs.statSync(`${file}-wal`).size;
    const runs = checkpointer.runs;
    // 1,100 pages more, from the WAL's first frame: within the file's size, which does not change
    await writeMuch(db, 2, 550);
    const wrote = Date.now();
    expect(fs.statSync(`${file}-wal`).size).toBe(size);
    expect(await waitRuns(runs + 1)).toBeGreaterThan(runs);
    expect(Date.now() - wrote).toBeLessThan(CHECKPOINT_AGE_MS + 3000);
  });
});
