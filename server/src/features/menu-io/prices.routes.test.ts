import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { newPrice } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { csv, importFile } from '../../../test/sheet-helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
let soup: number;
let drinks: number;
let otherCat: number;
const ids: Record<string, number> = {};

const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) }).then((r) => r.json());
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => r.json());
const prices = async (userId = owner.userId) =>
  Object.fromEntries((await t.db.selectFrom('products').select(['name', 'selling_price', 'original_price']).where('user_id', '=', userId).execute()).map((p) => [p.name, [p.selling_price, p.original_price]]));
const fingerprint = async (userId: number) => JSON.stringify(await Promise.all([
  t.db.selectFrom('products').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  t.db.selectFrom('price_history').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  t.db.selectFrom('price_operations').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
]));

async function category(token: string, name: string) {
  return (await sendForm(t.app, '/api/store-category', token, { name })).json().category.id as number;
}
async function product(token: string, fields: Record<string, string | number>) {
  const body = (await sendForm(t.app, '/api/store-product', token, fields)).json();
  expect(body.status, JSON.stringify(body)).toBe(200);
  return body.product.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
  soup = await category(owner.token, 'Çorbalar');
  drinks = await category(owner.token, 'İçecekler');
  otherCat = await category(other.token, 'Başkasının');
  ids.mercimek = await product(owner.token, { category_id: soup, name: 'Mercimek', selling_price: '185,50', original_price: '200' });
  ids.ezogelin = await product(owner.token, { category_id: soup, name: 'Ezogelin', selling_price: '99,99' });
  ids.ayran = await product(owner.token, { category_id: drinks, name: 'Ayran', selling_price: '25' });
  ids.su = await product(owner.token, { category_id: drinks, name: 'Su', selling_price: '' });
  ids.theirs = await product(other.token, { category_id: otherCat, name: 'Onların', selling_price: '50' });
});
afterAll(async () => t.close());

describe('rounding (newPrice, kuruş)', () => {
  it('+10% of 185,50: 204,05 exactly, 204,00 to 0,5, 204 to 1, 205 to 5, 200 to 10 (half up)', () => {
    expect([0.01, 0.5, 1, 5, 10].map((r) => newPrice(18550, 'percent', 10, r))).toEqual([20405, 20400, 20400, 20500, 20000]);
  });
  it('half up at the midpoint, amounts in TL, never below 0, percentages with two decimals', () => {
    expect(newPrice(1000, 'percent', 15, 0.01)).toBe(1150); // 1000 × 1.15 is 1149.999… in floating point
    expect(newPrice(1025, 'amount', 0, 0.5)).toBe(1050); // 10,25 → 10,50
    expect(newPrice(1024, 'amount', 0, 0.5)).toBe(1000);
    expect(newPrice(2500, 'amount', 2.5, 1)).toBe(2800); // 27,50 → 28
    expect(newPrice(2500, 'amount', -30, 0.01)).toBe(0);
    expect(newPrice(2500, 'percent', -100, 1)).toBe(0);
    expect(newPrice(9999, 'percent', 12.25, 0.01)).toBe(11224); // 112,2387… → 112,24
  });
});

describe('POST /api/bulk-price', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403)', async () => {
    const admin = await createAdmin(t.app);
    for (const [method, url] of [['POST', '/api/bulk-price'], ['POST', '/api/bulk-price/undo'], ['GET', '/api/bulk-price/last'], ['GET', '/api/price-history/1']] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(admin.token) })).statusCode, url).toBe(403);
    }
  });

  it('validates in Turkish and changes nothing', async () => {
    const before = await fingerprint(owner.userId);
    const bad = await post('/api/bulk-price', owner.token, { scope: 'hepsi', mode: 'kat', value: 0, round: 2 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors).sort()).toEqual(['mode', 'round', 'scope', 'value']);
    expect(bad.errors.round).toEqual(['Yuvarlama 0,01, 0,5, 1, 5 veya 10 TL olabilir.']);
    expect((await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'percent', value: 5000, round: 1 })).errors.value).toBeDefined();
    expect((await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'percent', value: 1.234, round: 1 })).errors.value).toBeDefined();
    // another owner's category: a field error, never their products
    expect((await post('/api/bulk-price', owner.token, { scope: otherCat, mode: 'percent', value: 10, round: 1 })).errors.scope).toBeDefined();
    // the largest amount is accepted (and undone at once, so the other tests start from the same prices)
    const big = await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'amount', value: 1_000_000, round: 1 });
    expect(big.status).toBe(200);
    expect((await post('/api/bulk-price/undo', owner.token, { operation_id: big.operation_id })).status).toBe(200);
    const restored = JSON.parse(await fingerprint(owner.userId))[0];
    expect(restored.map((p: { selling_price: number | null }) => p.selling_price)).toEqual(JSON.parse(before)[0].map((p: { selling_price: number | null }) => p.selling_price));
    // a price pushed past the maximum: refused, nothing changed
    await t.db.updateTable('products').set({ selling_price: 2_100_000_000 }).where('id', '=', ids.ezogelin).execute();
    const mid = await fingerprint(owner.userId);
    const high = await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'percent', value: 10, round: 1 });
    expect(high).toMatchObject({ status: 422, message: expect.stringContaining('en yüksek') });
    expect(await fingerprint(owner.userId)).toBe(mid);
    await t.db.updateTable('products').set({ selling_price: 9999 }).where('id', '=', ids.ezogelin).execute();
  });

  it('dry run: old → new of every changed selling and original price in scope, nothing written', async () => {
    const before = await fingerprint(owner.userId);
    const body = await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'percent', value: 10, round: 0.5, dry_run: true });
    expect(body).toMatchObject({ status: 200, dry_run: true });
    expect(body.operation_id).toBeUndefined();
    expect(body.changes).toEqual([
      { id: ids.mercimek, name: 'Mercimek', category: 'Çorbalar', old: 185.5, new: 204, old_original: 200, new_original: 220, portions: [] },
      { id: ids.ezogelin, name: 'Ezogelin', category: 'Çorbalar', old: 99.99, new: 110, old_original: null, new_original: null, portions: [] },
      { id: ids.ayran, name: 'Ayran', category: 'İçecekler', old: 25, new: 27.5, old_original: null, new_original: null, portions: [] },
    ]);
    expect(await fingerprint(owner.userId)).toBe(before);
    const one = await post('/api/bulk-price', owner.token, { scope: String(drinks), mode: 'amount', value: '-2,5', round: '1', dry_run: '1' });
    expect(one.changes).toEqual([expect.objectContaining({ name: 'Ayran', old: 25, new: 23 })]);
  });

  it('applies in one go, returns operation_id, records history; undo restores and records it too', async () => {
    const before = await prices();
    const body = await post('/api/bulk-price', owner.token, { scope: soup, mode: 'percent', value: 10, round: 5 });
    expect(body).toMatchObject({ status: 200, dry_run: false, operation_id: expect.any(Number), message: '2 ürünün fiyatı güncellendi.' });
    expect(await prices()).toMatchObject({ Mercimek: [20500, 22000], Ezogelin: [11000, null], Ayran: [2500, null] });
    expect(await prices(other.userId)).toEqual({ Onların: [5000, null] });
    const last = await get('/api/bulk-price/last', owner.token);
    expect(last.operation).toMatchObject({ id: body.operation_id, scope: soup, mode: 'percent', value: 10, round: 5, count: 2, undone: false });

    const undo = await post('/api/bulk-price/undo', owner.token, { operation_id: body.operation_id });
    expect(undo).toMatchObject({ status: 200, message: 'Fiyat güncellemesi geri alındı (2 ürün).' });
    expect(await prices()).toEqual(before);
    const h = await get(`/api/price-history/${ids.mercimek}`, owner.token);
    expect(h.history.slice(0, 2)).toEqual([
      { old: 205, new: 185.5, old_original: 220, new_original: 200, at: expect.any(String), source: 'undo' },
      { old: 185.5, new: 205, old_original: 200, new_original: 220, at: expect.any(String), source: 'bulk' },
    ]);
    const again = await post('/api/bulk-price/undo', owner.token, { operation_id: body.operation_id });
    expect(again).toMatchObject({ status: 409, message: 'Bu fiyat güncellemesi zaten geri alınmış.' });
    expect((await get('/api/bulk-price/last', owner.token)).operation.undone).toBe(true);
  });

  it('changes portion prices like the price, and undo restores them', async () => {
    const coffee = await category(owner.token, 'Kahveler');
    const id = await product(owner.token, {
      category_id: coffee, name: 'Türk Kahvesi', selling_price: '', variants: JSON.stringify([{ name: 'Tek', price: 85 }, { name: 'Duble', price: 120.5 }]),
    });
    const portions = async () => JSON.parse((await t.db.selectFrom('products').select('variants').where('id', '=', id).executeTakeFirstOrThrow()).variants);
    const before = await portions();
    // the preview names each portion whose price changes
    const preview = await post('/api/bulk-price', owner.token, { scope: coffee, mode: 'percent', value: 10, round: 1, dry_run: true });
    expect(preview.changes).toEqual([
      expect.objectContaining({ id, old: null, new: null, portions: [{ name: 'Tek', old: 85, new: 94 }, { name: 'Duble', old: 120.5, new: 133 }] }),
    ]);
    const body = await post('/api/bulk-price', owner.token, { scope: coffee, mode: 'percent', value: 10, round: 1 });
    expect(body.changes[0].portions).toEqual([{ name: 'Tek', old: 85, new: 94 }, { name: 'Duble', old: 120.5, new: 133 }]);
    expect(body).toMatchObject({ status: 200, operation_id: expect.any(Number), message: '1 ürünün fiyatı güncellendi.' });
    expect(await portions()).toEqual([{ name: 'Tek', price: 9400 }, { name: 'Duble', price: 13300 }]);
    expect((await get(`/api/edit-product/${id}`, owner.token)).product.variants).toEqual([{ name: 'Tek', price: 94 }, { name: 'Duble', price: 133 }]);
    expect(await post('/api/bulk-price/undo', owner.token, { operation_id: body.operation_id })).toMatchObject({ status: 200 });
    expect(await portions()).toEqual(before);
  });

  it('undo refuses (409, naming the products) when a product was changed since, and changes nothing', async () => {
    const op = await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'amount', value: 5, round: 1 });
    const edit = await sendForm(t.app, `/api/update-product/${ids.ayran}`, owner.token, { category_id: drinks, name: 'Ayran', selling_price: '40' });
    expect(edit.json().status).toBe(200);
    const before = await fingerprint(owner.userId);
    const undo = await post('/api/bulk-price/undo', owner.token, { operation_id: op.operation_id });
    expect(undo).toMatchObject({ status: 409, products: ['Ayran'] });
    expect(undo.message).toContain('Ayran');
    expect(undo.message).not.toContain('Mercimek');
    expect(await fingerprint(owner.userId)).toBe(before);
  });

  it("another owner's operation is not found (404) and stays as it was", async () => {
    const op = await post('/api/bulk-price', owner.token, { scope: 'all', mode: 'percent', value: 1, round: 0.01 });
    const before = await fingerprint(owner.userId);
    expect(await post('/api/bulk-price/undo', other.token, { operation_id: op.operation_id })).toMatchObject({ status: 404, message: 'Fiyat güncelleme işlemi bulunamadı.' });
    expect(await post('/api/bulk-price/undo', owner.token, { operation_id: 987654 })).toMatchObject({ status: 404 });
    expect(await fingerprint(owner.userId)).toBe(before);
    expect((await get('/api/bulk-price/last', other.token)).operation).toBeNull();
  });
});

describe('GET /api/price-history/:product_id', () => {
  it('records the edit form, import, bulk update and undo, newest first', async () => {
    const id = await product(owner.token, { category_id: soup, name: 'Tarhana', selling_price: '70' });
    await sendForm(t.app, `/api/update-product/${id}`, owner.token, { category_id: soup, name: 'Tarhana', selling_price: '75' });
    await sendForm(t.app, `/api/update-product/${id}`, owner.token, { category_id: soup, name: 'Tarhana Çorbası', selling_price: '75' }); // no price change
    await importFile(t.app, owner.token, csv([['Çorbalar', 'tarhana çorbası', null, '80,00', null, null, 'Aktif']], { header: ['Kategori', 'Ürün Adı', 'Açıklama', 'Satış Fiyatı', 'İndirimsiz Fiyat', 'Alerjen', 'Durum'] }));
    const op = await post('/api/bulk-price', owner.token, { scope: soup, mode: 'amount', value: 10, round: 1 });
    await post('/api/bulk-price/undo', owner.token, { operation_id: op.operation_id });
    const h = await get(`/api/price-history/${id}`, owner.token);
    expect(h.status).toBe(200);
    expect(h.history.map((e: { source: string; old: number; new: number }) => [e.source, e.old, e.new])).toEqual([
      ['undo', 90, 80], ['bulk', 80, 90], ['import', 75, 80], ['form', 70, 75],
    ]);
  });

  it("another owner's product, an unknown id or a bad id: body 404", async () => {
    for (const url of [`/api/price-history/${ids.theirs}`, '/api/price-history/987654', '/api/price-history/abc']) {
      expect(await get(url, owner.token), url).toMatchObject({ status: 404, message: 'Ürün bulunamadı.' });
    }
  });
});
