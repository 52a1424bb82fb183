import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * A bulk price change at the branches the owner picks (issue 43, P3): applied to two branches of
 * three, its undo, the price history per branch; a branch's own price is changed, a branch without
 * one follows the shared price.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
/** Each product's price (TL) on the JSON menu of a branch (`?sube=`) or the main one. */
const pricesAt = async (sube?: string) => {
  const body = (await get(`/api/getProduct/${ids.cat}${sube ? `?sube=${sube}` : ''}`)).json();
  return Object.fromEntries(body.product_data.product.map((p: { name: string; selling_price: number }) => [p.name, p.selling_price]));
};

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Kule Kafe');
  B = await createBusiness(t.app, 'Liman Kafe');
  await t.db.updateTable('settings').set({ userlevel: '1' }).where('user_id', '=', A.userId).execute();
  ids.cat = (await addCategory(t.app, A.token, { name: 'İçecekler' })).id;
  ids.cay = (await addProduct(t.app, A.token, ids.cat, { name: 'Çay', selling_price: '20' })).id;
  ids.kahve = (await addProduct(t.app, A.token, ids.cat, { name: 'Kahve', selling_price: '50' })).id;
  for (const name of ['Moda', 'Bebek']) {
    const b = (await post('/api/branches', A.token, { name })).json().branch;
    ids[name] = b.id;
    slugs[name] = b.slug;
  }
  // Moda has its own price of Kahve
  expect((await post('/api/branch-prices', A.token, { branch_id: ids.Moda, product_id: ids.kahve, price: '60' })).json().status).toBe(200);
});
afterAll(async () => t.close());

describe('bulk price change at the branches the owner picks', () => {
  it('previews and applies +10 % to two branches of three (Moda and Bebek): the main branch keeps its prices; undo restores every branch', async () => {
    const body = { scope: 'all', mode: 'percent', value: 10, round: 0.01, branches: [ids.Moda, ids.Bebek] };
    const preview = (await post('/api/bulk-price', A.token, { ...body, dry_run: true })).json();
    expect(preview).toMatchObject({ status: 200, dry_run: true, message: BULK_MSG.previewPrices(4) });
    expect(preview.changes.map((c: { name: string; branch_id: number; old: number; new: number }) => `${c.branch_id === ids.Moda ? 'Moda' : 'Bebek'} ${c.name} ${c.old}→${c.new}`)).toEqual([
      'Moda Çay 20→22', 'Moda Kahve 60→66', 'Bebek Çay 20→22', 'Bebek Kahve 50→55',
    ]);
    expect(await pricesAt(slugs.Bebek)).toEqual({ Çay: 20, Kahve: 50 });

    const applied = (await post('/api/bulk-price', A.token, body)).json();
    expect(applied).toMatchObject({ status: 200, dry_run: false, message: BULK_MSG.pricesUpdated(4), operation_id: expect.any(Number) });
    expect(await pricesAt()).toEqual({ Çay: 20, Kahve: 50 });
    expect(await pricesAt(slugs.Moda)).toEqual({ Çay: 22, Kahve: 66 });
    expect(await pricesAt(slugs.Bebek)).toEqual({ Çay: 22, Kahve: 55 });

    // the price history per branch: the main one's is empty, each branch its own
    const history = async (branch?: number) => (await get(`/api/price-history/${ids.kahve}${branch === undefined ? '' : `?branch=${branch}`}`, A.token)).json().history;
    expect(await history()).toEqual([]);
    expect((await history(ids.Moda)).map((h: { old: number; new: number; source: string; branch_id: number }) => [h.old, h.new, h.source, h.branch_id])).toEqual([[60, 66, 'bulk', ids.Moda], [50, 60, 'form', ids.Moda]]);
    expect((await history(ids.Bebek)).map((h: { old: number; new: number }) => [h.old, h.new])).toEqual([[50, 55]]);

    const undo = (await post('/api/bulk-price/undo', A.token, { operation_id: applied.operation_id })).json();
    expect(undo).toMatchObject({ status: 200, message: BULK_MSG.undone(4) });
    expect(await pricesAt(slugs.Moda)).toEqual({ Çay: 20, Kahve: 60 });
    expect(await pricesAt(slugs.Bebek)).toEqual({ Çay: 20, Kahve: 50 });
    // Bebek had no prices of its own: it follows the shared ones again (no override rows left)
    expect(await t.db.selectFrom('branch_products').select('product_id').where('branch_id', '=', ids.Bebek).execute()).toEqual([]);
    expect((await history(ids.Bebek)).map((h: { old: number; new: number; source: string }) => [h.old, h.new, h.source])).toEqual([[55, 50, 'undo'], [50, 55, 'bulk']]);
  });

  it('the main branch and one extra: the shared prices change (followed by the branches without their own), the picked branch’s own price too', async () => {
    const applied = (await post('/api/bulk-price', A.token, { scope: 'all', mode: 'amount', value: 5, branches: [0, ids.Moda] })).json();
    expect(applied).toMatchObject({ status: 200, message: BULK_MSG.pricesUpdated(3) });
    expect(await pricesAt()).toEqual({ Çay: 25, Kahve: 55 });
    expect(await pricesAt(slugs.Moda)).toEqual({ Çay: 25, Kahve: 65 });
    // Bebek was not picked, but it shows the shared prices
    expect(await pricesAt(slugs.Bebek)).toEqual({ Çay: 25, Kahve: 55 });
    // without `branches`: the main branch only, as before
    const mainOnly = (await post('/api/bulk-price', A.token, { scope: 'all', mode: 'amount', value: -5, dry_run: true })).json();
    expect(mainOnly.changes.every((c: { branch_id?: number }) => c.branch_id === undefined)).toBe(true);
    // an undo refused when a branch price changed since
    await post('/api/branch-prices', A.token, { branch_id: ids.Moda, product_id: ids.kahve, price: '70' });
    const refused = (await post('/api/bulk-price/undo', A.token, { operation_id: applied.operation_id })).json();
    expect(refused).toMatchObject({ status: 409, products: ['Kahve'] });
    expect(await pricesAt(slugs.Moda)).toEqual({ Çay: 25, Kahve: 70 });
  });

  it("another owner's branch, or a bad list, is refused in Turkish (422) and nothing changes", async () => {
    const theirs = (await post('/api/branches', B.token, { name: 'X' })).json();
    expect(theirs.status).toBe(422); // Başlangıç: the main branch only
    await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', B.userId).execute();
    const bBranch = (await post('/api/branches', B.token, { name: 'Karaköy' })).json().branch.id;
    const before = await pricesAt(slugs.Moda);
    for (const branches of [[bBranch], [0, bBranch], 'x', []]) {
      expect((await post('/api/bulk-price', A.token, { scope: 'all', mode: 'percent', value: 10, branches })).json(), JSON.stringify(branches)).toMatchObject({ status: 422, errors: { branches: [BULK_MSG.branches] } });
    }
    expect(await pricesAt(slugs.Moda)).toEqual(before);
    expect((await get(`/api/price-history/${ids.kahve}?branch=x`, A.token)).json().status).toBe(404);
  });
});
