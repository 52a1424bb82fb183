import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/admin-rows.js';
import { describeAdminGuard, type GuardedRoute } from '../../../test/admin-guard.js';
import { formatPriceRange } from '@qrmenu/contract';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createAdmin(t.app)).token;
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const addCategory = (userId: number, name: string, status?: string) => insertCategory(t.db, userId, name, status);
const addProduct = (userId: number, categoryId: number, name: string, kurus: number | null, status?: string) => insertProduct(t.db, userId, categoryId, name, kurus, status);
const ROUTES: GuardedRoute[] = [
  ['GET', '/api/admin/categories'],
  ['GET', '/api/admin/products'],
];

describeAdminGuard(() => t, ROUTES);

describe('GET /api/admin/categories and /api/admin/products', () => {
  it('lists every business’s categories and products with business and category names, prices in TL', async () => {
    const a = await registerOwner(t.app, { company: 'Ada Kafe' });
    const b = await registerOwner(t.app, { name: 'Bora Şen' });
    const ca = await addCategory(a.userId, 'Tatlılar');
    const cb = await addCategory(b.userId, 'İçecekler', '0');
    const pa = await addProduct(a.userId, ca, 'Künefe', 12550);
    await addProduct(b.userId, cb, 'Ayran', null, '0');

    const cats = (await get('/api/admin/categories', adminToken)).json();
    expect(cats.status).toBe(200);
    expect(cats.categories.find((c: any) => c.id === ca)).toMatchObject({ name: 'Tatlılar', user_id: a.userId, companyname: 'Ada Kafe', status: '1', product_count: 1 });
    // a business without a company name shows its owner's name
    expect(cats.categories.find((c: any) => c.id === cb)).toMatchObject({ name: 'İçecekler', companyname: 'Bora Şen', owner_name: 'Bora Şen', status: '0' });

    const prods = (await get('/api/admin/products', adminToken)).json();
    expect(prods.status).toBe(200);
    expect(prods.products.find((p: any) => p.id === pa)).toMatchObject({ name: 'Künefe', selling_price: 125.5, category: { name: 'Tatlılar' }, category_id: ca, companyname: 'Ada Kafe' });
    expect(prods.products.find((p: any) => p.name === 'Ayran')).toMatchObject({ selling_price: null, status: '0', companyname: 'Bora Şen' });
  });
});

describe('GET /api/admin/products: portions', () => {
  it('a product with portions carries them (TL), so the list shows their range instead of an empty price', async () => {
    const o = await registerOwner(t.app, { company: 'Porsiyon Evi' });
    const c = await addCategory(o.userId, 'Rakı');
    const id = await addProduct(o.userId, c, 'Yeni Rakı', null);
    await t.db.updateTable('products').set({ variants: JSON.stringify([{ name: 'Tek', price: 12000 }, { name: 'Duble', price: 18000 }]) }).where('id', '=', id).execute();
    const single = await addProduct(o.userId, c, 'Çay', 1500);
    const prods = (await get('/api/admin/products?business=Porsiyon', adminToken)).json();
    const row = prods.products.find((p: any) => p.id === id);
    expect(row).toMatchObject({ selling_price: null, variants: [{ name: 'Tek', price: 120 }, { name: 'Duble', price: 180 }] });
    expect(formatPriceRange(row.selling_price, row.variants)).toBe('₺120,00 – ₺180,00');
    const cay = prods.products.find((p: any) => p.id === single);
    expect(cay.variants).toEqual([]);
    expect(formatPriceRange(cay.selling_price, cay.variants)).toBe('₺15,00');
  });
});
