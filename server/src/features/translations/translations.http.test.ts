import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Menu languages over a real socket, where the fast path answers warm canonical addresses: the
 * landing is never one cached copy for every Accept-Language, and translated pages stay current.
 */
let t: TestApp;
let base: string;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let plain: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  biz = await createBusiness(t.app, 'Çok Dilli Kafe');
  plain = await createBusiness(t.app, 'Tek Dilli Kafe');
  categoryId = (await addCategory(t.app, biz.token, { name: 'Tatlılar' })).id;
  productId = (await addProduct(t.app, biz.token, categoryId, { name: 'Künefe', selling_price: '145.5' })).id;
  const s = await t.app.inject({
    method: 'POST', url: '/api/update-setting', headers: bearer(biz.token),
    payload: { name: 'Ayşe', companyname: 'Çok Dilli Kafe', city: 34, tel: '0216 555 11 22', languages: ['en', 'de'] },
  });
  expect(s.json().status).toBe(200);
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: 'manual' });

describe('landing per Accept-Language on warm caches', () => {
  it('each preference gets its own answer, again and again (fast path included)', async () => {
    for (let round = 0; round < 3; round++) {
      const de = await get(`/qr/${biz.slug}`, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(de.status).toBe(302);
      expect(de.headers.get('location')).toBe(`/qr/${biz.slug}/category?lang=de`);
      expect(de.headers.get('vary')).toMatch(/Accept-Language/);
      const en = await get(`/qr/${biz.slug}`, { 'accept-language': 'en-US,en;q=0.9' });
      expect(en.headers.get('location')).toBe(`/qr/${biz.slug}/category?lang=en`);
      const tr = await get(`/qr/${biz.slug}`, { 'accept-language': 'tr-TR' });
      expect(tr.status).toBe(200);
      expect(await tr.text()).toContain('<html lang="tr"');
      const none = await get(`/qr/${biz.slug}`);
      expect(none.status).toBe(200);
      const other = await get(`/qr/${plain.slug}`, { 'accept-language': 'de' });
      expect(other.status).toBe(200);
      expect(other.headers.get('vary')).toMatch(/Accept-Language/);
    }
    expect(t.app.menuCache.stats().fastHits).toBeGreaterThan(0);
  });

  it('a German phone lands on the German menu (redirect followed)', async () => {
    const res = await fetch(`${base}/qr/${biz.slug}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(res.url).toBe(`${base}/qr/${biz.slug}/category?lang=de`);
    expect(await res.text()).toContain('<html lang="de"');
  });

  it('a translation edit shows on the very next request of a warm translated page', async () => {
    const url = `/qr/${biz.slug}/category/${categoryId}?lang=en`;
    await get(url);
    await get(url);
    const save = await t.app.inject({
      method: 'POST', url: '/api/translations', headers: bearer(biz.token),
      payload: { lang: 'en', items: [{ type: 'product', id: productId, name: 'Kunefe with pistachio', description: '' }] },
    });
    expect(save.json().status).toBe(200);
    expect(await (await get(url)).text()).toContain('Kunefe with pistachio');
    expect(await (await get(`/qr/${biz.slug}/category/${categoryId}`)).text()).toContain('<h2>Künefe</h2>');
  });
});
