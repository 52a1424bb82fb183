import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOTAL_CAP, foldTurkish, matchesWords, searchWords } from '@qrmenu/contract';
import { buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { getAs, seedPlatform, type Platform } from '../../../test/admin-lists-fixture.js';

/** A search matching more products than ADMIN_TOTAL_CAP: counted up to the cap, pages still exact. */
let t: TestApp;
let token: string;
let platform: Platform;
const EXTRA = ADMIN_TOTAL_CAP + 150;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createAdmin(t.app)).token;
  platform = await seedPlatform(t.app);
  const cat = platform.categories[0];
  const { user_id } = await t.db.selectFrom('categories').select('user_id').where('id', '=', cat).executeTakeFirstOrThrow();
  // names alternate capitals and Turkish letters: "KÖFTE Izgara 7", "köfte ılık 8" …
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${EXTRA})
    insert into products (user_id, category_id, name, description, selling_price, original_price, allergen, image, status, created_at, updated_at)
    select ${user_id}, ${cat}, case when i % 2 = 0 then 'KÖFTE Izgara ' else 'köfte ılık ' end || i, null, 100 + (i * 37) % 500, null, null, null,
           case when i % 5 = 0 then '0' else '1' end, '2026-04-01T10:00:00.000Z', '2026-04-01T10:00:00.000Z'
    from n`.execute(t.db);
}, 120_000);
afterAll(async () => t.close());

const get = (url: string) => getAs(t.app, token, url);

/** Every product matching q, in the list's order for the sort (folded name or id), as the database keeps them. */
async function expected(q: string, sort: 'id' | 'name', dir: 'asc' | 'desc') {
  const rows = await t.db.selectFrom('products').select(['id', 'name']).execute();
  const words = searchWords(q);
  const hits = rows.filter((r) => matchesWords(foldTurkish(r.name), words));
  const key = (r: { id: number; name: string }) => (sort === 'id' ? r.id : foldTurkish(r.name));
  hits.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  if (dir === 'desc') hits.reverse();
  return hits.map((r) => r.id);
}

describe('searches past the count cap', () => {
  it('q=KÖFTE: total is the cap with total_capped; the first page is the newest matches', async () => {
    const all = await expected('KÖFTE', 'id', 'desc');
    expect(all.length).toBeGreaterThan(ADMIN_TOTAL_CAP);
    const body = await get('/api/admin/products?q=KÖFTE');
    expect(body).toMatchObject({ status: 200, total: ADMIN_TOTAL_CAP, total_capped: true, page: 1, per_page: 20 });
    expect(body.products.map((p: any) => p.id)).toEqual(all.slice(0, 20));
  });

  it('the last page of the capped count is read forwards (the cap-th match), past it is empty', async () => {
    const all = await expected('köfte', 'id', 'desc');
    const last = ADMIN_TOTAL_CAP / 100;
    const body = await get(`/api/admin/products?q=köfte&per_page=100&page=${last}`);
    expect(body).toMatchObject({ total: ADMIN_TOTAL_CAP, total_capped: true, page: last });
    expect(body.products.map((p: any) => p.id)).toEqual(all.slice(ADMIN_TOTAL_CAP - 100, ADMIN_TOTAL_CAP));
    const past = await get(`/api/admin/products?q=köfte&per_page=100&page=${last + 1}`);
    expect(past).toMatchObject({ total: ADMIN_TOTAL_CAP, total_capped: true, products: [] });
  });

  it('sorted by name (Turkish folding: ılık with ilik), page 2 descending is exact', async () => {
    const all = await expected('kofte ILIK', 'name', 'desc');
    expect(all.length).toBeGreaterThan(5000);
    const body = await get('/api/admin/products?q=kofte%20ILIK&sort=name&dir=desc&page=2');
    expect(body.total).toBe(Math.min(all.length, ADMIN_TOTAL_CAP));
    expect(body.products.map((p: any) => p.id)).toEqual(all.slice(20, 40));
  });

  it('short words only (no trigram): capped, the pages by id and by name are exact', async () => {
    const byId = await expected('fT', 'id', 'desc');
    expect(byId.length).toBeGreaterThan(ADMIN_TOTAL_CAP);
    const first = await get('/api/admin/products?q=fT&page=3');
    expect(first).toMatchObject({ total: ADMIN_TOTAL_CAP, total_capped: true });
    expect(first.products.map((p: any) => p.id)).toEqual(byId.slice(40, 60));
    const byName = await expected('fT', 'name', 'desc');
    const named = await get('/api/admin/products?q=fT&sort=name&dir=desc&page=2');
    expect(named.products.map((p: any) => p.id)).toEqual(byName.slice(20, 40));
  });

  it('short words under the cap: exact total, sorted by name', async () => {
    const all = await expected('ık 77', 'name', 'asc');
    expect(all.length).toBeGreaterThan(20);
    const body = await get('/api/admin/products?q=%C4%B1k%2077&sort=name&page=2');
    expect(body.total).toBe(all.length);
    expect(body).not.toHaveProperty('total_capped');
    expect(body.products.map((p: any) => p.id)).toEqual(all.slice(20, 40));
  });

  it('longer and shorter words together: exact under the cap (by name, page 2), capped over it', async () => {
    const under = await expected('izgara 77', 'name', 'desc');
    expect(under.length).toBeGreaterThan(10);
    const named = await get('/api/admin/products?q=izgara%2077&sort=name&dir=desc&page=2&per_page=5');
    expect(named.total).toBe(under.length);
    expect(named).not.toHaveProperty('total_capped');
    expect(named.products.map((p: any) => p.id)).toEqual(under.slice(5, 10));
    const over = await expected('köfte ft', 'id', 'desc');
    expect(over.length).toBeGreaterThan(ADMIN_TOTAL_CAP);
    const first = await get('/api/admin/products?q=k%C3%B6fte%20ft&page=2');
    expect(first).toMatchObject({ total: ADMIN_TOTAL_CAP, total_capped: true });
    expect(first.products.map((p: any) => p.id)).toEqual(over.slice(20, 40));
  });

  it('a search under the cap answers its exact total without total_capped', async () => {
    const all = await expected('izgara 77', 'id', 'desc');
    const body = await get('/api/admin/products?q=izgara%2077&per_page=100');
    expect(body.total).toBe(all.length);
    expect(body).not.toHaveProperty('total_capped');
    expect(body.products.map((p: any) => p.id)).toEqual(all.slice(0, 100));
  });

  it('without a search the total stays exact past the cap, and a passive filter with a search counts within it', async () => {
    const body = await get('/api/admin/products?per_page=5');
    expect(body.total).toBe(platform.products.length + EXTRA);
    expect(body).not.toHaveProperty('total_capped');
    const passive = await get('/api/admin/products?q=köfte&status=0');
    const n = (await t.db.selectFrom('products').select('name').where('status', '=', '0').execute()).filter((r) => matchesWords(foldTurkish(r.name), ['kofte'])).length;
    expect(passive.total).toBe(n);
    expect(passive).not.toHaveProperty('total_capped');
  });
});
