import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { decodeQr, pageSize, pdfPages, updateProduct } from './price-list.test-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Çınar Şişli Kebap');
  b = await createBusiness(t.app, 'Başka Lokanta');
  const kebap = await addCategory(t.app, a.token, { name: 'Kebaplar' });
  ids.kebap = kebap.id;
  const icecek = await addCategory(t.app, a.token, { name: 'İçecekler' });
  const gizli = await addCategory(t.app, a.token, { name: 'Gizli Kategori', status: '0' });
  ids.iskender = (await addProduct(t.app, a.token, kebap.id, { name: 'İskender', selling_price: 185, amount: 250, amount_unit: 'g' })).id;
  ids.adana = (await addProduct(t.app, a.token, kebap.id, {
    name: 'Adana Dürüm', selling_price: 150,
    variants: JSON.stringify([{ name: 'Küçük', price: 120, amount: 80, unit: 'g' }, { name: 'Büyük', price: '210,50', amount: '160', unit: 'gr' }]),
  })).id;
  ids.ayran = (await addProduct(t.app, a.token, icecek.id, { name: 'Ayran', selling_price: 35, amount: '0,3', amount_unit: 'L', sold_out: '1' })).id;
  ids.pasif = (await addProduct(t.app, a.token, icecek.id, { name: 'Pasif Şalgam', selling_price: 40, status: '0' })).id;
  ids.gizli = (await addProduct(t.app, a.token, gizli.id, { name: 'Gizli Tatlı', selling_price: 90 })).id;
  const bc = await addCategory(t.app, b.token, { name: 'Çorbalar' });
  ids.b = (await addProduct(t.app, b.token, bc.id, { name: 'Mercimek', selling_price: 60 })).id;
});
afterAll(async () => t.close());

const get = (token: string | undefined, url: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const pdf = async (token: string, query: string) => {
  const res = await get(token, `/api/price-list.pdf${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};
const versions = async (token: string) => (await get(token, '/api/price-list/versions')).json();

describe('amounts on products and portions', () => {
  it('the product answer carries them; portions keep theirs; a lone value is refused', async () => {
    const p = (await get(a.token, `/api/edit-product/${ids.adana}`)).json().product;
    expect(p.variants).toEqual([{ name: 'Küçük', price: 120, amount: 80, unit: 'g' }, { name: 'Büyük', price: 210.5, amount: 160, unit: 'g' }]);
    const ayran = (await get(a.token, `/api/edit-product/${ids.ayran}`)).json().product;
    expect([ayran.amount, ayran.amount_unit]).toEqual([0.3, 'L']);
    const { sendForm } = await import('../../../test/owner-helpers.js');
    const bad = await sendForm(t.app, '/api/store-product', a.token, { category_id: p.category_id, name: 'X', amount: 250 });
    expect(bad.json().status).toBe(422);
    expect(bad.json().errors.amount[0]).toContain('birlikte');
    const unit = await sendForm(t.app, '/api/store-product', a.token, { category_id: p.category_id, name: 'X', amount: 250, amount_unit: 'ton' });
    expect(unit.json().errors.amount_unit[0]).toContain('g, kg, ml, cl, L, adet, porsiyon');
  });
});

describe('GET /api/price-list.pdf', () => {
  it('kapi: A4, every active product and portion with its price, amounts, the date, the business, VAT line', async () => {
    const file = await pdf(a.token, '?format=kapi');
    expect(await pageSize(file)).toEqual([595, 842]);
    const text = (await pdfPages(file)).join('\n');
    const v = (await versions(a.token)).versions[0];
    for (const s of ['Çınar Şişli Kebap', 'Moda Cad. 1', 'Fiyat Listesi', 'Kebaplar', 'İçecekler', 'İskender (250 g)', '₺185,00', 'Adana Dürüm', '₺150,00',
      'Küçük (80 g)', '₺120,00', 'Büyük (160 g)', '₺210,50', 'Ayran (0,3 L)', '₺35,00', 'Fiyatlarımıza KDV dahildir.', 'Servis, masa veya kuver ücreti alınmaz.',
      `Son güncelleme: ${formatDateTime(v.created_at)}`]) {
      expect(text, s).toContain(s);
    }
    expect(formatDateTime(v.created_at)).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    // passive products and products of passive categories are not served
    expect(text).not.toContain('Pasif Şalgam');
    expect(text).not.toContain('Gizli Tatlı');
  });

  it('kapi A3 and masa A5/A6 sizes; masa carries a QR code that decodes to the menu', async () => {
    expect(await pageSize(await pdf(a.token, '?format=kapi&size=a3'))).toEqual([842, 1191]);
    const masa = await pdf(a.token, '?format=masa');
    expect(await pageSize(masa)).toEqual([420, 595]);
    expect((await pdfPages(masa)).join('\n')).toContain('₺210,50');
    expect(await decodeQr(masa)).toBe(`http://qr.test/qr/${a.slug}`);
    const a6 = await pdf(a.token, '?format=masa&size=a6');
    expect(await pageSize(a6)).toEqual([298, 420]);
    expect(await decodeQr(a6)).toBe(`http://qr.test/qr/${a.slug}`);
  });

  it('a long menu flows into columns and pages, with page numbers', async () => {
    await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', b.userId).execute();
    const c = await addCategory(t.app, b.token, { name: 'Uzun Liste' });
    const at = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values(Array.from({ length: 90 }, (_, n) => ({ user_id: b.userId, category_id: c.id, name: `Ürün ${n + 1}`, selling_price: (11 + n) * 100, sort_order: n, created_at: at, updated_at: at })))
      .execute();
    const pages = await pdfPages(await pdf(b.token, '?format=kapi'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(`Sayfa 1/${pages.length}`);
    const all = pages.join('\n');
    for (let i = 1; i <= 90; i++) expect(all).toContain(`Ürün ${i}`);
    expect(all).toContain('₺100,00');
    expect(pages.at(-1)).toContain('Fiyatlarımıza KDV dahildir.');
  }, 60_000);

  it('?lang=en adds the translated names and the English lines', async () => {
    const s = await t.app.inject({
      method: 'POST', url: '/api/update-setting', headers: bearer(a.token),
      payload: { name: 'Ayşe Yılmaz', companyname: 'Çınar Şişli Kebap', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8, languages: ['en'] },
    });
    expect(s.json().status).toBe(200);
    const tr = await t.app.inject({
      method: 'POST', url: '/api/translations', headers: bearer(a.token),
      payload: { lang: 'en', items: [{ type: 'product', id: ids.iskender, name: 'Iskender kebab', description: '' }] },
    });
    expect(tr.json().status).toBe(200);
    const text = (await pdfPages(await pdf(a.token, '?format=kapi&lang=en'))).join('\n');
    expect(text).toContain('All prices include VAT.');
    expect(text).toContain('Fiyat Listesi / Price List');
    expect(text).toContain('Iskender kebab');
  });

  it('invalid format, size, lang or version: body 422 in Turkish, nothing printed', async () => {
    for (const q of ['?format=duvar', '?format=kapi&size=a5', '?format=masa&size=a4', '?lang=xx', '?version=abc']) {
      const res = await get(a.token, `/api/price-list.pdf${q}`);
      expect(res.headers['content-type'], q).toContain('json');
      expect(res.json().status, q).toBe(422);
    }
  });

  it('?lang=ar: body 422 that sends the owner to the printable page (the PDF cannot set Arabic right to left)', async () => {
    const res = await get(a.token, '/api/price-list.pdf?format=kapi&lang=ar');
    expect(res.json()).toMatchObject({ status: 422, message: expect.stringContaining('?lang=ar') });
  });

  it('an unknown version, and an owner without an address: body 404', async () => {
    expect((await get(a.token, '/api/price-list.pdf?version=999')).json().status).toBe(404);
    const o = await registerOwner(t.app);
    expect((await get(o.token, '/api/price-list.pdf')).json().status).toBe(404);
    expect((await get(o.token, '/api/price-list/versions')).json().status).toBe(404);
  });
});

describe('dated versions', () => {
  it('a change makes a new version with its count; a past version prints exactly as it did', async () => {
    const before = (await versions(a.token)).versions;
    const v1 = before[0].version;
    const old = (await pdfPages(await pdf(a.token, `?format=kapi&version=${v1}`))).join('\n');
    await updateProduct(t.app, a.token, ids.iskender, { selling_price: 195 });
    await updateProduct(t.app, a.token, ids.ayran, { selling_price: 40 });
    await updateProduct(t.app, a.token, ids.adana, { name: 'Adana Kebap Dürüm' });
    const after = (await versions(a.token)).versions;
    expect(after[0].version).toBeGreaterThan(v1);
    const total = after.filter((v: { version: number }) => v.version > v1).reduce((n: number, v: { changes: number }) => n + v.changes, 0);
    expect(total).toBe(3);
    const now = (await pdfPages(await pdf(a.token, '?format=kapi'))).join('\n');
    expect(now).toContain('₺195,00');
    expect(now).toContain('Adana Kebap Dürüm');
    const again = (await pdfPages(await pdf(a.token, `?format=kapi&version=${v1}`))).join('\n');
    expect(again).toBe(old);
    expect(again).toContain('₺185,00');
    expect(again).not.toContain('₺195,00');
    expect(again).toContain(`Son güncelleme: ${formatDateTime(before[0].created_at)}`);
  });

  it('sold out is not a change of the list; deactivating and removing are', async () => {
    const n = (await versions(a.token)).versions[0].version;
    await t.app.inject({ method: 'POST', url: `/api/sold-out-product/${ids.iskender}`, headers: bearer(a.token), payload: {} });
    expect((await versions(a.token)).versions[0].version).toBe(n);
    await updateProduct(t.app, a.token, ids.ayran, { status: '0' });
    const v = (await versions(a.token)).versions;
    expect(v[0]).toMatchObject({ version: n + 1, changes: 1 });
    expect(v[0].products).toBe(v[1].products - 1);
  });

  it('versions older than two years go, the latest stays', async () => {
    await t.db.updateTable('price_list_versions').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('user_id', '=', a.userId).execute();
    await updateProduct(t.app, a.token, ids.ayran, { status: '1' });
    const v = (await versions(a.token)).versions;
    expect(v).toHaveLength(1);
  });
});

describe('access', () => {
  const routes = ['/api/price-list.pdf', '/api/price-list/versions', '/api/price-list/check', '/api/price-list/reference-price/1'];
  it('no token: 401 on every route', async () => {
    for (const url of routes) expect((await get(undefined, url)).statusCode, url).toBe(401);
  });
  it('an admin: 403 on every route', async () => {
    const admin = await createAdmin(t.app);
    for (const url of routes) expect((await get(admin.token, url)).statusCode, url).toBe(403);
  });
  it("another owner's version and product: 404; each sees only their own list", async () => {
    const mine = (await versions(a.token)).versions[0].version;
    const theirs = (await versions(b.token)).versions.map((v: { version: number }) => v.version);
    expect(theirs).not.toContain(mine + 100);
    expect((await get(b.token, `/api/price-list.pdf?version=${mine + 100}`)).json().status).toBe(404);
    expect((await get(b.token, `/api/price-list/reference-price/${ids.iskender}`)).json().status).toBe(404);
    const text = (await pdfPages(await pdf(b.token, '?format=kapi'))).join('\n');
    expect(text).not.toContain('İskender');
  });
});

describe('GET /qr/{company}/fiyat-listesi', () => {
  it('the printable page: no script, print CSS, every active product with its price; linked from the menu footer', async () => {
    const res = await t.app.inject({ url: `/qr/${a.slug}/fiyat-listesi` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('@media print');
    for (const s of ['Çınar Şişli Kebap', '₺195,00', 'İskender', '(250 g)', 'Küçük', '₺210,50', 'Fiyatlarımıza KDV dahildir.']) expect(res.body, s).toContain(s);
    const menu = await t.app.inject({ url: `/qr/${a.slug}/category` });
    expect(menu.body).toContain(`href="/qr/${a.slug}/fiyat-listesi"`);
    expect(menu.body).toContain('Fiyat listesi');
  });
  it('the menu shows amounts ("250 g") and the JSON-LD gives them as schema.org quantities', async () => {
    const page = (await t.app.inject({ url: `/qr/${a.slug}/category/${ids.kebap}` })).body;
    expect(page).toContain('İskender<span class="amt"> 250 g</span>');
    expect(page).toContain('Küçük<span class="amt"> 80 g</span>');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]);
    const items = JSON.stringify(ld);
    expect(items).toContain('"eligibleQuantity":{"@type":"QuantitativeValue","value":250,"unitCode":"GRM","unitText":"g"}');
    expect(items).toContain('"servingSize":"250 g"');
    expect(items).toContain('"eligibleQuantity":{"@type":"QuantitativeValue","value":160,"unitCode":"GRM","unitText":"g"}');
  });

  it('an unknown business: 404 page', async () => {
    expect((await t.app.inject({ url: '/qr/yok-boyle-bir-yer/fiyat-listesi' })).statusCode).toBe(404);
  });
});

describe('the public page records no version', () => {
  it('a diner’s GET shows the live list and writes nothing; the owner’s next read records the change', async () => {
    const count = async () => Number((await t.db.selectFrom('price_list_versions').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', b.userId).executeTakeFirstOrThrow()).n);
    await versions(b.token); // the owner's read records the current list
    const before = await count();
    // a change made outside the owner's API (as the admin's edit is)
    await t.db.updateTable('products').set({ selling_price: 7550 }).where('id', '=', ids.b).execute();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: `/qr/${b.slug}/fiyat-listesi` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('₺75,50');
    }
    expect(await count()).toBe(before);
    await versions(b.token);
    expect(await count()).toBe(before + 1);
    await t.db.updateTable('products').set({ selling_price: 6000 }).where('id', '=', ids.b).execute();
  });
});

describe('the menu footer’s link to the price list', () => {
  it('is in the page’s language and keeps it', async () => {
    await t.db.updateTable('settings').set({ languages: 'en,de,fr,ru,ar' }).where('user_id', '=', b.userId).execute();
    const words = { en: 'Price list', de: 'Preisliste', fr: 'Liste des prix', ru: 'Прейскурант', ar: 'قائمة الأسعار' };
    for (const [lang, word] of Object.entries(words)) {
      const page = (await t.app.inject({ url: `/qr/${b.slug}/category?lang=${lang}` })).body;
      expect(page, lang).toContain(`<a href="/qr/${b.slug}/fiyat-listesi?lang=${lang}">${word}</a>`);
      expect(page, lang).not.toContain('>Fiyat listesi<');
    }
    const tr = (await t.app.inject({ url: `/qr/${b.slug}/category` })).body;
    expect(tr).toContain(`<a href="/qr/${b.slug}/fiyat-listesi">Fiyat listesi</a>`);
  });
});
