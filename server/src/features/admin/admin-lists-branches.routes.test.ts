import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_LIST_MSG } from '@qrmenu/contract';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard } from '../../../test/admin-guard.js';
import { getAs, insertBusinessAccount } from '../../../test/admin-lists-fixture.js';

/**
 * Branches in the admin's business list (issue 43 item 1): each row carries its account's extra
 * branches (read for the whole page in one query), `q` finds an account by a branch's name or slug
 * (Turkish-folded), and the `branch` filter lists only accounts with such a branch — with the
 * keyset pages as before.
 */
let t: TestApp;
let token: string;
const users: Record<string, number> = {};
const branchIds: Record<string, number> = {};
const at = '2026-11-01T10:00:00.000Z';

/** 12 businesses; three have branches (Çınar: Kadıköy and Moda; Deniz: Moda Sahil; Işık: Isparta Şubesi). */
const BUSINESSES = ['Çınar Kafe', 'Deniz Balık', 'Işık Büfe', ...Array.from({ length: 9 }, (_, i) => `Kafe ${i + 1}`)];
const BRANCHES: Array<[business: string, name: string, slug: string, city: number, count: number]> = [
  ['Çınar Kafe', 'Kadıköy', 'cinar-kafe-kadikoy', 34, 12],
  ['Çınar Kafe', 'Moda', 'cinar-kafe-moda', 34, 3],
  ['Deniz Balık', 'Moda Sahil', 'deniz-sahil', 35, 0],
  ['Işık Büfe', 'Isparta Şubesi', 'isik-isparta', 32, 7],
];

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createAdmin(t.app)).token;
  for (const [i, company] of BUSINESSES.entries()) {
    const id = await insertBusinessAccount(t.app, `Sahip ${i}`, `sube-sahip${i}@liste.test`, at);
    const slug = `isletme-sube-${i + 1}`;
    await t.db.updateTable('settings').set({ companyname: company, companyengname: slug, qrlink: `http://qr.test/qr/${slug}`, city: 34, created_at: `2026-10-${10 + i}T10:00:00.000Z` }).where('user_id', '=', id).execute();
    users[company] = id;
  }
  for (const [business, name, slug, city, count] of BRANCHES) {
    const r = await t.db.insertInto('branches').values({ user_id: users[business], slug, name, address: '', city, tel: '', deskcount: null, wifi_name: null, wifi_password: null, hours: null, count, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    branchIds[slug] = r.id;
  }
});
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);
const companies = (body: { users: Array<{ companyname: string }> }) => body.users.map((u) => u.companyname).sort();

describe('GET /api/view-user: branches under their account', () => {
  it('every row has its branch count and its branches (name, slug, menu address, city, views), oldest first', async () => {
    const body = await get('/api/view-user?per_page=20');
    expect(body.total).toBe(12);
    const row = (company: string) => body.users.find((u: { companyname: string }) => u.companyname === company);
    expect(row('Çınar Kafe')).toMatchObject({
      branch_count: 2,
      branches: [
        { id: branchIds['cinar-kafe-kadikoy'], name: 'Kadıköy', slug: 'cinar-kafe-kadikoy', qrlink: 'http://qr.test/qr/cinar-kafe-kadikoy', city: 34, views: 12 },
        { id: branchIds['cinar-kafe-moda'], name: 'Moda', slug: 'cinar-kafe-moda', qrlink: 'http://qr.test/qr/cinar-kafe-moda', city: 34, views: 3 },
      ],
    });
    expect(row('Işık Büfe')).toMatchObject({ branch_count: 1, branches: [{ name: 'Isparta Şubesi', city: 32, views: 7 }] });
    expect(row('Kafe 3')).toMatchObject({ branch_count: 0, branches: [] });
  });

  it('the business page (edit-user) has them too', async () => {
    const body = await get(`/api/edit-user/${users['Deniz Balık']}`);
    expect(body.user).toMatchObject({ branch_count: 1, branches: [{ name: 'Moda Sahil', slug: 'deniz-sahil' }] });
  });

  it("q finds an account by a branch's name or slug, Turkish-folded (KADIKÖY = kadıköy = kadikoy; ISPARTA, ıspart)", async () => {
    for (const q of ['KADIKÖY', 'kadıköy', 'kadikoy', 'KAFE-KADIKOY']) expect(companies(await get(`/api/view-user?q=${encodeURIComponent(q)}`)), q).toEqual(['Çınar Kafe']);
    for (const q of ['ISPARTA', 'ıspart', 'isik-isp']) expect(companies(await get(`/api/view-user?q=${encodeURIComponent(q)}`)), q).toEqual(['Işık Büfe']);
    expect(companies(await get('/api/view-user?q=moda'))).toEqual(['Deniz Balık', 'Çınar Kafe'].sort());
    // every word, each in the business or in a branch: "çınar moda" is Çınar Kafe (its Moda branch)
    expect(companies(await get(`/api/view-user?q=${encodeURIComponent('çınar moda')}`))).toEqual(['Çınar Kafe']);
    // the business's own fields still match as before
    expect((await get('/api/view-user?q=kafe')).total).toBe(10);
  });

  it("the branch filter lists the accounts with a branch whose name or slug holds every word (in one branch), with the other filters", async () => {
    expect(companies(await get('/api/view-user?branch=moda'))).toEqual(['Deniz Balık', 'Çınar Kafe'].sort());
    expect(companies(await get(`/api/view-user?branch=${encodeURIComponent('MODA SAHİL')}`))).toEqual(['Deniz Balık']);
    // "kadıköy moda" is in no single branch
    expect(await get(`/api/view-user?branch=${encodeURIComponent('kadıköy moda')}`)).toMatchObject({ status: 200, total: 0, users: [] });
    expect(companies(await get('/api/view-user?branch=moda&q=deniz'))).toEqual(['Deniz Balık']);
    await t.db.updateTable('settings').set({ status: 0 }).where('user_id', '=', users['Deniz Balık']).execute();
    expect(companies(await get('/api/view-user?branch=moda&status=1'))).toEqual(['Çınar Kafe']);
    await t.db.updateTable('settings').set({ status: 1 }).where('user_id', '=', users['Deniz Balık']).execute();
    // '' is no filter
    expect((await get('/api/view-user?branch=')).total).toBe(12);
  });

  it('keyset pages with a search by branch: next/prev and page numbers give the slices of the whole list', async () => {
    const q = 'q=a&sort=companyname&dir=asc';
    const whole = await get(`/api/view-user?${q}&per_page=100`);
    const ids = whole.users.map((u: { id: number }) => u.id);
    expect(whole.total).toBeGreaterThan(10);
    let body = await get(`/api/view-user?${q}&per_page=5`);
    const seen = [...body.users.map((u: { id: number }) => u.id)];
    for (let page = 2; body.next; page++) {
      body = await get(`/api/view-user?${q}&per_page=5&page=${page}&after=${body.next}`);
      seen.push(...body.users.map((u: { id: number }) => u.id));
    }
    expect(seen).toEqual(ids);
    const third = await get(`/api/view-user?${q}&per_page=5&page=3`);
    expect(third.users.map((u: { id: number }) => u.id)).toEqual(ids.slice(10, 15));
    const back = await get(`/api/view-user?${q}&per_page=5&page=2&before=${third.prev}`);
    expect(back.users.map((u: { id: number }) => u.id)).toEqual(ids.slice(5, 10));
    expect(back.users.every((u: { branches: unknown[] }) => Array.isArray(u.branches))).toBe(true);
  });

  it("reads the page's branches in one query: a page of 20 costs the queries a page of 5 does", async () => {
    const spy = vi.spyOn(t.db.getExecutor(), 'executeQuery');
    try {
      await get('/api/view-user?per_page=5&sort=id&dir=asc');
      const five = spy.mock.calls.length;
      spy.mockClear();
      await get('/api/view-user?per_page=20&sort=id&dir=asc');
      expect(five).toBeGreaterThan(0);
      expect(spy.mock.calls.length).toBe(five);
      const sqls = spy.mock.calls.map((c) => (c[0] as { sql: string }).sql).filter((s) => /from "branches"/.test(s));
      expect(sqls).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a branch filter longer than 100 characters → body 422 under errors.branch', async () => {
    const body = await get(`/api/view-user?branch=${'a'.repeat(101)}`);
    expect(body).toMatchObject({ status: 422, errors: { branch: [ADMIN_LIST_MSG.q] } });
  });
});

describeAdminGuard(() => t, [['GET', '/api/view-user?branch=moda'], ['GET', '/api/view-user?q=kadikoy']] as const);
