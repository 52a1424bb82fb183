import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGE, gramRequiredTerm } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { updateProduct } from './price-list.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
let cat: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Denetim Döner');
  b = await createBusiness(t.app, 'Temiz Kafe');
  cat = (await addCategory(t.app, a.token, { name: 'Ana Yemekler' })).id;
});
afterAll(async () => t.close());

type Finding = { code: string; severity: string; message: string; rule: string; product_id: number | null; reference_price: number | null };
const check = async (token = a.token): Promise<Finding[]> => {
  const res = await t.app.inject({ url: '/api/price-list/check', headers: bearer(token) });
  expect(res.json().status).toBe(200);
  expect(res.json().count).toBe(res.json().findings.length);
  return res.json().findings;
};
const of = (f: Finding[], code: string, id?: number) => f.filter((x) => x.code === code && (id === undefined || x.product_id === id));

describe('gram terms', () => {
  it('one list, matched after Turkish folding', () => {
    expect(gramRequiredTerm('Et DÖNER Dürüm')).toBe('doner');
    expect(gramRequiredTerm('İSKENDER')).toBe('iskender');
    expect(gramRequiredTerm('Cheeseburger')).toBe('burger');
    expect(gramRequiredTerm('Köfte Ekmek')).toBe('kofte ekmek');
    expect(gramRequiredTerm('Mercimek Çorbası')).toBeNull();
  });
});

describe('GET /api/price-list/check', () => {
  it('an active product without a price: found, then cleared', async () => {
    const p = await addProduct(t.app, a.token, cat, { name: 'Günün Yemeği' });
    const f = of(await check(), 'no_price', p.id);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'error' });
    expect(f[0].message).toContain('Fiyat Etiketi Yönetmeliği md. 8');
    await updateProduct(t.app, a.token, p.id, { selling_price: 120 });
    expect(of(await check(), 'no_price', p.id)).toHaveLength(0);
  });

  it('döner without a gram amount: found; with grams (or every portion in grams) cleared; ml does not count', async () => {
    const p = await addProduct(t.app, a.token, cat, { name: 'Tavuk Döner Dürüm', selling_price: 140 });
    expect(of(await check(), 'gram_missing', p.id)).toHaveLength(1);
    expect(of(await check(), 'gram_missing', p.id)[0].message).toContain('gram');
    await updateProduct(t.app, a.token, p.id, { amount: 100, amount_unit: 'ml' });
    expect(of(await check(), 'gram_missing', p.id)).toHaveLength(1);
    await updateProduct(t.app, a.token, p.id, { amount: 100, amount_unit: 'g' });
    expect(of(await check(), 'gram_missing', p.id)).toHaveLength(0);
    const h = await addProduct(t.app, a.token, cat, {
      name: 'HAMBURGER', selling_price: 200, variants: JSON.stringify([{ name: 'Tek', price: 200, amount: 120, unit: 'g' }, { name: 'Duble', price: 280 }]),
    });
    expect(of(await check(), 'gram_missing', h.id)).toHaveLength(1);
    await updateProduct(t.app, a.token, h.id, { variants: JSON.stringify([{ name: 'Tek', price: 200, amount: 120, unit: 'g' }, { name: 'Duble', price: 280, amount: 240, unit: 'g' }]) });
    expect(of(await check(), 'gram_missing', h.id)).toHaveLength(0);
  });

  it('a service or cover charge announced: found with the menu note’s rule; a "no charge" sentence is fine', async () => {
    // the API refuses such a text (issue 38): one saved before that rule, as an older menu has it
    const p = await addProduct(t.app, a.token, cat, { name: 'Kahvaltı Tabağı', selling_price: 300 });
    await t.db.updateTable('products').set({ description: 'Kişi başı kuver ücreti 50 TL eklenir.' }).where('id', '=', p.id).execute();
    const f = of(await check(), 'charge_announced', p.id);
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain(CHARGE_MESSAGE);
    await updateProduct(t.app, a.token, p.id, { description: 'Kuver ücreti alınmaz.' });
    expect(of(await check(), 'charge_announced')).toHaveLength(0);
  });

  it('a "was" price above the lowest of the 30 days before the campaign: found with the reference; cleared at the reference', async () => {
    const p = await addProduct(t.app, a.token, cat, { name: 'Mantı', selling_price: 185 });
    await updateProduct(t.app, a.token, p.id, { selling_price: 170 });
    await updateProduct(t.app, a.token, p.id, { selling_price: 190 });
    // the product form's reference before the campaign: the lowest of the last 30 days
    const ref = await t.app.inject({ url: `/api/price-list/reference-price/${p.id}`, headers: bearer(a.token) });
    expect(ref.json()).toMatchObject({ status: 200, lowest: 170, days: 30 });
    await updateProduct(t.app, a.token, p.id, { selling_price: 150, original_price: 190 });
    const f = of(await check(), 'campaign_price', p.id);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'error', reference_price: 170 });
    expect(f[0].message).toContain('₺170,00');
    // while the campaign runs, the reference stays the one before it began
    expect((await t.app.inject({ url: `/api/price-list/reference-price/${p.id}`, headers: bearer(a.token) })).json().lowest).toBe(170);
    await updateProduct(t.app, a.token, p.id, { original_price: 170 });
    expect(of(await check(), 'campaign_price', p.id)).toHaveLength(0);
  });

  it('prices older than 30 days before the campaign do not count', async () => {
    const p = await addProduct(t.app, a.token, cat, { name: 'Lahmacun', selling_price: 60 });
    await updateProduct(t.app, a.token, p.id, { selling_price: 80 });
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await t.db.updateTable('price_history').set({ created_at: old }).where('product_id', '=', p.id).execute();
    await updateProduct(t.app, a.token, p.id, { selling_price: 70, original_price: 80 });
    expect(of(await check(), 'campaign_price', p.id)).toHaveLength(0);
  });

  it('the door list: not printed yet (warning), printed (cleared), outdated after price changes ("3 fiyat değişti")', async () => {
    expect(of(await check(), 'list_not_printed')).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/price-list.pdf?format=kapi', headers: bearer(a.token) })).statusCode).toBe(200);
    expect(of(await check(), 'list_not_printed')).toHaveLength(0);
    expect(of(await check(), 'list_outdated')).toHaveLength(0);
    const products = (await t.app.inject({ url: '/api/view-product', headers: bearer(a.token) })).json().products as Array<{ id: number; selling_price: number | null }>;
    const priced = products.filter((p) => p.selling_price != null).slice(0, 3);
    for (const p of priced) await updateProduct(t.app, a.token, p.id, { selling_price: p.selling_price! + 5 });
    const f = of(await check(), 'list_outdated');
    expect(f).toHaveLength(1);
    expect(f[0].message).toContain('Kapıdaki liste güncel değil: 3 fiyat değişti');
    // downloading a past version is not printing the current one
    await t.app.inject({ url: '/api/price-list.pdf?format=kapi&version=1', headers: bearer(a.token) });
    expect(of(await check(), 'list_outdated')).toHaveLength(1);
    await t.app.inject({ url: '/api/price-list.pdf?format=kapi', headers: bearer(a.token) });
    expect(of(await check(), 'list_outdated')).toHaveLength(0);
  });

  it("each owner's findings are their own", async () => {
    const c = await addCategory(t.app, b.token, { name: 'İçecekler' });
    await addProduct(t.app, b.token, c.id, { name: 'Çay', selling_price: 20 });
    await t.app.inject({ url: '/api/price-list.pdf?format=kapi', headers: bearer(b.token) });
    expect(await check(b.token)).toEqual([]);
  });
});
