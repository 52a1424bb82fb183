import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs, insertBusinessAccount } from '../../../test/admin-lists-fixture.js';
import { COMMON_WORD } from './admin-businesses.repository.js';

/**
 * The admin's users search with a word most accounts hold (more than COMMON_WORD: checked on each
 * row) beside rarer ones (listed as ids first): the same answers either way, and exact totals.
 */
let t: TestApp;
let token: string;
const at = '2026-11-01T10:00:00.000Z';
const N = COMMON_WORD + 30;
let other: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createAdmin(t.app)).token;
  // N businesses "Ortak Kafe {i}" (e-mail ortak{i}@yaygin.test, slug ortak-{i})
  for (let i = 0; i < N; i++) {
    const id = await insertBusinessAccount(t.app, `Sahip ${i}`, `ortak${i}@yaygin.test`, at);
    await t.db.updateTable('settings').set({ companyname: `Ortak Kafe ${i}`, companyengname: `ortak-${i}`, qrlink: `http://qr.test/qr/ortak-${i}` }).where('user_id', '=', id).execute();
  }
  // one more business that holds "ortak" only through a branch's name
  other = await insertBusinessAccount(t.app, 'Nadir Sahip', 'nadir@ayri.test', at);
  await t.db.updateTable('settings').set({ companyname: 'Başka Yer', companyengname: 'baska-yer', qrlink: 'http://qr.test/qr/baska-yer' }).where('user_id', '=', other).execute();
  await t.db.insertInto('branches').values({ user_id: other, slug: 'baska-yer-kuzey', name: 'Ortak Şubesi', address: '', city: 34, tel: '', deskcount: null, wifi_name: null, wifi_password: null, hours: null, count: 0, created_at: at, updated_at: at }).execute();
}, 120_000);
afterAll(async () => t.close());

const get = (q: string, extra = '') => getAs(t.app, token, `/api/view-user?q=${encodeURIComponent(q)}&per_page=100${extra}`);
const ids = (body: { users: Array<{ user_id: number }> }) => body.users.map((u) => u.user_id);

describe('GET /api/view-user?q: common and rare words', () => {
  it('a word more than COMMON_WORD accounts hold finds every one of them, also through a branch', async () => {
    const body = await get('ORTAK');
    expect(body.total).toBe(N + 1);
    expect(body.total).toBeGreaterThan(COMMON_WORD);
    expect(ids(await get('ortak', '&sort=id&dir=desc')).slice(0, 1)).toEqual([other]);
  });

  it('a common word beside a rarer one: exactly the accounts that hold both', async () => {
    const expected = Array.from({ length: N }, (_, i) => i).filter((i) => String(i).includes('7')).length;
    expect(expected).toBeGreaterThan(100);
    expect(expected).toBeLessThan(COMMON_WORD);
    const body = await get('ortak 7');
    expect(body.total).toBe(expected);
    expect(body.users.every((u: { companyname: string; email: string }) => u.companyname.includes('7') || u.email.includes('7'))).toBe(true);
    // the rare word alone, and one only a single account holds beside the common one
    expect((await get('nadir')).total).toBe(1);
    const both = await get('başka ortak');
    expect(both.total).toBe(1);
    expect(ids(both)).toEqual([other]);
    // a word no account holds: nothing, however common the other
    expect((await get('ortak zzyok')).total).toBe(0);
  });

  it('pages of a common word by keyset: every account once', async () => {
    const seen = new Set<number>();
    let body = await getAs(t.app, token, '/api/view-user?q=ortak&per_page=100&sort=companyname');
    for (let guard = 0; guard < 20; guard++) {
      for (const id of ids(body)) seen.add(id);
      if (!body.next) break;
      body = await getAs(t.app, token, `/api/view-user?q=ortak&per_page=100&sort=companyname&after=${encodeURIComponent(body.next)}`);
    }
    expect(seen.size).toBe(N + 1);
  });
});
