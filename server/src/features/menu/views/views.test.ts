import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { istanbulDay } from '@qrmenu/contract';
import { buildApp } from '../../../app.js';
import { MARKER_KEEP_MS, oncePerMinute } from './views.js';
import { journalLines, replayViewJournals, ViewJournal } from './view-journal.js';
import { buildTestApp, RELAXED_LIMITS, type TestApp } from '../../../../test/helpers.js';
import { addCategory, createBusiness } from '../../../../test/menu-helpers.js';

/**
 * View counting: a 2xx GET of /qr/{company} or getCategory → +1 business view
 * (settings.count and today's daily_views row); a 2xx GET of a category page or getProduct → +1
 * category view. Batched in memory, flushed in one transaction; N opens → exactly +N.
 */
let t: TestApp;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let catId: number;

beforeAll(async () => {
  t = await buildTestApp();
  biz = await createBusiness(t.app, 'Sayaç Kafe');
  catId = (await addCategory(t.app, biz.token, { name: 'Çorbalar' })).id;
});
afterAll(async () => t.close());

async function counts(db = t.db, userId = biz.userId, categoryId = catId) {
  const s = await db.selectFrom('settings').select('count').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const d = await db.selectFrom('daily_views').select('count').where('user_id', '=', userId).where('day', '=', istanbulDay()).executeTakeFirst();
  const c = await db.selectFrom('categories').select('count').where('id', '=', categoryId).executeTakeFirstOrThrow();
  return { business: Number(s.count), daily: Number(d?.count ?? 0), category: Number(c.count) };
}

describe('view counting', () => {
  it('N concurrent opens raise the counters by exactly N (cache hits included)', async () => {
    const before = await counts();
    const N = 60;
    const urls = [
      ...Array.from({ length: N / 2 }, () => `/qr/${biz.slug}`),
      ...Array.from({ length: N / 2 }, () => `/api/getCategory/${biz.slug}`),
    ];
    const M = 40;
    const catUrls = [
      ...Array.from({ length: M / 2 }, () => `/qr/${biz.slug}/category/${catId}`),
      ...Array.from({ length: M / 2 }, () => `/api/getProduct/${catId}`),
    ];
    const responses = await Promise.all([...urls, ...catUrls].map((url) => t.app.inject({ url })));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await t.app.views.flush();
    const after = await counts();
    expect(after.business - before.business).toBe(N);
    expect(after.daily - before.daily).toBe(N);
    expect(after.category - before.category).toBe(M); // category views do not count the business again
    expect(t.app.views.pending()).toBe(0);
  });

  it('counts a 304 (an open served from the browser\'s copy), not the category list, 404s or HEAD', async () => {
    const before = await counts();
    const etag = (await t.app.inject({ url: `/qr/${biz.slug}` })).headers.etag as string; // +1
    const again = await t.app.inject({ url: `/qr/${biz.slug}`, headers: { 'if-none-match': etag } }); // 304: +1
    expect(again.statusCode).toBe(304);
    await t.app.inject({ method: 'HEAD', url: `/qr/${biz.slug}` });
    await t.app.inject({ url: `/qr/${biz.slug}/category` });
    await t.app.inject({ url: `/qr/${biz.slug}/category/999999` });
    await t.app.inject({ url: '/api/getCategory/yok-boyle' });
    await t.app.inject({ url: '/api/getProduct/999999' });
    await t.app.views.flush();
    const after = await counts();
    expect(after.business - before.business).toBe(2);
    expect(after.category - before.category).toBe(0);
  });

  it('drops without error the views of a business deleted before the flush', async () => {
    const gone = await createBusiness(t.app, 'Kapanan Kafe');
    await t.app.inject({ url: `/qr/${gone.slug}` });
    await t.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    await expect(t.app.views.flush()).resolves.toBeUndefined();
    expect(t.app.views.pending()).toBe(0);
  });

  it('flushes pending views when the app closes (a graceful restart loses nothing)', async () => {
    const other = await buildTestApp();
    const b = await createBusiness(other.app, 'Kapanış Kafe');
    for (let i = 0; i < 7; i++) await other.app.inject({ url: `/qr/${b.slug}` });
    expect(other.app.views.pending()).toBe(7);
    await other.app.close(); // no explicit flush
    const s = await other.db.selectFrom('settings').select('count').where('user_id', '=', b.userId).executeTakeFirstOrThrow();
    expect(Number(s.count)).toBe(7);
    await other.close();
  });

  it('writes batches larger than one statement chunk (520 categories × 2 views)', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 520 }, (_, i) => ({ user_id: biz.userId, name: `K${i}`, status: '1', created_at: now, updated_at: now }));
    const ids = (await t.db.insertInto('categories').values(rows).returning('id').execute()).map((r) => r.id);
    for (const id of [...ids, ...ids]) t.app.views.category(id);
    await t.app.views.flush();
    const total = await t.db.selectFrom('categories').select((eb) => eb.fn.sum<number>('count').as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(1040);
  });

  it('VIEW_COUNTING=false counts nothing', async () => {
    const off = await buildTestApp({ config: { viewCounting: false } });
    try {
      const b = await createBusiness(off.app, 'Sayaçsız Kafe');
      const cat = await addCategory(off.app, b.token, { name: 'Tatlılar' });
      for (let i = 0; i < 5; i++) {
        expect((await off.app.inject({ url: `/qr/${b.slug}` })).statusCode).toBe(200);
        expect((await off.app.inject({ url: `/api/getProduct/${cat.id}` })).json().status).toBe(200);
      }
      await off.app.views.flush();
      expect(await counts(off.db, b.userId, cat.id)).toEqual({ business: 0, daily: 0, category: 0 });
    } finally {
      await off.close();
    }
  });
});

describe('view journal (kill -9 loses no acknowledged view)', () => {
  const journalDir = () => path.join(t.config.dataDir, 'views');
  /** The whole lines in the journal directory, every file. */
  const journaled = () => fs.readdirSync(journalDir()).flatMap((f) => journalLines(fs.readFileSync(path.join(journalDir(), f), 'latin1')));
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
  /** A second app on the same database and data directory: what a restart does. */
  const restart = async () => {
    const app = await buildApp({ config: t.config, db: t.db, rateLimits: RELAXED_LIMITS });
    await app.ready();
    await app.close();
  };

  it('journals each view before the answer is sent and deletes the journal once written', async () => {
    await t.app.views.flush();
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/qr/${biz.slug}` });
    await t.app.inject({ url: `/api/getProduct/${catId}` });
    const files = fs.readdirSync(journalDir());
    expect(files).toHaveLength(1);
    const lines = journalLines(fs.readFileSync(path.join(journalDir(), files[0]), 'latin1'));
    expect(lines).toEqual([...Array(3).fill(`b ${biz.userId} ${istanbulDay()}`), `c ${catId}`]);
    await t.app.views.flush();
    expect(journaled()).toEqual([]); // written: the file is deleted, or zeroed and kept for the next one
    expect(fs.readdirSync(journalDir()).length).toBeLessThanOrEqual(1);
    // its marker stays a while (a backup may hold a copy of the file: see MARKER_KEEP_MS), then goes
    const marker = () => t.db.selectFrom('view_flushes').select('id').where('id', '=', files[0]).execute();
    expect(await marker()).toHaveLength(1);
    const later = t.app.clock.now().getTime() + MARKER_KEEP_MS + 1;
    const clock = vi.spyOn(t.app.clock, 'now').mockReturnValue(new Date(later));
    try {
      await t.app.inject({ url: `/qr/${biz.slug}` });
      await t.app.views.flush();
    } finally {
      clock.mockRestore();
    }
    expect(await marker()).toEqual([]);
  });

  it('a view is in the journal when business() or category() returns (the answer is sent after it)', async () => {
    await t.app.views.flush();
    // counted before the views: a flush timer left by an earlier test may write them at any moment
    const before = await counts();
    const seen: string[][] = [];
    for (let i = 0; i < 5; i++) {
      t.app.views.business(biz.userId);
      seen.push(journaled());
    }
    t.app.views.category(catId);
    seen.push(journaled());
    const line = `b ${biz.userId} ${istanbulDay()}`;
    expect(seen).toEqual([1, 2, 3, 4, 5].map((n) => Array(n).fill(line)).concat([[...Array(5).fill(line), `c ${catId}`]]));
    expect(t.app.views.pending()).toBe(6);
    await t.app.views.flush();
    const after = await counts();
    expect(after.business - before.business).toBe(5);
    expect(after.category - before.category).toBe(1);
    expect(journaled()).toEqual([]);
  });

  it('group commit: the views of one event-loop turn go to the journal in one write, their answers after it', async () => {
    await t.app.views.flush();
    const before = await counts();
    const journal = (t.app.views as unknown as { journal: ViewJournal }).journal;
    const writes: string[] = [];
    const append = journal.append.bind(journal);
    const spy = vi.spyOn(journal, 'append').mockImplementation((lines: string) => {
      writes.push(lines);
      append(lines);
    });
    try {
      const sent: Array<{ at: number; journaled: number }> = [];
      const send = () => sent.push({ at: sent.length, journaled: journaled().length });
      for (let i = 0; i < 7; i++) t.app.views.business(biz.userId, send);
      for (let i = 0; i < 3; i++) t.app.views.category(catId, send);
      // nothing written nor sent in the caller's turn; not counted before it is written
      expect(writes).toEqual([]);
      expect(sent).toEqual([]);
      expect(t.app.views.pending()).toBe(0);
      await new Promise((r) => setImmediate(r));
      expect(writes).toHaveLength(1); // one write(2) for the ten views
      expect(journalLines(writes[0])).toEqual([...Array(7).fill(`b ${biz.userId} ${istanbulDay()}`), ...Array(3).fill(`c ${catId}`)]);
      // every answer left after the whole group was in the journal
      expect(sent).toHaveLength(10);
      expect(sent.every((s) => s.journaled === 10)).toBe(true);
      expect(t.app.views.pending()).toBe(10);
      // concurrent real requests: fewer writes than views, every view counted exactly once
      writes.length = 0;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const N = 40;
      const answers = await Promise.all(Array.from({ length: N }, (_, i) => fetch(`${base}/${i % 2 ? `api/getCategory/${biz.slug}` : `qr/${biz.slug}`}`)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const lines = writes.flatMap((w) => journalLines(w));
      expect(lines).toHaveLength(N);
      expect(writes.length).toBeLessThanOrEqual(N);
    } finally {
      spy.mockRestore();
    }
    await t.app.views.flush();
    const after = await counts();
    expect(after.business - before.business).toBe(7 + 40);
    expect(after.category - before.category).toBe(3);
    expect(journaled()).toEqual([]);
  });

  it('replays at start the journal of a process killed before its flush, exactly once', async () => {
    await t.app.views.flush();
    const before = await counts();
    const name = `${deadPid()}-1-1.log`;
    const day = istanbulDay();
    fs.writeFileSync(path.join(journalDir(), name), `b ${biz.userId} ${day}\n`.repeat(5) + `c ${catId}\n`.repeat(2) + 'b 12'); // last line cut by the kill
    await restart();
    expect(await counts()).toEqual({ business: before.business + 5, daily: before.daily + 5, category: before.category + 2 });
    expect(fs.existsSync(path.join(journalDir(), name))).toBe(false);
    await restart();
    expect(await counts()).toEqual({ business: before.business + 5, daily: before.daily + 5, category: before.category + 2 });
  });

  it('does not count twice a journal already written (killed between commit and delete)', async () => {
    const before = await counts();
    const name = `${deadPid()}-2-1.log`;
    fs.writeFileSync(path.join(journalDir(), name), `b ${biz.userId} ${istanbulDay()}\n`.repeat(4));
    await t.db.insertInto('view_flushes').values({ id: name, created_at: new Date().toISOString() }).execute();
    await restart();
    expect(await counts()).toEqual(before);
    expect(fs.existsSync(path.join(journalDir(), name))).toBe(false);
  });

  it("leaves alone the journal of a process that is still running", async () => {
    const name = `${process.ppid}-3-1.log`;
    fs.writeFileSync(path.join(journalDir(), name), `b ${biz.userId} ${istanbulDay()}\n`);
    const before = await counts();
    await restart();
    expect(await counts()).toEqual(before);
    expect(fs.existsSync(path.join(journalDir(), name))).toBe(true);
    fs.rmSync(path.join(journalDir(), name));
  });
});

describe('ViewJournal', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-journal-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const read = (dir: string, names: string[]) => names.flatMap((n) => journalLines(fs.readFileSync(path.join(dir, n), 'latin1')));

  it('appends each line with write(2) and starts a new file at each rotation', () => {
    const dir = tempDir();
    const names: string[] = [];
    const journal = new ViewJournal(dir, (n) => names.push(n));
    for (let i = 1; i <= 3; i++) journal.append(`c ${i}\n`);
    expect(names).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, names[0]), 'latin1')).toBe('c 1\nc 2\nc 3\n');
    journal.rotate();
    journal.append('c 4\n');
    expect(names).toHaveLength(2);
    expect(read(dir, names.slice(1))).toEqual(['c 4']);
    journal.rotate();
    names.forEach((n) => journal.release(n));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('keeps every appended line when its process is killed with SIGKILL', () => {
    const dir = tempDir();
    const views = new URL('./view-journal.ts', import.meta.url).pathname;
    const code = `const { ViewJournal } = await import(${JSON.stringify(views)});
      const j = new ViewJournal(${JSON.stringify(dir)}, () => {});
      for (let i = 1; i <= 5000; i++) j.append('c ' + i + '\\n');
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(read(dir, names)).toEqual(Array.from({ length: 5000 }, (_, i) => `c ${i + 1}`));
  });

  it('replay counts the whole lines of a file left by a killed process, not a line cut by the kill', async () => {
    const dir = path.join(t.config.dataDir, 'views');
    await t.app.views.flush();
    const before = await counts();
    const name = `${spawnSync(process.execPath, ['-e', '']).pid}-4-1.log`;
    const text = `b ${biz.userId} ${istanbulDay()}\n`.repeat(3) + `c ${catId}\n` + `c ${catId}`; // the last line cut by the kill
    fs.writeFileSync(path.join(dir, name), text, 'latin1');
    expect(await replayViewJournals(t.db, dir, t.app.clock.now())).toBe(4);
    expect(await counts()).toEqual({ business: before.business + 3, daily: before.daily + 3, category: before.category + 1 });
    expect(fs.existsSync(path.join(dir, name))).toBe(false);
  });
});

describe('journal errors', () => {
  it('are reported once, then at most once a minute with the number in between', () => {
    let now = 1_000_000;
    const reports: Array<[unknown, number]> = [];
    const onError = oncePerMinute((err, repeated) => reports.push([err, repeated]), () => now);
    for (let i = 0; i < 1000; i++) onError(new Error(`e${i}`));
    expect(reports).toHaveLength(1);
    expect((reports[0][0] as Error).message).toBe('e0');
    now += 59_999;
    onError(new Error('still within the minute'));
    expect(reports).toHaveLength(1);
    now += 1;
    onError(new Error('a minute later'));
    expect(reports.map(([e, n]) => [(e as Error).message, n])).toEqual([['e0', 0], ['a minute later', 1000]]);
  });

  it('a journal that cannot be written (a full disk) logs once, not once per view, and the views still count', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-views-'));
    fs.writeFileSync(path.join(dataDir, 'views'), ''); // a file where the journal's folder goes: every append fails
    const app = await buildApp({ config: { ...t.config, dataDir }, db: t.db, rateLimits: RELAXED_LIMITS });
    try {
      await app.ready();
      const logged = vi.spyOn(app.log, 'error');
      const before = await counts();
      for (let i = 0; i < 50; i++) app.views.business(biz.userId);
      expect(logged).toHaveBeenCalledTimes(1);
      expect((logged.mock.calls[0][0] as { err: Error }).err.message).toMatch(/EEXIST/); // the folder could not be made
      await app.views.flush();
      const after = await counts();
      expect(after.business - before.business).toBe(50);
      expect(after.daily - before.daily).toBe(50);
      logged.mockRestore();
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
