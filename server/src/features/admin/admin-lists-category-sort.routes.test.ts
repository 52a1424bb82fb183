import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs, seedPlatform, type Platform } from '../../../test/admin-lists-fixture.js';

/** The products sorted by category read the category's name copied onto each product; it follows every change. */
let t: TestApp;
let token: string;
let platform: Platform;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createAdmin(t.app)).token;
  platform = await seedPlatform(t.app);
});
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);
/** Turkish order, case-insensitive (ICU's Turkish collation in Node, an oracle independent of the SQL key). */
const tr = new Intl.Collator('tr', { sensitivity: 'base' });

/** The whole product list sorted by category, checked against the categories' current names. */
async function expectSortedByCategory() {
  const names = new Map((await t.db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.id, c.name]));
  const asc = (await get('/api/admin/products?per_page=100&sort=category&dir=asc')).products as any[];
  const expected = [...asc].sort((a, b) => {
    const c = tr.compare(names.get(a.category_id)!, names.get(b.category_id)!);
    return c !== 0 ? c : a.id - b.id;
  });
  expect(asc.length).toBe(platform.products.length);
  expect(asc.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  expect(asc.map((r) => r.category.name)).toEqual(expected.map((r) => names.get(r.category_id)));
  const desc = (await get('/api/admin/products?per_page=100&sort=category&dir=desc')).products as any[];
  expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
  const last = await get(`/api/admin/products?per_page=5&sort=category&dir=asc&page=${Math.ceil(asc.length / 5)}`);
  expect(last.products.map((r: any) => r.id)).toEqual(asc.slice(5 * (Math.ceil(asc.length / 5) - 1)).map((r) => r.id));
  const keys = await t.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id').select(['p.category_key', 'c.name_key']).execute();
  for (const k of keys) expect(k.category_key).toBe(k.name_key);
}

describe('products sorted by category', () => {
  it('follows the category name in Turkish order (Ç after C, I before İ), ties by product id', async () => {
    await expectSortedByCategory();
  });

  it('a renamed category moves its products at once (the same statement), in Turkish order', async () => {
    const [first, second] = platform.categories;
    await t.db.updateTable('categories').set({ name: 'ŞIRA ve Ilık İçecek' }).where('id', '=', first).execute();
    await t.db.updateTable('categories').set({ name: 'aperatifler' }).where('id', '=', second).execute();
    await expectSortedByCategory();
    const top = (await get('/api/admin/products?per_page=5&sort=category&dir=asc')).products as any[];
    expect(top[0].category.name).toBe('aperatifler');
  });

  it('a rename rolled back leaves the products as they were', async () => {
    const cat = platform.categories[2];
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('categories').set({ name: 'Aaa Geçici' }).where('id', '=', cat).execute();
        throw new Error('geri al');
      })
      .catch(() => {});
    await expectSortedByCategory();
  });

  it('a product moved to another category, and a new product, take that category’s name', async () => {
    const [moved] = platform.products;
    const target = platform.categories.at(-1)!;
    const { user_id: owner } = await t.db.selectFrom('categories').select('user_id').where('id', '=', target).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ category_id: target, user_id: owner }).where('id', '=', moved).execute();
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto('products')
      .values({ user_id: owner, category_id: target, name: 'Yeni Ürün', description: null, selling_price: 100, original_price: null, allergen: null, image: null, status: '1', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    platform.products.push(id);
    await expectSortedByCategory();
  });
});
