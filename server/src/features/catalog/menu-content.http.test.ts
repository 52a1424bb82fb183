import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Menu content over a real socket, where the fast path (features/menu/cache/menu-fast-path.ts) answers repeated
 * GETs from the cache: a query string (`?haric=`, `?q=`) must never get the plain page, and an
 * owner's edit (sold out, order) must show at once.
 */
let t: TestApp;
let base: string;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let cat: number;
let cat2: number;
let ayran: number;

const body = async (path: string) => {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
  expect(res.status, path).toBe(200);
  return res.text();
};
/** Requested several times: the later answers come from the fast path once it knows the URL. */
const warm = async (path: string) => {
  for (let i = 0; i < 3; i++) await body(path);
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  biz = await createBusiness(t.app, 'Soket Kafe');
  cat = (await addCategory(t.app, biz.token, { name: 'İçecekler' })).id;
  cat2 = (await addCategory(t.app, biz.token, { name: 'Tatlılar' })).id;
  ayran = (await addProduct(t.app, biz.token, cat, { name: 'Ayran', selling_price: '25', allergens: 'sut' })).id;
  await addProduct(t.app, biz.token, cat, { name: 'Çay', selling_price: '15' });
});
afterAll(async () => t?.close());

describe('menu content behind the fast path', () => {
  it('a filtered or searched URL never gets the cached plain page', async () => {
    const page = `/qr/${biz.slug}/category/${cat}`;
    await warm(page);
    await warm(`/qr/${biz.slug}/ara`);
    expect(t.app.menuCache.stats().fastHits).toBeGreaterThan(0);
    const filtered = await body(`${page}?haric=sut`);
    expect(filtered).not.toContain('<h2>Ayran</h2>');
    expect(filtered).toContain('1 ürün seçtiğiniz alerjenleri içerdiği için gizlendi.');
    const search = await body(`/qr/${biz.slug}/ara?q=cay`);
    expect([...search.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(['Çay']);
    const api = await (await fetch(`${base}/api/getProduct/${cat}?haric=sut`)).json();
    expect(api.product_data).toMatchObject({ hidden: 1, haric: ['sut'] });
    expect(await body(page)).toContain('<h2>Ayran</h2>');
  });

  it("an owner's sold-out switch and new order show at once on warm pages", async () => {
    const page = `/qr/${biz.slug}/category/${cat}`;
    const list = `/qr/${biz.slug}/category`;
    await warm(page);
    await warm(list);
    const res = await fetch(`${base}/api/sold-out-product/${ayran}`, { method: 'POST', headers: { ...bearer(biz.token), 'content-type': 'application/json' }, body: JSON.stringify({ sold_out: '1' }) });
    expect((await res.json()).status).toBe(200);
    expect(await body(page)).toContain('<span class="bd">Tükendi</span>');
    const sort = await fetch(`${base}/api/sort-categories`, { method: 'POST', headers: { ...bearer(biz.token), 'content-type': 'application/json' }, body: JSON.stringify({ ids: [cat2, cat] }) });
    expect((await sort.json()).status).toBe(200);
    const html = await body(list);
    expect(html.indexOf('Tatlılar')).toBeLessThan(html.indexOf('İçecekler'));
  });
});
