import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRANCH_VIEWS_MSG, istanbulDay } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { replayViewJournals } from '../menu/index.js';

/**
 * Per-branch daily views (issue 43 item 1): a branch's view counts for its total and for its
 * Europe/Istanbul day (branch_daily_views), its journal line carries the day (an old line without
 * one still counts for the total), and the owner's welcome page reads one branch's days with
 * `GET /api/dashboard?branch=` (0: the main branch, the account's less its branches').
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
let kadikoy: { id: number; slug: string };
let moda: { id: number; slug: string };
let other: { id: number; slug: string };

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const dashboard = async (token: string, query = '') => (await get(`/api/dashboard${query}`, token)).json();
const dayRows = (branchId: number) => t.db.selectFrom('branch_daily_views').select(['day', 'count', 'user_id']).where('branch_id', '=', branchId).orderBy('day').execute();
const total = async (branchId: number) => Number((await t.db.selectFrom('branches').select('count').where('id', '=', branchId).executeTakeFirstOrThrow()).count);
/** Today's count in a dashboard answer. */
const today = (d: { days: Array<{ day: string; count: number }> }) => d.days[d.days.length - 1];

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Ada Kafe');
  B = await createBusiness(t.app, 'Deniz Balık');
  for (const o of [A, B]) await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', o.userId).execute();
  kadikoy = (await post('/api/branches', { name: 'Kadıköy' }, A.token)).json().branch;
  moda = (await post('/api/branches', { name: 'Moda' }, A.token)).json().branch;
  other = (await post('/api/branches', { name: 'Sarıyer' }, B.token)).json().branch;
});
afterAll(async () => t.close());

describe('branch views per day', () => {
  it("a branch's menu counts for the branch's day, its total and its account; the journal line carries the day", async () => {
    await t.app.views.flush();
    for (let i = 0; i < 3; i++) expect((await get(`/qr/${kadikoy.slug}?lang=tr`)).statusCode).toBe(200);
    expect((await get(`/api/getCategory/${kadikoy.slug}`)).json().status).toBe(200);
    expect((await get(`/qr/${moda.slug}?lang=tr`)).statusCode).toBe(200);
    expect((await get(`/qr/${A.slug}?lang=tr`)).statusCode).toBe(200);
    // before the flush the views are in the journal, each branch line with its day
    const dir = path.join(t.config.dataDir, 'views');
    const lines = fs.readdirSync(dir).flatMap((f) => fs.readFileSync(path.join(dir, f), 'latin1').split('\n')).filter((l) => l.startsWith('s '));
    expect(lines.sort()).toEqual([...Array(4).fill(`s ${kadikoy.id} ${istanbulDay()}`), `s ${moda.id} ${istanbulDay()}`].sort());
    await t.app.views.flush();
    expect(await dayRows(kadikoy.id)).toEqual([{ day: istanbulDay(), count: 4, user_id: A.userId }]);
    expect(await dayRows(moda.id)).toEqual([{ day: istanbulDay(), count: 1, user_id: A.userId }]);
    expect(await total(kadikoy.id)).toBe(4);
  });

  it('GET /api/dashboard?branch=: one branch, the main branch (the rest) and the whole account', async () => {
    const all = await dashboard(A.token);
    expect(all.dashboard.branch).toBeUndefined();
    expect(today(all.dashboard)).toEqual({ day: istanbulDay(), count: 6 });
    expect(all.dashboard).toMatchObject({ monthViews: 6, totalViews: 6 });

    const k = await dashboard(A.token, `?branch=${kadikoy.id}`);
    expect(k.status).toBe(200);
    expect(k.dashboard).toMatchObject({ monthViews: 4, totalViews: 4, branch: { id: kadikoy.id, name: 'Kadıköy', account_month_views: 6 } });
    expect(today(k.dashboard)).toEqual({ day: istanbulDay(), count: 4 });
    expect(k.dashboard.days).toHaveLength(30);

    const main = await dashboard(A.token, '?branch=0');
    expect(main.dashboard).toMatchObject({ monthViews: 1, totalViews: 1, branch: { id: 0, name: 'Ada Kafe', account_month_views: 6 } });
    expect(today(main.dashboard)).toEqual({ day: istanbulDay(), count: 1 });
    // '' is the whole account, as no parameter
    expect((await dashboard(A.token, '?branch=')).dashboard.branch).toBeUndefined();
  });

  it('counts each view for its Istanbul day when the clock crosses midnight (21:00 UTC)', async () => {
    await t.app.views.flush();
    // the last Istanbul midnight (21:00 UTC) before now: both days are in the welcome page's 30
    const now = t.app.clock.now().getTime();
    const midnight = Math.floor((now - 21 * 3_600_000) / 86_400_000) * 86_400_000 + 21 * 3_600_000;
    const [dayBefore, dayAfter] = [istanbulDay(new Date(midnight - 500)), istanbulDay(new Date(midnight + 200))];
    expect(dayBefore < dayAfter).toBe(true);
    const clock = vi.spyOn(t.app.clock, 'now').mockReturnValue(new Date(midnight - 500)); // 23:59:59.5 in Istanbul
    try {
      expect((await get(`/qr/${moda.slug}?lang=tr`)).statusCode).toBe(200);
      clock.mockReturnValue(new Date(midnight + 200)); // 00:00:00.2 the next day
      expect((await get(`/qr/${moda.slug}?lang=tr`)).statusCode).toBe(200);
      expect((await get(`/api/getCategory/${moda.slug}`)).statusCode).toBe(200);
      await t.app.views.flush();
    } finally {
      clock.mockRestore();
    }
    const rows = (await dayRows(moda.id)).filter((r) => r.day === dayBefore || r.day === dayAfter);
    const earlier = dayAfter === istanbulDay() ? 1 : 0; // the first test's view of Moda (today)
    expect(rows.map((r) => [r.day, Number(r.count)])).toEqual([[dayBefore, 1], [dayAfter, 2 + earlier]]);
    const d = (await dashboard(A.token, `?branch=${moda.id}`)).dashboard;
    expect(d.days.find((x: { day: string }) => x.day === dayBefore).count).toBe(rows[0].count);
    expect(d.days.find((x: { day: string }) => x.day === dayAfter).count).toBe(rows[1].count);
    expect(d.totalViews).toBe(4);
  });

  it("another owner's branch → body 404; a malformed branch → body 422 naming the parameter; nothing else changes", async () => {
    expect(await dashboard(A.token, `?branch=${other.id}`)).toMatchObject({ status: 404, message: BRANCH_VIEWS_MSG.branchNotFound });
    expect(await dashboard(A.token, '?branch=999999')).toMatchObject({ status: 404 });
    for (const bad of ['abc', '-1', '1.5', '1e3']) {
      expect(await dashboard(A.token, `?branch=${encodeURIComponent(bad)}`)).toMatchObject({ status: 422, message: BRANCH_VIEWS_MSG.branchQuery, errors: { branch: [BRANCH_VIEWS_MSG.branchQuery] } });
    }
    // B sees its own branch (with no views yet)
    expect((await dashboard(B.token, `?branch=${other.id}`)).dashboard).toMatchObject({ totalViews: 0, monthViews: 0, branch: { id: other.id, name: 'Sarıyer' } });
  });

  it('no token → HTTP 401; an admin → HTTP 403', async () => {
    expect((await get(`/api/dashboard?branch=${kadikoy.id}`)).statusCode).toBe(401);
    const admin = await createAdmin(t.app);
    expect((await get(`/api/dashboard?branch=${kadikoy.id}`, admin.token)).statusCode).toBe(403);
  });

  it("a deleted branch's days go with it", async () => {
    const gone = (await post('/api/branches', { name: 'Geçici' }, A.token)).json().branch;
    expect((await get(`/qr/${gone.slug}?lang=tr`)).statusCode).toBe(200);
    await t.app.views.flush();
    expect(await dayRows(gone.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/branches/${gone.id}`, headers: bearer(A.token) })).json().status).toBe(200);
    expect(await dayRows(gone.id)).toEqual([]);
  });
});

describe('replaying branch lines', () => {
  it('replays new lines (with their day) and old ones (without: the total only) exactly once; a deleted branch is skipped', async () => {
    await t.app.views.flush();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-branch-journal-'));
    const before = { total: await total(kadikoy.id), rows: await dayRows(kadikoy.id) };
    const name = '999999-7-1.log';
    fs.writeFileSync(path.join(dir, name), `s ${kadikoy.id} 2030-01-02\n`.repeat(3) + `s ${kadikoy.id}\n`.repeat(2) + 's 987654 2030-01-02\n' + `s ${kadikoy.id} 2030-01-0`);
    expect(await replayViewJournals(t.db, dir, t.app.clock.now(), () => false)).toBe(6);
    expect(await total(kadikoy.id)).toBe(before.total + 5);
    const rows = await dayRows(kadikoy.id);
    expect(rows.find((r) => r.day === '2030-01-02')).toMatchObject({ count: 3 });
    expect(rows).toHaveLength(before.rows.length + 1);
    // the file is gone and its marker says it was written: a second replay adds nothing
    expect(await replayViewJournals(t.db, dir, t.app.clock.now(), () => false)).toBe(0);
    expect(await total(kadikoy.id)).toBe(before.total + 5);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
