import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs, seedPlatform, type Platform } from '../../../test/admin-lists-fixture.js';

/**
 * Categories and products sorted by business name read the business's sort key copied onto each row
 * (`company_key`, issue 40: a deep page walks one index); the copy follows every change of the name.
 */
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

/** Both lists, whole and by pages (a deep page too), checked against the businesses' current names. */
async function expectSortedByBusiness() {
  const names = new Map((await t.db.selectFrom('settings').select(['user_id', 'companyname']).execute()).map((s) => [s.user_id, s.companyname ?? '']));
  for (const [list, total] of [['categories', platform.categories.length], ['products', platform.products.length]] as const) {
    const asc = (await get(`/api/admin/${list}?per_page=100&sort=companyname&dir=asc`))[list] as Array<{ id: number; user_id: number; companyname: string }>;
    const expected = [...asc].sort((a, b) => tr.compare(names.get(a.user_id)!, names.get(b.user_id)!) || a.user_id - b.user_id || a.id - b.id);
    expect(asc.length).toBe(total);
    expect(asc.map((r) => r.id), list).toEqual(expected.map((r) => r.id));
    const desc = (await get(`/api/admin/${list}?per_page=100&sort=companyname&dir=desc`))[list] as Array<{ id: number }>;
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    // page 2 is read forwards from a boundary key, the second-to-last from the end (the order flipped)
    for (const page of [2, Math.ceil(total / 10) - 1]) {
      const rows = (await get(`/api/admin/${list}?per_page=10&sort=companyname&dir=asc&page=${page}`))[list] as Array<{ id: number }>;
      expect(rows.map((r) => r.id), `${list} page ${page}`).toEqual(asc.slice(10 * (page - 1), 10 * page).map((r) => r.id));
    }
  }
  const stale = await t.db
    .selectFrom('products as p')
    .innerJoin('settings as s', 's.user_id', 'p.user_id')
    .select(['p.company_key', 's.companyname_key'])
    .execute();
  for (const k of stale) expect(k.company_key).toBe(k.companyname_key ?? '');
}

describe('categories and products sorted by business name', () => {
  it('follow the business name in Turkish order (Ç after C, I before İ), then the business, then id', async () => {
    await expectSortedByBusiness();
  });

  it('a renamed business moves its rows at once (the same statement); a rename rolled back leaves them', async () => {
    const [first, second] = platform.users;
    await t.db.updateTable('settings').set({ companyname: 'Ilık Köşe' }).where('user_id', '=', first).execute();
    await t.db.updateTable('settings').set({ companyname: 'aaa Çay Evi' }).where('user_id', '=', second).execute();
    await expectSortedByBusiness();
    const top = (await get('/api/admin/products?per_page=5&sort=companyname&dir=asc')).products as Array<{ user_id: number }>;
    expect(top[0].user_id).toBe(second);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('settings').set({ companyname: 'Aaa Geçici' }).where('user_id', '=', platform.users[2]).execute();
        throw new Error('geri al');
      })
      .catch(() => {});
    await expectSortedByBusiness();
  });

  it('new categories and products take their business’s name; a business with an empty name sorts first', async () => {
    const owner = platform.users.at(-1)!;
    const now = '2026-05-01T10:00:00.000Z';
    const { id: categoryId } = await t.db
      .insertInto('categories')
      .values({ user_id: owner, name: 'Yeni Kategori', description: null, image: null, status: '1', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    platform.categories.push(categoryId);
    const { id } = await t.db
      .insertInto('products')
      .values({ user_id: owner, category_id: categoryId, name: 'Yeni Ürün', description: null, selling_price: 100, original_price: null, allergen: null, image: null, status: '1', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    platform.products.push(id);
    await t.db.updateTable('settings').set({ companyname: '' }).where('user_id', '=', platform.users[3]).execute();
    await expectSortedByBusiness();
    const top = (await get('/api/admin/categories?per_page=5&sort=companyname&dir=asc')).categories as Array<{ user_id: number }>;
    expect(top[0].user_id).toBe(platform.users[3]);
  });
});
