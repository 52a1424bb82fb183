import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MSG } from '@qrmenu/contract';
import { buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { jpeg } from '../../../test/owner-helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

/**
 * The diner's menu: GET /api/getCategory/{company}, GET /api/getProduct/{id} and the
 * server-rendered pages under /qr/{company}, on a real database (SQLite or PostgreSQL).
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Çınar Kafe');
  B = await createBusiness(t.app, 'Deniz Balık');
  const photo = await jpeg(640, 480);
  ids.a1 = (await addCategory(t.app, A.token, { name: 'Kahvaltı', description: 'Sabah lezzetleri' }, photo)).id;
  ids.a2 = (await addCategory(t.app, A.token, { name: 'İçecekler', description: 'Görselsiz açıklama' })).id;
  ids.a3 = (await addCategory(t.app, A.token, { name: 'Gizli Kategori', status: '0' })).id;
  ids.p1 = (await addProduct(t.app, A.token, ids.a1, { name: 'Menemen', description: 'Köy yumurtası', selling_price: '1234,5', original_price: '1000', allergen: 'Yumurta' }, photo)).id;
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
    expect(Object.keys(body.category[0]).sort()).toEqual(['description', 'id', 'image', 'name', 'sort_order']);
    expect(body.category[0].image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    // no owner data, no other business, no passive category
    // (the menu's own Wi-Fi password, `branding.wifi_password`, is public: it is on the menu)
    expect(res.body).not.toMatch(/user_id|Ayşe|email|(?<!wifi_)password|Balıklar|Gizli/);
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
  it('lists the active products of an active category with TL prices, original_price only as a campaign price', async () => {
    const res = await get(`/api/getProduct/${ids.a1}`);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.product_data.category).toEqual({ id: ids.a1, name: 'Kahvaltı', description: 'Sabah lezzetleri', image: expect.stringMatching(/^uploads\//), sort_order: 1 });
    expect(body.product_data.product.map((p: { id: number }) => p.id)).toEqual([ids.p1, ids.p3]);
    expect(body.product_data.product[0]).toEqual({
      id: ids.p1,
      name: 'Menemen',
      description: 'Köy yumurtası',
      selling_price: 1234.5,
      // below the selling price: not a campaign, stays private
      original_price: null,
      allergen: 'Yumurta',
      image: expect.stringMatching(/^uploads\/[0-9a-f]{32}\.webp$/),
      sold_out: '0', allergens: [], labels: [], variants: [], sort_order: 1,
    });
    expect(body.company.slug).toBe('cinar-kafe');
    expect(res.body).not.toMatch(/user_id|1000|Pasif Ürün|Ayşe/);
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
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
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
    expect(img[0]).toMatch(/srcSet="\/uploads\/[0-9a-f]{32}-xs\.webp 240w, \/uploads\/[0-9a-f]{32}-sm\.webp 480w, \/uploads\/[0-9a-f]{32}-md\.webp 960w, \/uploads\/[0-9a-f]{32}\.webp 1920w"/i);
    expect(img[0]).toMatch(/width="480"/);
    expect(img[0]).toMatch(/height="270"/);
    expect(img[0]).toMatch(/sizes="/);
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
    // the srcset files exist
    const src = img[0]!.match(/src="\/(uploads\/[^"]+)"/)![1];
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
    expect(html).toContain('İçerir: Yumurta'); // issue 38 item 5: one İçerir line holds the free-text allergens too
    expect(html).not.toContain('Alerjen: Yumurta');
    expect(html).not.toContain('Pasif Ürün');
    expect(html).not.toContain('₺1.500');
    expect(html).toMatch(/<img [^>]*width="96" height="96"/);
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
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
      expect(html, url).not.toMatch(RUNNABLE_SCRIPT);
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
