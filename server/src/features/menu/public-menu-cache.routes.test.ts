import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { addCategory, addProduct, adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';

/** The menu cache seen through the routes: an edit shows on the very next request, and only where it must. */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A business of its own for a test that edits its menu: two categories, two products in the first. */
async function editableMenu(companyname: string) {
  const biz = await createBusiness(t.app, companyname);
  const cat = (await addCategory(t.app, biz.token, { name: 'Kahvaltı', description: 'Sabah lezzetleri' })).id;
  const other = (await addCategory(t.app, biz.token, { name: 'İçecekler' })).id;
  await addProduct(t.app, biz.token, cat, { name: 'Menemen', selling_price: '120' });
  const simit = (await addProduct(t.app, biz.token, cat, { name: 'Simit', selling_price: '15' })).id;
  return { ...biz, cat, other, simit };
}

describe('menu cache: an edit shows on the very next request', () => {
  it('owner renames a category (update-category)', async () => {
    const m = await editableMenu('Ekin Fırın');
    expect((await get(`/api/getCategory/${m.slug}`)).body).toContain('Kahvaltı');
    expect((await get(`/qr/${m.slug}/category`)).body).toContain('Kahvaltı');
    const hitsBefore = t.app.menuCache.stats().hits;
    await get(`/qr/${m.slug}/category`);
    expect(t.app.menuCache.stats().hits).toBe(hitsBefore + 1); // really served from the cache

    const res = await sendForm(t.app, `/api/update-category/${m.cat}`, m.token, { name: 'Serpme Kahvaltı', description: 'Sabah lezzetleri', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get(`/api/getCategory/${m.slug}`)).json().category[0].name).toBe('Serpme Kahvaltı');
    expect((await get(`/qr/${m.slug}/category`)).body).toContain('Serpme Kahvaltı');
    expect((await get(`/qr/${m.slug}/category/${m.cat}`)).body).toContain('<h1>Serpme Kahvaltı</h1>');
  });

  it('owner changes a product price (update-product)', async () => {
    const m = await editableMenu('Fidan Pastanesi');
    expect((await get(`/qr/${m.slug}/category/${m.cat}`)).body).toContain('₺15,00');
    expect((await get(`/api/getProduct/${m.cat}`)).json().product_data.product[1].selling_price).toBe(15);
    const res = await sendForm(t.app, `/api/update-product/${m.simit}`, m.token, { category_id: m.cat, name: 'Simit', selling_price: '17,25', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get(`/qr/${m.slug}/category/${m.cat}`)).body).toContain('₺17,25');
    expect((await get(`/api/getProduct/${m.cat}`)).json().product_data.product[1].selling_price).toBe(17.25);
  });

  it('owner sets a category passive: it leaves the list and its page is 404', async () => {
    const m = await editableMenu('Gül Kahvesi');
    expect((await get(`/qr/${m.slug}/category/${m.other}`)).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${m.other}`)).json().status).toBe(200);
    const res = await sendForm(t.app, `/api/update-category/${m.other}`, m.token, { name: 'İçecekler', status: '0' });
    expect(res.json().status).toBe(200);
    expect((await get(`/api/getCategory/${m.slug}`)).json().category.map((c: { id: number }) => c.id)).toEqual([m.cat]);
    expect((await get(`/qr/${m.slug}/category`)).body).not.toContain(`/category/${m.other}"`);
    expect((await get(`/qr/${m.slug}/category/${m.other}`)).statusCode).toBe(404);
    expect((await get(`/api/getProduct/${m.other}`)).json().status).toBe(404);
  });

  it('owner deletes a product', async () => {
    const m = await editableMenu('Hisar Lokantası');
    expect((await get(`/qr/${m.slug}/category/${m.cat}`)).body).toContain('Simit');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${m.simit}`, headers: bearer(m.token) });
    expect(res.json().status).toBe(200);
    expect((await get(`/qr/${m.slug}/category/${m.cat}`)).body).not.toContain('Simit');
  });

  it('admin sets the business passive: every menu page is a 404 "Bu menü şu anda kullanılamıyor", then active again', async () => {
    const m = await editableMenu('Irmak Balık');
    expect((await get(`/qr/${m.slug}`)).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${m.cat}`)).json().status).toBe(200);
    await adminUpdateBusiness(t.app, admin.token, m.userId, { status: 0 });
    for (const url of [`/qr/${m.slug}`, `/qr/${m.slug}/category`, `/qr/${m.slug}/category/${m.cat}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Bu menü şu anda kullanılamıyor');
    }
    expect((await get(`/api/getCategory/${m.slug}`)).json().status).toBe(404);
    expect((await get(`/api/getProduct/${m.cat}`)).json().status).toBe(404);
    await adminUpdateBusiness(t.app, admin.token, m.userId, { status: 1 });
    expect((await get(`/qr/${m.slug}`)).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${m.cat}`)).json().status).toBe(200);
  });

  it('Başlangıç menus carry the "QR Menü ile hazırlandı" link; a Standart or Profesyonel menu does not', async () => {
    const m = await editableMenu('Jale Büfe');
    const urls = [`/qr/${m.slug}`, `/qr/${m.slug}/category`, `/qr/${m.slug}/category/${m.cat}`];
    for (const url of urls) expect((await get(url)).body, url).toContain('<a class="made" href="/">QR Menü ile hazırlandı</a>');
    for (const level of ['1', '2']) {
      await adminUpdateBusiness(t.app, admin.token, m.userId, { userlevel: level });
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, `${url} level ${level}`).not.toContain('hazırlandı');
      }
      expect((await get(`/api/getCategory/${m.slug}`)).json().company.ad_supported).toBe(false);
    }
    await adminUpdateBusiness(t.app, admin.token, m.userId, { userlevel: '0' });
    expect((await get(`/qr/${m.slug}/category`)).body).toContain('QR Menü ile hazırlandı');
  });

  it('admin changes the slug: the old address answers 301 to the same page, the API serves the current business', async () => {
    const m = await editableMenu('Lale Balık');
    expect(m.slug).toBe('lale-balik');
    expect((await get('/qr/lale-balik/category')).statusCode).toBe(200);
    expect((await get('/api/getCategory/lale-balik')).json().company.slug).toBe('lale-balik');
    await adminUpdateBusiness(t.app, admin.token, m.userId, { companyengname: 'lale-balik-moda' });

    for (const [from, to] of [
      ['/qr/lale-balik', '/qr/lale-balik-moda'],
      ['/qr/lale-balik/category', '/qr/lale-balik-moda/category'],
      [`/qr/LALE-BALIK/category/${m.cat}`, `/qr/lale-balik-moda/category/${m.cat}`],
    ]) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
      expect((await get(to)).statusCode, to).toBe(200);
    }
    const api = (await get('/api/getCategory/lale-balik')).json();
    expect(api.status).toBe(200);
    expect(api.company.slug).toBe('lale-balik-moda');
    expect(api.category.map((c: { name: string }) => c.name)).toContain('Kahvaltı');
    expect((await get('/api/getCategory/lale-balik-moda')).json().category).toEqual(api.category);
  });

  it('a reader that read before an edit never stores its result (generation captured before the read)', async () => {
    const cache = t.app.menuCache;
    let calls = 0;
    const compute = async () => {
      calls++;
      if (calls === 1) await cache.bump(); // an edit lands while the first reader is reading
      return { statusCode: 200, contentType: 'text/plain', body: `v${calls}`, cacheable: true };
    };
    const first = await cache.resolve('test:race', compute);
    expect(first.body.toString()).toBe('v1');
    const second = await cache.resolve('test:race', compute);
    expect(second.body.toString()).toBe('v2'); // v1 was not stored
    const third = await cache.resolve('test:race', compute);
    expect(third.body.toString()).toBe('v2'); // v2 was
    expect(calls).toBe(2);
  });

  it('a failed or neutral request does not need to invalidate, but any write to /api does', async () => {
    const m = await editableMenu('Tuna Kafe');
    await get(`/qr/${m.slug}/category`);
    const gen = t.app.menuCache.generation;
    await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: 'a', mail: 'a@b.co', tel: '1', message: 'm' } });
    expect(t.app.menuCache.generation).toBe(gen);
    await sendForm(t.app, `/api/update-category/${m.cat}`, m.token, { name: '' }); // validation error
    expect(t.app.menuCache.generation).toBeGreaterThan(gen);
  });

  it('a write refused before it could change anything ends nothing (no token, wrong role, unknown path, too large)', async () => {
    const x = await editableMenu('Umut Kafe');
    const y = await editableMenu('Vadi Balık');
    const gen = t.app.menuCache.generation;
    const refused = [
      await t.app.inject({ method: 'POST', url: `/api/update-category/${x.cat}`, payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-category/${x.cat}`, headers: bearer('yanlis-token'), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-category/${x.cat}`, headers: bearer(admin.token), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-user/${y.userId}`, headers: bearer(x.token), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: '/api/boyle-bir-yol-yok', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }) }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 403, 403, 404, 413]);
    expect(t.app.menuCache.generation).toBe(gen);
  });
});

describe("menu cache: one business's edit leaves the other menus cached", () => {
  it("an owner's edit ends that owner's answers and the old addresses' ones, not another business's", async () => {
    const x = await editableMenu('Meltem Kafe');
    const y = await editableMenu('Nehir Balık');
    await adminUpdateBusiness(t.app, admin.token, y.userId, { companyengname: 'nehir-balik-moda' });
    const yUrls = ['/api/getCategory/nehir-balik-moda', '/qr/nehir-balik-moda', '/qr/nehir-balik-moda/category', `/qr/nehir-balik-moda/category/${y.cat}`, `/api/getProduct/${y.cat}`];
    const cache = t.app.menuCache;
    for (const url of [...yUrls, '/api/getCategory/nehir-balik', `/qr/${x.slug}/category`]) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/qr/nehir-balik')).statusCode).toBe(301);
    const before = cache.stats();

    const res = await sendForm(t.app, `/api/update-category/${x.cat}`, x.token, { name: 'Kahvaltı Tabağı', status: '1' });
    expect(res.json().status).toBe(200);

    for (const url of yUrls) expect((await get(url)).statusCode, url).toBe(200);
    expect(cache.stats().misses).toBe(before.misses); // y's five answers came from the cache
    expect(cache.stats().hits).toBe(before.hits + 5);
    // answers under an old address belong to no business: any edit ends them
    expect((await get('/api/getCategory/nehir-balik')).json().company.slug).toBe('nehir-balik-moda');
    expect((await get('/qr/nehir-balik')).headers.location).toBe('/qr/nehir-balik-moda');
    expect(cache.stats().misses).toBe(before.misses + 2);
    // and x's own answer is the new one
    expect((await get(`/qr/${x.slug}/category`)).body).toContain('Kahvaltı Tabağı');
    expect(cache.stats().misses).toBe(before.misses + 3);
  });

  it("one menu shows its owner's edit at once while another stays cached", async () => {
    const x = await editableMenu('Orkide Kafe');
    const y = await editableMenu('Poyraz Balık');
    const cache = t.app.menuCache;
    expect((await get(`/qr/${x.slug}/category`)).statusCode).toBe(200);
    expect((await get(`/qr/${y.slug}/category`)).body).toContain('Kahvaltı');
    const before = cache.stats();
    const res = await sendForm(t.app, `/api/update-category/${y.cat}`, y.token, { name: 'Taze Balıklar', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get(`/qr/${y.slug}/category`)).body).toContain('Taze Balıklar');
    expect((await get(`/qr/${x.slug}/category`)).statusCode).toBe(200);
    expect(cache.stats().misses).toBe(before.misses + 1);
  });

  it("an administrator's edit ends every business's answers", async () => {
    const x = await editableMenu('Rüzgar Kafe');
    const y = await editableMenu('Su Balık');
    const cache = t.app.menuCache;
    expect((await get(`/qr/${x.slug}/category`)).statusCode).toBe(200);
    expect((await get(`/qr/${y.slug}/category`)).statusCode).toBe(200);
    const before = cache.stats();
    await adminUpdateBusiness(t.app, admin.token, y.userId, { deskcount: 12 });
    expect((await get(`/qr/${x.slug}/category`)).statusCode).toBe(200);
    expect((await get(`/qr/${y.slug}/category`)).statusCode).toBe(200);
    expect(cache.stats().misses).toBe(before.misses + 2);
  });
});
