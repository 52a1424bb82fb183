import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../test/helpers.js';
import { jpeg, sendForm } from '../../test/owner-helpers.js';
import { addCategory, addProduct, adminUpdateBusiness, createBusiness } from '../../test/menu-helpers.js';

/**
 * The diner's menu: GET /api/getCategory/{company}, GET /api/getProduct/{id} and the
 * server-rendered pages under /qr/{company}, on a real database (SQLite or PostgreSQL).
 */
let t: TestApp;
let admin: { token: string };
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  A = await createBusiness(t.app, 'Çınar Kafe');
  B = await createBusiness(t.app, 'Deniz Balık');
  const photo = await jpeg(640, 480);
  ids.a1 = (await addCategory(t.app, A.token, { name: 'Kahvaltı', description: 'Sabah lezzetleri' }, photo)).id;
  ids.a2 = (await addCategory(t.app, A.token, { name: 'İçecekler', description: 'Görselsiz açıklama' })).id;
  ids.a3 = (await addCategory(t.app, A.token, { name: 'Gizli Kategori', status: '0' })).id;
  ids.p1 = (await addProduct(t.app, A.token, ids.a1, { name: 'Menemen', description: 'Köy yumurtası', selling_price: '1234,5', original_price: '1500', allergen: 'Yumurta' }, photo)).id;
  ids.p2 = (await addProduct(t.app, A.token, ids.a1, { name: 'Pasif Ürün', selling_price: '10', status: '0' })).id;
  ids.p3 = (await addProduct(t.app, A.token, ids.a1, { name: 'Simit', selling_price: '15' })).id;
  ids.p4 = (await addProduct(t.app, A.token, ids.a3, { name: 'Gizli Ürün', selling_price: '5' })).id;
  ids.b1 = (await addCategory(t.app, B.token, { name: 'Balıklar' })).id;
  ids.pb1 = (await addProduct(t.app, B.token, ids.b1, { name: 'Levrek Izgara', selling_price: '450' })).id;
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/getCategory/{company}', () => {
  it('lists the active categories of the business in order, with what a menu header needs', async () => {
    const res = await get(`/api/getCategory/${A.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(A.slug).toBe('cinar-kafe');
    expect(body.status).toBe(200);
    expect(body.company).toMatchObject({ name: 'Çınar Kafe', companyname: 'Çınar Kafe', slug: 'cinar-kafe', city: 34, city_name: 'İstanbul', ad_supported: true });
    expect(body.category.map((c: { id: number }) => c.id)).toEqual([ids.a1, ids.a2]);
    expect(Object.keys(body.category[0]).sort()).toEqual(['description', 'id', 'image', 'name']);
    expect(body.category[0].image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    // no owner data, no other business, no passive category
    expect(res.body).not.toMatch(/user_id|Ayşe|email|password|Balıklar|Gizli/);
  });

  it('matches {company} Turkish-aware and case-insensitively (ÇINAR-KAFE, CINAR-KAFE, Çınar-Kafe)', async () => {
    const expected = (await get('/api/getCategory/cinar-kafe')).json().category;
    for (const name of ['ÇINAR-KAFE', 'CINAR-KAFE', 'Çınar-Kafe', 'çinar-kafe']) {
      const body = (await get(`/api/getCategory/${encodeURIComponent(name)}`)).json();
      expect(body.status, name).toBe(200);
      expect(body.category).toEqual(expected);
    }
  });

  it('answers body status 404 (HTTP 200) for an unknown business or an impossible name', async () => {
    for (const name of ['yok-boyle-bir-yer', 'a%20b', 'a.b', '%00', '-', 'x'.repeat(100), '%3Cscript%3E']) {
      const res = await get(`/api/getCategory/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toEqual({ status: 404, message: PUBLIC_MSG.businessNotFound });
    }
  });

  it('does not show the menu of a business that has no public address yet', async () => {
    const owner = await registerOwner(t.app);
    const cat = await addCategory(t.app, owner.token, { name: 'Adressiz' });
    await addProduct(t.app, owner.token, cat.id, { name: 'Adressiz Ürün' });
    expect((await get(`/api/getProduct/${cat.id}`)).json().status).toBe(404);
  });
});

describe('GET /api/getProduct/{id}', () => {
  it('lists the active products of an active category with TL prices, never original_price', async () => {
    const res = await get(`/api/getProduct/${ids.a1}`);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.product_data.category).toEqual({ id: ids.a1, name: 'Kahvaltı', description: 'Sabah lezzetleri', image: expect.stringMatching(/^uploads\//) });
    expect(body.product_data.product.map((p: { id: number }) => p.id)).toEqual([ids.p1, ids.p3]);
    expect(body.product_data.product[0]).toEqual({
      id: ids.p1,
      name: 'Menemen',
      description: 'Köy yumurtası',
      selling_price: 1234.5,
      allergen: 'Yumurta',
      image: expect.stringMatching(/^uploads\/[0-9a-f]{32}\.webp$/),
    });
    expect(body.company.slug).toBe('cinar-kafe');
    expect(res.body).not.toMatch(/original_price|user_id|1500|Pasif Ürün|Ayşe/);
  });

  it('answers 404 for a passive category, an unknown id or a malformed id', async () => {
    for (const id of [String(ids.a3), '999999', 'abc', '0', '-1', '1.5', '9'.repeat(30)]) {
      const res = await get(`/api/getProduct/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json(), id).toEqual({ status: 404, message: PUBLIC_MSG.categoryNotFound });
    }
  });

  it("shows another business's category only with that business's own products", async () => {
    const body = (await get(`/api/getProduct/${ids.b1}`)).json();
    expect(body.company.slug).toBe('deniz-balik');
    expect(body.product_data.product.map((p: { name: string }) => p.name)).toEqual(['Levrek Izgara']);
  });
});

describe('server-rendered menu pages', () => {
  it('/qr/{company}: landing with Menü to the category list, Anket to the survey (issue 27) and a redirect to the list, no script', async () => {
    const res = await get('/qr/cinar-kafe');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html><html lang="tr">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toMatch(/<title>Çınar Kafe[^<]*<\/title>/);
    expect(html).toContain('<meta http-equiv="refresh" content="2;url=/qr/cinar-kafe/category"/>');
    expect(html).toContain('<a class="btn" href="/qr/cinar-kafe/category">Menü</a>');
    expect(html).toContain('<a class="btn alt" href="/qr/cinar-kafe/anket">Anket</a>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('QR Menü ile hazırlandı'); // Başlangıç plan
  });

  it('/qr/{company}/category: one card per active category; image and description only with an image', async () => {
    const res = await get('/qr/CINAR-KAFE/category');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`href="/qr/cinar-kafe/category/${ids.a1}"`);
    expect(html).toContain(`href="/qr/cinar-kafe/category/${ids.a2}"`);
    expect(html).not.toContain(`/category/${ids.a3}"`);
    expect(html).not.toContain('Gizli');
    expect(html).toContain('Sabah lezzetleri');
    expect(html).not.toContain('Görselsiz açıklama'); // description only when an image exists
    const img = html.match(/<img [^>]*>/g) ?? [];
    expect(img).toHaveLength(1);
    expect(img[0]).toMatch(/src="\/uploads\/[0-9a-f]{32}-sm\.webp"/);
    expect(img[0]).toMatch(/srcSet="\/uploads\/[0-9a-f]{32}-sm\.webp 480w, \/uploads\/[0-9a-f]{32}-md\.webp 960w, \/uploads\/[0-9a-f]{32}\.webp 1920w"/i);
    expect(img[0]).toMatch(/width="480"/);
    expect(img[0]).toMatch(/height="270"/);
    expect(img[0]).toMatch(/sizes="/);
    expect(html).not.toMatch(/<script/i);
    // the srcset files exist
    const src = img[0]!.match(/src="\/(uploads\/[^"]+)"/)![1]!;
    expect((await get(`/${src}`)).statusCode).toBe(200);
    expect((await get(`/${src.replace('-sm', '-md')}`)).statusCode).toBe(200);
  });

  it('/qr/{company}/category/{id}: heading, products with price (tr-TR, ₺), description, allergens', async () => {
    const res = await get(`/qr/cinar-kafe/category/${ids.a1}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1>Kahvaltı</h1>');
    expect(html).toContain('Menemen');
    expect(html).toContain('₺1.234,50');
    expect(html).toContain('₺15,00');
    expect(html).toContain('Köy yumurtası');
    expect(html).toContain('Alerjen: Yumurta');
    expect(html).not.toContain('Pasif Ürün');
    expect(html).not.toContain('₺1.500');
    expect(html).toMatch(/<img [^>]*width="96" height="96"/);
    expect(html).not.toMatch(/<script/i);
  });

  it('the business name is the title of every menu page', async () => {
    for (const url of ['/qr/cinar-kafe', '/qr/cinar-kafe/category', `/qr/cinar-kafe/category/${ids.a1}`]) {
      const html = (await get(url)).body;
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], url).toBe('Çınar Kafe');
    }
  });

  it('the 404 page draws its picture (no emoji that a phone without an emoji font shows as a box)', async () => {
    const html = (await get('/qr/yok-boyle-bir-isletme')).body;
    expect(html).toMatch(/<svg [^>]*aria-hidden="true"/);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('lazy-loads the product photos below the first four', async () => {
    const photo = await jpeg(200, 200, '#16a34a');
    const cat = await addCategory(t.app, B.token, { name: 'Mezeler' });
    for (let i = 1; i <= 6; i++) await addProduct(t.app, B.token, cat.id, { name: `Meze ${i}`, selling_price: '50' }, photo);
    const html = (await get(`/qr/deniz-balik/category/${cat.id}`)).body;
    const imgs = html.match(/<img [^>]*>/g) ?? [];
    expect(imgs).toHaveLength(6);
    expect(imgs.slice(0, 4).every((i) => !i.includes('loading="lazy"'))).toBe(true);
    expect(imgs.slice(4).every((i) => i.includes('loading="lazy"'))).toBe(true);
  });

  it('says so in Turkish when a menu has no categories yet', async () => {
    const empty = await createBusiness(t.app, 'Boş Lokanta');
    const html = (await get(`/qr/${empty.slug}/category`)).body;
    expect(html).toContain('Bu menüde henüz kategori bulunmuyor.');
  });

  it('answers HTTP 404 pages in Turkish: unknown business, unknown/passive/foreign category, unknown path', async () => {
    const cases = [
      ['/qr/yok-boyle-bir-yer', 'Menü bulunamadı'],
      ['/qr/yok-boyle-bir-yer/category', 'Menü bulunamadı'],
      ['/qr/%3Cscript%3E/category/1', 'Menü bulunamadı'],
      [`/qr/cinar-kafe/category/${ids.a3}`, 'Kategori bulunamadı'],
      [`/qr/cinar-kafe/category/${ids.b1}`, 'Kategori bulunamadı'],
      ['/qr/cinar-kafe/category/999999', 'Kategori bulunamadı'],
      ['/qr/cinar-kafe/category/abc', 'Kategori bulunamadı'],
      ['/qr/cinar-kafe/category/1/extra', 'Sayfa bulunamadı'],
      ['/qr', 'Sayfa bulunamadı'],
    ] as const;
    for (const [url, text] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain(text);
      expect(res.body, url).toContain('<html lang="tr">');
      expect(res.body, url).not.toMatch(/<script/i);
    }
  });

  it('escapes owner-entered names: <script> never reaches the page as a tag', async () => {
    const evil = await createBusiness(t.app, '<script>alert(1)</script>');
    const cat = await addCategory(t.app, evil.token, { name: '<img src=x onerror=alert(1)>', description: '"><script>alert(2)</script>' }, await jpeg(100, 100));
    await addProduct(t.app, evil.token, cat.id, { name: '<script>alert(3)</script>', allergen: '<b>süt</b>', selling_price: '1' });
    for (const url of [`/qr/${evil.slug}`, `/qr/${evil.slug}/category`, `/qr/${evil.slug}/category/${cat.id}`]) {
      const html = (await get(url)).body;
      expect(html, url).not.toMatch(/<script/i);
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).not.toContain('<b>süt');
      expect(html, url).toContain('&lt;');
    }
    expect((await get(`/qr/${evil.slug}`)).body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends precompressed br and gzip itself (Vary, no double compression), ETag and 304', async () => {
    const url = `/qr/cinar-kafe/category/${ids.a1}`;
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(30 * 1024);

    // JSON too; bodies under 512 bytes go uncompressed
    const apiPlain = await get(`/api/getProduct/${ids.a1}`);
    const api = await get(`/api/getProduct/${ids.a1}`, { 'accept-encoding': 'br' });
    expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    if (apiPlain.rawPayload.length >= 512) {
      expect(api.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(api.rawPayload).toString()).toBe(apiPlain.body);
    } else {
      expect(api.headers['content-encoding']).toBeUndefined();
    }

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('menu cache: an edit shows on the very next request', () => {
  it('owner renames a category (update-category)', async () => {
    expect((await get('/api/getCategory/cinar-kafe')).body).toContain('Kahvaltı');
    expect((await get('/qr/cinar-kafe/category')).body).toContain('Kahvaltı');
    const hitsBefore = t.app.menuCache.stats().hits;
    await get('/qr/cinar-kafe/category');
    expect(t.app.menuCache.stats().hits).toBe(hitsBefore + 1); // really served from the cache

    const res = await sendForm(t.app, `/api/update-category/${ids.a1}`, A.token, { name: 'Serpme Kahvaltı', description: 'Sabah lezzetleri', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get('/api/getCategory/cinar-kafe')).json().category[0].name).toBe('Serpme Kahvaltı');
    expect((await get('/qr/cinar-kafe/category')).body).toContain('Serpme Kahvaltı');
    expect((await get(`/qr/cinar-kafe/category/${ids.a1}`)).body).toContain('<h1>Serpme Kahvaltı</h1>');
  });

  it('owner changes a product price (update-product)', async () => {
    expect((await get(`/qr/cinar-kafe/category/${ids.a1}`)).body).toContain('₺15,00');
    expect((await get(`/api/getProduct/${ids.a1}`)).json().product_data.product[1].selling_price).toBe(15);
    const res = await sendForm(t.app, `/api/update-product/${ids.p3}`, A.token, { category_id: ids.a1, name: 'Simit', selling_price: '17,25', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get(`/qr/cinar-kafe/category/${ids.a1}`)).body).toContain('₺17,25');
    expect((await get(`/api/getProduct/${ids.a1}`)).json().product_data.product[1].selling_price).toBe(17.25);
  });

  it('owner sets a category passive: it leaves the list and its page is 404', async () => {
    expect((await get(`/qr/cinar-kafe/category/${ids.a2}`)).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${ids.a2}`)).json().status).toBe(200);
    const res = await sendForm(t.app, `/api/update-category/${ids.a2}`, A.token, { name: 'İçecekler', status: '0' });
    expect(res.json().status).toBe(200);
    expect((await get('/api/getCategory/cinar-kafe')).json().category.map((c: { id: number }) => c.id)).toEqual([ids.a1]);
    expect((await get('/qr/cinar-kafe/category')).body).not.toContain(`/category/${ids.a2}"`);
    expect((await get(`/qr/cinar-kafe/category/${ids.a2}`)).statusCode).toBe(404);
    expect((await get(`/api/getProduct/${ids.a2}`)).json().status).toBe(404);
  });

  it('owner deletes a product', async () => {
    expect((await get(`/qr/cinar-kafe/category/${ids.a1}`)).body).toContain('Simit');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${ids.p3}`, headers: bearer(A.token) });
    expect(res.json().status).toBe(200);
    expect((await get(`/qr/cinar-kafe/category/${ids.a1}`)).body).not.toContain('Simit');
  });

  it('admin sets the business passive: every menu page is a 404 "Bu menü şu anda kullanılamıyor", then active again', async () => {
    expect((await get('/qr/deniz-balik')).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${ids.b1}`)).json().status).toBe(200);
    await adminUpdateBusiness(t.app, admin.token, B.userId, { status: 0 });
    for (const url of ['/qr/deniz-balik', '/qr/deniz-balik/category', `/qr/deniz-balik/category/${ids.b1}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Bu menü şu anda kullanılamıyor');
    }
    expect((await get('/api/getCategory/deniz-balik')).json().status).toBe(404);
    expect((await get(`/api/getProduct/${ids.b1}`)).json().status).toBe(404);
    await adminUpdateBusiness(t.app, admin.token, B.userId, { status: 1 });
    expect((await get('/qr/deniz-balik')).statusCode).toBe(200);
    expect((await get(`/api/getProduct/${ids.b1}`)).json().status).toBe(200);
  });

  it('Başlangıç menus carry the "QR Menü ile hazırlandı" link; a Standart or Profesyonel menu does not', async () => {
    const urls = ['/qr/deniz-balik', '/qr/deniz-balik/category', `/qr/deniz-balik/category/${ids.b1}`];
    for (const url of urls) expect((await get(url)).body, url).toContain('<a class="made" href="/">QR Menü ile hazırlandı</a>');
    for (const level of ['1', '2']) {
      await adminUpdateBusiness(t.app, admin.token, B.userId, { userlevel: level });
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, `${url} level ${level}`).not.toContain('hazırlandı');
      }
      expect((await get('/api/getCategory/deniz-balik')).json().company.ad_supported).toBe(false);
    }
    await adminUpdateBusiness(t.app, admin.token, B.userId, { userlevel: '0' });
    expect((await get('/qr/deniz-balik/category')).body).toContain('QR Menü ile hazırlandı');
  });

  it('admin changes the slug: the old address answers 301 to the same page, the API serves the current business', async () => {
    expect((await get('/qr/deniz-balik/category')).statusCode).toBe(200);
    expect((await get('/api/getCategory/deniz-balik')).json().company.slug).toBe('deniz-balik');
    await adminUpdateBusiness(t.app, admin.token, B.userId, { companyengname: 'deniz-balik-moda' });

    for (const [from, to] of [
      ['/qr/deniz-balik', '/qr/deniz-balik-moda'],
      ['/qr/deniz-balik/category', '/qr/deniz-balik-moda/category'],
      [`/qr/DENIZ-BALIK/category/${ids.b1}`, `/qr/deniz-balik-moda/category/${ids.b1}`],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
      expect((await get(to!)).statusCode, to).toBe(200);
    }
    const api = (await get('/api/getCategory/deniz-balik')).json();
    expect(api.status).toBe(200);
    expect(api.company.slug).toBe('deniz-balik-moda');
    expect(api.category.map((c: { name: string }) => c.name)).toContain('Balıklar');
    expect((await get('/api/getCategory/deniz-balik-moda')).json().category).toEqual(api.category);
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
    await get('/qr/cinar-kafe/category');
    const gen = t.app.menuCache.generation;
    await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: 'a', mail: 'a@b.co', tel: '1', message: 'm' } });
    expect(t.app.menuCache.generation).toBe(gen);
    await sendForm(t.app, `/api/update-category/${ids.a1}`, A.token, { name: '' }); // validation error
    expect(t.app.menuCache.generation).toBeGreaterThan(gen);
  });

  it('a write refused before it could change anything ends nothing (no token, wrong role, unknown path, too large)', async () => {
    const gen = t.app.menuCache.generation;
    const refused = [
      await t.app.inject({ method: 'POST', url: `/api/update-category/${ids.a1}`, payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-category/${ids.a1}`, headers: bearer('yanlis-token'), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-category/${ids.a1}`, headers: bearer(admin.token), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: `/api/update-user/${B.userId}`, headers: bearer(A.token), payload: { name: 'X' } }),
      await t.app.inject({ method: 'POST', url: '/api/boyle-bir-yol-yok', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }) }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 403, 403, 404, 413]);
    expect(t.app.menuCache.generation).toBe(gen);
  });
});

describe("menu cache: one business's edit leaves the other menus cached", () => {
  // B's address is deniz-balik-moda since the slug test above; deniz-balik is its old address
  const bUrls = () => ['/api/getCategory/deniz-balik-moda', '/qr/deniz-balik-moda', '/qr/deniz-balik-moda/category', `/qr/deniz-balik-moda/category/${ids.b1}`, `/api/getProduct/${ids.b1}`];

  it("an owner's edit ends that owner's answers and the old addresses' ones, not another business's", async () => {
    const cache = t.app.menuCache;
    for (const url of [...bUrls(), '/api/getCategory/deniz-balik', '/qr/cinar-kafe/category']) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/qr/deniz-balik')).statusCode).toBe(301);
    const before = cache.stats();

    const res = await sendForm(t.app, `/api/update-category/${ids.a1}`, A.token, { name: 'Kahvaltı Tabağı', status: '1' });
    expect(res.json().status).toBe(200);

    for (const url of bUrls()) expect((await get(url)).statusCode, url).toBe(200);
    expect(cache.stats().misses).toBe(before.misses); // B's five answers came from the cache
    expect(cache.stats().hits).toBe(before.hits + 5);
    // answers under an old address belong to no business: any edit ends them
    expect((await get('/api/getCategory/deniz-balik')).json().company.slug).toBe('deniz-balik-moda');
    expect((await get('/qr/deniz-balik')).headers.location).toBe('/qr/deniz-balik-moda');
    expect(cache.stats().misses).toBe(before.misses + 2);
    // and A's own answer is the new one
    expect((await get('/qr/cinar-kafe/category')).body).toContain('Kahvaltı Tabağı');
    expect(cache.stats().misses).toBe(before.misses + 3);
  });

  it("B's menu shows B's own edit at once while A's stays cached", async () => {
    const cache = t.app.menuCache;
    expect((await get('/qr/cinar-kafe/category')).statusCode).toBe(200);
    expect((await get('/qr/deniz-balik-moda/category')).body).toContain('Balıklar');
    const before = cache.stats();
    // B's tokens ended when the administrator set it passive above: B signs in again
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: B.email, password: B.password } });
    const res = await sendForm(t.app, `/api/update-category/${ids.b1}`, login.json().token, { name: 'Taze Balıklar', status: '1' });
    expect(res.json().status).toBe(200);
    expect((await get('/qr/deniz-balik-moda/category')).body).toContain('Taze Balıklar');
    expect((await get('/qr/cinar-kafe/category')).statusCode).toBe(200);
    expect(cache.stats().misses).toBe(before.misses + 1);
  });

  it("an administrator's edit ends every business's answers", async () => {
    const cache = t.app.menuCache;
    expect((await get('/qr/cinar-kafe/category')).statusCode).toBe(200);
    expect((await get('/qr/deniz-balik-moda/category')).statusCode).toBe(200);
    const before = cache.stats();
    await adminUpdateBusiness(t.app, admin.token, B.userId, { deskcount: 12 });
    expect((await get('/qr/cinar-kafe/category')).statusCode).toBe(200);
    expect((await get('/qr/deniz-balik-moda/category')).statusCode).toBe(200);
    expect(cache.stats().misses).toBe(before.misses + 2);
  });
});
