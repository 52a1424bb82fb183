import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, staffAt, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Paused tables per branch (`Masadan sipariş`, issue 43): `GET`/`POST /api/order-settings?branch=N`
 * read and pause an extra branch's tables (absent or 0: the main branch's, as before); a diner at a
 * paused table of that branch is refused as at the main branch, its menu page has no `Sepete ekle`
 * (the cached page ends with the setting); the other branches' tables are untouched. Refusals:
 * no token 401, a role that may not 403, another owner's branch or one the staff member does not
 * work at body 404, junk 422 — none changes anything.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
let K: { id: number; slug: string }; // A's Kadıköy, 3 tables
let M: { id: number; slug: string }; // A's Moda, 4 tables
let otherBranch: { id: number };
let cat: number;
let kofte: number;
const staff: Record<string, string> = {};

const post = (url: string, payload: unknown, token?: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });
const get = (url: string, token?: string, cookie?: string) => t.app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });
const settingsUrl = (branch?: number | string) => (branch === undefined ? '/api/order-settings' : `/api/order-settings?branch=${branch}`);
const read = (token: string | undefined, branch?: number | string) => get(settingsUrl(branch), token);
const write = (token: string | undefined, body: unknown, branch?: number | string) => post(settingsUrl(branch), body, token);

/** The seat cookie a table's QR address gives, or undefined (the page offers no ordering). */
async function seat(slug: string, masa: number): Promise<string | undefined> {
  const m = /qrm_masa=([^;]+)/.exec(String((await get(`/qr/${slug}/category?masa=${masa}`)).headers['set-cookie'] ?? ''));
  return m ? `qrm_masa=${m[1]}` : undefined;
}
const tablePage = async (slug: string, masa: number) => (await get(`/qr/${slug}/category/${cat}?masa=${masa}`)).body;
const order = (slug: string, masa: number, cookie: string) => post(`/api/orders/${slug}`, { masa, items: [{ product_id: kofte, quantity: 1 }] }, undefined, cookie);

/** A signed-in staff member of A with this role, working at `branches` ([]: every branch). */
const staffOf = (role: 'garson' | 'yonetici', branches: number[], name = 'Can Demir') => staffAt(t.app, A, role, branches, { name });

/** What a refused call must leave as it was: every account's switch and paused tables, and the activity log. */
const state = async () =>
  JSON.stringify([
    await t.db.selectFrom('order_settings').select(['user_id', 'enabled', 'paused']).orderBy('user_id').execute(),
    await t.db.selectFrom('branch_order_settings').select(['branch_id', 'user_id', 'paused']).orderBy('branch_id').execute(),
    await t.db.selectFrom('staff_activity').select(['id']).orderBy('id').execute(),
  ]);
const activity = async () =>
  ((await get('/api/staff/activity', A.token)).json().activity as Array<{ actor_role: string; action: string; detail: string }>).map((e) => `${e.actor_role}: ${e.action}${e.detail ? ` — ${e.detail}` : ''}`).reverse();

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Çınar Kafe'); // the main branch: 8 tables
  B = await createBusiness(t.app, 'Boğaz Lokantası');
  for (const x of [A, B]) await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', x.userId).execute();
  K = (await post('/api/branches', { name: 'Kadıköy', deskcount: 3 }, A.token)).json().branch;
  M = (await post('/api/branches', { name: 'Moda', deskcount: 4 }, A.token)).json().branch;
  otherBranch = (await post('/api/branches', { name: 'Bebek', deskcount: 5 }, B.token)).json().branch;
  cat = (await addCategory(t.app, A.token, { name: 'Ana yemekler' })).id;
  kofte = (await addProduct(t.app, A.token, cat, { name: 'Köfte', selling_price: '250' })).id;
  expect((await write(A.token, { enabled: true })).json()).toMatchObject({ status: 200, enabled: true, paused: [], deskcount: 8, branch_id: 0 });
  staff.yoneticiK = await staffOf('yonetici', [K.id], 'Kadıköy Yöneticisi');
  staff.yoneticiMain = await staffOf('yonetici', [0], 'Merkez Yöneticisi');
  staff.garson = await staffOf('garson', []);
});
afterAll(async () => t.close());

describe('pausing an extra branch\'s tables', () => {
  it('GET and POST /api/order-settings?branch=N: the branch\'s paused tables and table count; the main branch\'s and the others\' stay', async () => {
    expect((await read(A.token, K.id)).json()).toMatchObject({ status: 200, enabled: true, paused: [], deskcount: 3, branch_id: K.id });
    await write(A.token, { enabled: true, paused: [5] }); // the main branch's table 5
    // Kadıköy has 3 tables: 9 is dropped
    expect((await write(A.token, { enabled: true, paused: [2, 9, 2] }, K.id)).json()).toMatchObject({ status: 200, message: ORDER_MSG.settingsSaved, enabled: true, paused: [2], deskcount: 3, branch_id: K.id });
    expect((await read(A.token, K.id)).json()).toMatchObject({ paused: [2], deskcount: 3 });
    expect((await read(A.token)).json()).toMatchObject({ paused: [5], deskcount: 8, branch_id: 0 });
    expect((await read(A.token, 0)).json()).toMatchObject({ paused: [5], deskcount: 8, branch_id: 0 });
    expect((await read(A.token, M.id)).json()).toMatchObject({ paused: [], deskcount: 4, branch_id: M.id });
    // `paused` absent: the branch's stay
    expect((await write(A.token, { enabled: true }, K.id)).json().paused).toEqual([2]);
    // the main branch's API as before: its write leaves the branches' paused tables alone
    expect((await write(A.token, { enabled: true, paused: [] })).json().paused).toEqual([]);
    expect((await read(A.token, K.id)).json().paused).toEqual([2]);
  });

  it('a diner at the paused table of the branch is refused (403, basket and JSON order); its page has no Sepete ekle and gives no seat', async () => {
    expect(await seat(K.slug, 2)).toBeUndefined();
    expect(await tablePage(K.slug, 2)).not.toContain('Sepete ekle');
    // the branch's other tables, and table 2 of the main branch and of Moda, take orders
    expect(await tablePage(K.slug, 1)).toContain('Sepete ekle');
    expect(await tablePage(A.slug, 2)).toContain('Sepete ekle');
    const m2 = (await seat(M.slug, 2))!;
    expect((await order(M.slug, 2, m2)).json()).toMatchObject({ status: 200, order: { masa: 2, branch_id: M.id } });
    // a seat taken before the pause does not help
    await write(A.token, { enabled: true, paused: [] }, K.id);
    const k2 = (await seat(K.slug, 2))!;
    expect(k2).toBeDefined();
    await write(A.token, { enabled: true, paused: [2] }, K.id);
    const refused = await order(K.slug, 2, k2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, message: ORDER_MSG.paused });
    const basket = await t.app.inject({
      method: 'POST', url: `/qr/${K.slug}/siparis?masa=2`, payload: `urun=${kofte}&adet=1`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: k2 },
    });
    expect(basket.statusCode).toBe(403);
    expect(basket.body).toContain(ORDER_MSG.paused);
    const rows = await t.db.selectFrom('orders').select('masa').where('user_id', '=', A.userId).where('branch_id', '=', K.id).execute();
    expect(rows).toEqual([]);
  });

  it('the cached table page ends with the setting: resumed, the forms are back; paused again, gone', async () => {
    expect(await tablePage(K.slug, 3)).toContain('Sepete ekle'); // computed and cached
    expect(await tablePage(K.slug, 3)).toContain('Sepete ekle');
    await write(A.token, { enabled: true, paused: [2, 3] }, K.id);
    expect(await tablePage(K.slug, 3)).not.toContain('Sepete ekle');
    await write(A.token, { enabled: true, paused: [2] }, K.id);
    expect(await tablePage(K.slug, 3)).toContain('Sepete ekle');
  });

  it('the activity log names the branch\'s tables', async () => {
    const before = (await activity()).length;
    await write(A.token, { enabled: true, paused: [1, 2] }, K.id);
    await write(staff.yoneticiK, { enabled: true, paused: [1] }, K.id);
    await write(A.token, { enabled: true, paused: [1] }, K.id); // nothing changed: no entry
    expect((await activity()).slice(before)).toEqual(['sahip: Masada sipariş duraklatıldı — Kadıköy · Masa 1', 'yonetici: Masada sipariş yeniden açıldı — Kadıköy · Masa 2']);
  });
});

describe('who may pause a branch\'s tables', () => {
  it('no token: HTTP 401; a garson: HTTP 403; nothing changed', async () => {
    const before = await state();
    for (const r of [await read(undefined, K.id), await write(undefined, { enabled: false, paused: [] }, K.id)]) expect(r.statusCode).toBe(401);
    for (const r of [await read(staff.garson, K.id), await write(staff.garson, { enabled: false, paused: [] }, K.id)]) expect(r.statusCode).toBe(403);
    expect(await state()).toBe(before);
  });

  it("another owner's branch id, or A's branch from B's token: body 404, nothing changed", async () => {
    const before = await state();
    for (const r of [
      await read(A.token, otherBranch.id), await write(A.token, { enabled: true, paused: [1] }, otherBranch.id),
      await read(B.token, K.id), await write(B.token, { enabled: true, paused: [1] }, K.id),
      await write(A.token, { enabled: true, paused: [1] }, 999_999),
    ]) {
      expect(r.statusCode).toBe(200);
      expect(r.json().status).toBe(404);
    }
    expect(await state()).toBe(before);
    expect((await read(B.token, otherBranch.id)).json()).toMatchObject({ status: 200, paused: [], deskcount: 5 });
  });

  it('a yonetici who works at other branches: body 404 for this one; at their own branch only their tables, not the switch', async () => {
    const before = await state();
    expect((await read(staff.yoneticiMain, K.id)).json().status).toBe(404);
    expect((await write(staff.yoneticiMain, { enabled: true, paused: [3] }, K.id)).json().status).toBe(404);
    // the Kadıköy yonetici: the main branch (absent or 0) and Moda are not theirs
    for (const branch of [undefined, 0, M.id]) expect((await write(staff.yoneticiK, { enabled: true, paused: [1] }, branch)).json().status).toBe(404);
    expect((await read(staff.yoneticiK)).json().status).toBe(404);
    // the switch reaches every branch: refused in Turkish, with nothing saved (not the paused tables either)
    const off = (await write(staff.yoneticiK, { enabled: false, paused: [3] }, K.id)).json();
    expect(off).toMatchObject({ status: 422, message: ORDER_MSG.switchAllBranches, errors: { enabled: [ORDER_MSG.switchAllBranches] } });
    expect(await state()).toBe(before);
    expect((await write(staff.yoneticiK, { enabled: true, paused: [1, 3] }, K.id)).json()).toMatchObject({ status: 200, paused: [1, 3], branch_id: K.id });
    // the main-branch yonetici keeps the main branch's tables (and not the switch either)
    expect((await write(staff.yoneticiMain, { enabled: true, paused: [4] })).json()).toMatchObject({ status: 200, paused: [4], branch_id: 0 });
    expect((await write(staff.yoneticiMain, { enabled: false })).json().status).toBe(422);
    expect((await read(A.token)).json()).toMatchObject({ enabled: true, paused: [4] });
  });

  it('junk: body 422 in Turkish, nothing changed', async () => {
    const before = await state();
    const junk = (await write(A.token, { enabled: true, paused: [1] }, 'abc')).json();
    expect(junk).toMatchObject({ status: 422, message: ORDER_MSG.branchInvalid, errors: { branch: [ORDER_MSG.branchInvalid] } });
    expect((await read(A.token, '-1')).json().status).toBe(422);
    const bad = (await write(A.token, { enabled: true, paused: [0] }, K.id)).json();
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.errors)).toContain(ORDER_MSG.tableInvalid);
    expect((await write(A.token, { paused: [1] }, K.id)).json().status).toBe(422);
    expect(await state()).toBe(before);
  });

  it('a deleted branch takes its paused tables with it', async () => {
    const U = (await post('/api/branches', { name: 'Üsküdar', deskcount: 2 }, A.token)).json().branch as { id: number };
    expect((await write(A.token, { enabled: true, paused: [2] }, U.id)).json().paused).toEqual([2]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/branches/${U.id}`, headers: bearer(A.token) })).json().status).toBe(200);
    expect(await t.db.selectFrom('branch_order_settings').select('branch_id').where('branch_id', '=', U.id).execute()).toEqual([]);
    expect((await read(A.token, U.id)).json().status).toBe(404);
    expect((await read(A.token, K.id)).json().paused).toEqual([1, 3]);
  });
});
