import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

/** Menu languages: the setting, the translations API, and the diner's menu in a language. */

let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};
const profile = { name: 'Ayşe Yılmaz', companyname: 'Dil Kafe', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8 };

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const setLanguages = (token: string, languages: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(token), payload: { ...profile, languages } }).then((r) => r.json());
const saveTr = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/translations', headers: bearer(token), payload }).then((r) => r.json());

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Dil Kafe');
  B = await createBusiness(t.app, 'Öteki Kafe');
  ids.drinks = (await addCategory(t.app, A.token, { name: 'İçecekler', description: 'Sıcak ve soğuk' })).id;
  ids.cay = (await addProduct(t.app, A.token, ids.drinks, { name: 'Çay', description: 'İnce belli bardakta', selling_price: '1234.5', sold_out: '1', allergens: 'sut', labels: 'vegan' })).id;
  ids.ayran = (await addProduct(t.app, A.token, ids.drinks, { name: 'Ayran', selling_price: '25' })).id;
  ids.pide = (await addProduct(t.app, A.token, ids.drinks, { name: 'Pide', selling_price: '', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) })).id;
  const bc = (await addCategory(t.app, B.token, { name: 'Sıcaklar' })).id;
  ids.other = (await addProduct(t.app, B.token, bc, { name: 'Başka Çay', selling_price: '10' })).id;
});
afterAll(async () => t.close());

describe('languages setting', () => {
  it('saves and shows the enabled languages; an unknown code is a Turkish field error that changes nothing', async () => {
    const bad = await setLanguages(A.token, ['en', 'xx']);
    expect(bad.status).toBe(422);
    expect(bad.errors.languages[0]).toMatch(/Geçersiz dil/);
    expect((await get('/api/edit-setting', bearer(A.token))).json().settings.languages).toEqual([]);
    const ok = await setLanguages(A.token, ['ar', 'en', 'de']);
    expect(ok.status).toBe(200);
    expect(ok.settings.languages).toEqual(['en', 'de', 'ar']);
    // without the field the languages stay
    const again = (await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(A.token), payload: profile })).json();
    expect(again.settings.languages).toEqual(['en', 'de', 'ar']);
  });
});

describe('translations API', () => {
  it('lists every item with its Turkish source, no translation yet, completeness 0', async () => {
    const body = (await get('/api/translations?lang=en', bearer(A.token))).json();
    expect(body.status).toBe(200);
    expect(body.completeness).toBe(0);
    expect(body.items).toHaveLength(4);
    expect(body.items[0]).toEqual({ type: 'category', id: ids.drinks, source: { name: 'İçecekler', description: 'Sıcak ve soğuk' }, translation: null });
    expect(body.items.find((i: { id: number; type: string }) => i.type === 'product' && i.id === ids.pide).source.variants).toEqual(['Yarım', 'Tam']);
  });

  it('saves in one go, lists them and counts completeness', async () => {
    const r = await saveTr(A.token, {
      lang: 'en',
      items: [
        { type: 'category', id: ids.drinks, name: 'Drinks', description: '' },
        { type: 'product', id: ids.cay, name: 'Tea', description: 'In a tulip glass' },
        { type: 'product', id: ids.pide, name: 'Turkish pizza', description: '', variants: ['Half', ''] },
      ],
    });
    expect(r.status).toBe(200);
    // names and portion names count (issue 38): 3 of 4 names and 1 of 2 portions
    expect(r.completeness).toBe(66);
    const list = (await get('/api/translations?lang=en', bearer(A.token))).json();
    expect(list.items.find((i: { id: number; type: string }) => i.type === 'product' && i.id === ids.cay).translation).toEqual({ name: 'Tea', description: 'In a tulip glass' });
    expect(list.completeness).toBe(66);
    expect((await get('/api/translations?lang=de', bearer(A.token))).json().completeness).toBe(0);
  });

  it("another owner's id → body 404 and nothing saved; a disabled or unknown language → 422", async () => {
    const r = await saveTr(A.token, { lang: 'en', items: [{ type: 'product', id: ids.ayran, name: 'Ayran EN' }, { type: 'product', id: ids.other, name: 'Stolen' }] });
    expect(r.status).toBe(404);
    const list = (await get('/api/translations?lang=en', bearer(A.token))).json();
    expect(list.items.find((i: { id: number; type: string }) => i.type === 'product' && i.id === ids.ayran).translation).toBeNull();
    const fr = await saveTr(A.token, { lang: 'fr', items: [{ type: 'product', id: ids.ayran, name: 'Ayran FR' }] });
    expect(fr.status).toBe(422);
    expect(fr.errors.lang[0]).toMatch(/etkin değil/);
    expect((await saveTr(A.token, { lang: 'xx', items: [{ type: 'product', id: ids.ayran, name: 'x' }] })).status).toBe(422);
    expect((await get('/api/translations?lang=fr', bearer(A.token))).json().status).toBe(422);
  });
});

describe("the diner's menu in a language", () => {
  it('category page in English: translated items, Turkish fallback per item, English words, price locale, switcher, hreflang', async () => {
    const res = await get(`/qr/${A.slug}/category/${ids.drinks}?lang=en`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<h1>Drinks</h1>');
    expect(html).toContain('<h2>Tea</h2>');
    expect(html).toContain('In a tulip glass');
    expect(html).toContain('<h2>Ayran</h2>'); // no translation: Turkish
    expect(html).toContain('Half');
    expect(html).toContain('Tam');
    expect(html).toContain('Sold out');
    expect(html).toContain('Contains: Milk');
    expect(html).toContain('Vegan');
    expect(html).toContain('₺1,234.50');
    expect(html).toContain('All categories');
    expect(html).toContain(`href="/qr/${A.slug}/category?lang=en"`);
    expect(html).toContain(`hrefLang="de" href="http://qr.test/qr/${A.slug}/category/${ids.drinks}?lang=de"`);
    for (const name of ['Türkçe', 'English', 'Deutsch', 'العربية']) expect(html).toContain(name);
    expect(html).not.toContain('Tükendi');
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
  });

  it('Arabic pages are rtl; a language the business has not enabled is Turkish; category list and search keep the language', async () => {
    const ar = (await get(`/qr/${A.slug}/category?lang=ar`)).body;
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    const fr = (await get(`/qr/${A.slug}/category?lang=fr`)).body;
    expect(fr).toContain('<html lang="tr"');
    const list = (await get(`/qr/${A.slug}/category?lang=en`)).body;
    expect(list).toContain('Drinks');
    expect(list).toContain(`href="/qr/${A.slug}/category/${ids.drinks}?lang=en"`);
    expect(list).toContain('name="lang" value="en"');
    const search = (await get(`/qr/${A.slug}/ara?q=tea&lang=en`)).body;
    expect(search).toContain('<h2>Tea</h2>');
    expect(search).toContain('<html lang="en"');
  });

  it('/qr/{company} forwards per Accept-Language (Vary), Turkish otherwise; a view counts once', async () => {
    const before = Number((await t.app.db.selectFrom('settings').select('count').where('user_id', '=', A.userId).executeTakeFirstOrThrow()).count);
    const de = await get(`/qr/${A.slug}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.statusCode).toBe(302);
    expect(de.headers.location).toBe(`/qr/${A.slug}/category?lang=de`);
    expect(String(de.headers.vary)).toMatch(/Accept-Language/);
    const tr = await get(`/qr/${A.slug}`, { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' });
    expect(tr.statusCode).toBe(200);
    expect(String(tr.headers.vary)).toMatch(/Accept-Language/);
    expect(tr.body).toContain('<html lang="tr"');
    const ja = await get(`/qr/${A.slug}`, { 'accept-language': 'ja,fr;q=0.9' });
    expect(ja.statusCode).toBe(200);
    const de2 = await get(`/qr/${A.slug}`, { 'accept-language': 'de' });
    expect(de2.headers.location).toBe(`/qr/${A.slug}/category?lang=de`);
    await t.app.views.flush();
    const after = Number((await t.app.db.selectFrom('settings').select('count').where('user_id', '=', A.userId).executeTakeFirstOrThrow()).count);
    expect(after - before).toBe(4);
  });

  it('API twins answer translated fields with the languages; an edit shows on the very next request', async () => {
    const cat = (await get(`/api/getCategory/${A.slug}?lang=en`)).json();
    expect(cat.languages).toEqual(['tr', 'en', 'de', 'ar']);
    expect(cat.category[0].name).toBe('Drinks');
    const prod = (await get(`/api/getProduct/${ids.drinks}?lang=en`)).json();
    expect(prod.product_data.product.map((p: { name: string }) => p.name)).toEqual(['Tea', 'Ayran', 'Turkish pizza']);
    expect(prod.product_data.product[2].variants.map((v: { name: string }) => v.name)).toEqual(['Half', 'Tam']);
    expect((await get(`/api/getProduct/${ids.drinks}`)).json().product_data.product[0].name).toBe('Çay');
    await saveTr(A.token, { lang: 'en', items: [{ type: 'product', id: ids.cay, name: 'Black tea', description: '' }] });
    expect((await get(`/qr/${A.slug}/category/${ids.drinks}?lang=en`)).body).toContain('<h2>Black tea</h2>');
    expect((await get(`/api/getProduct/${ids.drinks}?lang=en`)).json().product_data.product[0].name).toBe('Black tea');
  });

  it('deleting a product deletes its translations', async () => {
    const del = (await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${ids.ayran}`, headers: bearer(A.token) })).json();
    await saveTr(A.token, { lang: 'en', items: [{ type: 'product', id: ids.cay, name: 'Black tea' }] });
    const d = (await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${ids.cay}`, headers: bearer(A.token) })).json();
    expect([del.status, d.status]).toEqual([200, 200]);
    const rows = await t.app.db.selectFrom('product_translations').select('product_id').where('product_id', '=', ids.cay).execute();
    expect(rows).toHaveLength(0);
  });

  it('deleting a category deletes its translations', async () => {
    const id = (await addCategory(t.app, A.token, { name: 'Geçici' })).id;
    expect((await saveTr(A.token, { lang: 'en', items: [{ type: 'category', id, name: 'Temporary' }] })).status).toBe(200);
    const d = (await t.app.inject({ method: 'DELETE', url: `/api/delete-category/${id}`, headers: bearer(A.token) })).json();
    expect(d.status).toBe(200);
    expect(await t.app.db.selectFrom('category_translations').select('category_id').where('category_id', '=', id).execute()).toHaveLength(0);
  });
});
