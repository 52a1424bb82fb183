import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGE } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { csv, headerWith, importFile } from '../../../test/sheet-helpers.js';

/**
 * Fiyat Etiketi Yönetmeliği art. 8(6): no service, table or cover charge may be announced. Every
 * write path refuses such a text (body 422, the field's error citing the rule); texts saved before
 * the rule are hidden from the menu and listed on the owner's welcome screen until edited.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;
let productId: number;
const profile = { name: 'Ayşe Yılmaz', companyname: 'Kuralcı Kafe', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8 };
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(a.token), payload }).then((r) => r.json());
const dashboard = async () => (await t.app.inject({ url: '/api/dashboard', headers: bearer(a.token) })).json().dashboard;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Kuralcı Kafe');
  expect((await post('/api/update-setting', { ...profile, languages: ['en', 'de'] })).status).toBe(200);
  categoryId = (await addCategory(t.app, a.token, { name: 'Kahvaltı' })).id;
  productId = (await addProduct(t.app, a.token, categoryId, { name: 'Menemen', description: 'Tereyağında', selling_price: '120' })).id;
});
afterAll(async () => t.close());

describe('every write path refuses an announced charge (body 422, errors by field, nothing saved)', () => {
  it('the menu note and the about text, in Turkish and in English; a note saying none is taken is fine', async () => {
    for (const note of ["Kuver ücreti kişi başı 50 ₺'dir.", 'SERVİS ÜCRETİ %10', 'A 10% service charge is added.', 'Cover charge 3 €']) {
      const body = await post('/api/update-setting', { service_note: note });
      expect(body).toMatchObject({ status: 422, errors: { service_note: [CHARGE_MESSAGE] } });
    }
    expect(CHARGE_MESSAGE).toContain('Fiyat Etiketi Yönetmeliği md. 8/6');
    const about = await post('/api/update-setting', { ...profile, about: 'Deniz kenarında. Masa ücreti 20 TL.' });
    expect(about).toMatchObject({ status: 422, errors: { about: [CHARGE_MESSAGE] } });
    const settings = (await t.app.inject({ url: '/api/edit-setting', headers: bearer(a.token) })).json().settings;
    expect([settings.about, settings.service_note]).toEqual([null, null]);
    for (const note of ['Kuver ücreti alınmaz.', 'Servis ücreti yoktur.', 'No service charge.', 'Fiyatlarımıza KDV dahildir. Bahşiş gönüllüdür.']) {
      expect((await post('/api/update-setting', { service_note: note })).status).toBe(200);
    }
  });

  it('category and product names, descriptions and portions, on create and update', async () => {
    const cat = await sendForm(t.app, '/api/store-category', a.token, { name: 'Kuver', status: '1' });
    expect(cat.json()).toMatchObject({ status: 422, errors: { name: [CHARGE_MESSAGE] } });
    const catUpd = await sendForm(t.app, `/api/update-category/${categoryId}`, a.token, { name: 'Kahvaltı', description: 'Hizmet bedeli %10 eklenir.' });
    expect(catUpd.json()).toMatchObject({ status: 422, errors: { description: [CHARGE_MESSAGE] } });
    const prod = await sendForm(t.app, '/api/store-product', a.token, { category_id: categoryId, name: 'Çay', description: 'Servis ücreti %10', selling_price: '20', status: '1' });
    expect(prod.json()).toMatchObject({ status: 422, errors: { description: [CHARGE_MESSAGE] } });
    const upd = await sendForm(t.app, `/api/update-product/${productId}`, a.token, { category_id: categoryId, name: 'Service charge', selling_price: '120' });
    expect(upd.json()).toMatchObject({ status: 422, errors: { name: [CHARGE_MESSAGE] } });
    const portion = await sendForm(t.app, '/api/store-product', a.token, {
      category_id: categoryId, name: 'Çay', selling_price: '20', status: '1', variants: JSON.stringify([{ name: 'Tek', price: '20' }, { name: 'Kuver', price: '40' }]),
    });
    expect(portion.json().status).toBe(422);
    const names = await t.db.selectFrom('products').select('name').where('user_id', '=', a.userId).execute();
    expect(names.map((n) => n.name)).toEqual(['Menemen']);
    // couverture chocolate is no cover charge
    expect((await sendForm(t.app, `/api/update-category/${categoryId}`, a.token, { name: 'Kahvaltı', description: 'Bitter kuvertür çikolatalı' })).json().status).toBe(200);
  });

  it('translations (English, German)', async () => {
    const en = await post('/api/translations', { lang: 'en', items: [{ type: 'product', id: productId, name: 'Menemen', description: 'A service charge of 10% is added' }] });
    expect(en).toMatchObject({ status: 422, errors: { 'items.0.description': [CHARGE_MESSAGE] } });
    const de = await post('/api/translations', { lang: 'de', items: [{ type: 'category', id: categoryId, name: 'Frühstück', description: 'Bedienungsgeld 10 %' }] });
    expect(de.status).toBe(422);
    expect(await t.db.selectFrom('product_translations').select('name').where('user_id', '=', a.userId).execute()).toEqual([]);
    expect((await post('/api/translations', { lang: 'en', items: [{ type: 'product', id: productId, name: 'Menemen', description: 'No service charge.' }] })).status).toBe(200);
  });

  it("the spreadsheet import's rows, Turkish and translation columns", async () => {
    const header = headerWith(['en']);
    const body = (await importFile(t.app, a.token, csv([
      ['Kahvaltı', 'Simit', 'Kuver ücreti 30 TL', '15', null, null, null, null, null, null, 'Simit', null],
      ['Kahvaltı', 'Poğaça', null, '15', null, null, null, null, null, null, 'Pastry', 'Service fee 10%'],
    ], { header }))).json();
    expect(body.status).toBe(422);
    expect(body.errors).toEqual([
      { row: 2, field: 'Açıklama', message: CHARGE_MESSAGE },
      { row: 3, field: 'Açıklama (en)', message: CHARGE_MESSAGE },
    ]);
    expect(await t.db.selectFrom('products').select('name').where('user_id', '=', a.userId).execute()).toHaveLength(1);
  });
});

describe('texts saved before the rule', () => {
  it('are hidden from the menu (pages and JSON) and listed on the welcome screen until edited', async () => {
    const b = await createBusiness(t.app, 'Eski Lokanta');
    await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(b.token), payload: { ...profile, companyname: 'Eski Lokanta', languages: ['en'] } });
    const cat = await addCategory(t.app, b.token, { name: 'Ana Yemek' });
    const hidden = await addCategory(t.app, b.token, { name: 'Ekstralar' });
    const kebap = await addProduct(t.app, b.token, cat.id, { name: 'Adana Kebap', description: 'Acılı', selling_price: '300' });
    await addProduct(t.app, b.token, cat.id, { name: 'Ayran', selling_price: '30' });
    // as written before 30 January 2026, straight into the database
    await t.db.updateTable('settings').set({ service_note: "Kuver ücreti kişi başı 50 ₺'dir.", about: 'Aile lokantası.' }).where('user_id', '=', b.userId).execute();
    await t.db.updateTable('products').set({ description: 'Acılı. Servis ücreti %10 eklenir.' }).where('id', '=', kebap.id).execute();
    await t.db.updateTable('categories').set({ name: 'Kuver' }).where('id', '=', hidden.id).execute();
    await t.db.insertInto('product_translations').values({ product_id: kebap.id, lang: 'en', user_id: b.userId, name: 'Adana kebab', description: 'Cover charge included', variants: '[]' }).execute();

    const page = (await t.app.inject({ url: `/qr/${b.slug}/category/${cat.id}` })).body;
    expect(page).toContain('Adana Kebap');
    expect(page).not.toMatch(/kuver|servis ücreti/i);
    const en = (await t.app.inject({ url: `/qr/${b.slug}/category/${cat.id}?lang=en` })).body;
    expect(en).toContain('Adana kebab');
    expect(en).not.toMatch(/cover charge|kuver|servis ücreti/i);
    const landing = (await t.app.inject({ url: `/qr/${b.slug}` })).body;
    expect(landing).not.toContain('Kuver');
    expect((await t.app.inject({ url: `/qr/${b.slug}/category/${hidden.id}` })).statusCode).toBe(404);
    const json = JSON.stringify((await t.app.inject({ url: `/api/getCategory/${b.slug}` })).json());
    expect(json).not.toMatch(/kuver|servis ücreti/i);

    const list = (await t.app.inject({ url: '/api/dashboard', headers: bearer(b.token) })).json().dashboard.charge_texts;
    expect(list).toEqual([
      { kind: 'service_note', id: null, name: null, field: 'service_note', lang: null, text: "Kuver ücreti kişi başı 50 ₺'dir." },
      { kind: 'category', id: hidden.id, name: 'Kuver', field: 'name', lang: null, text: 'Kuver' },
      { kind: 'product', id: kebap.id, name: 'Adana Kebap', field: 'description', lang: null, text: 'Acılı. Servis ücreti %10 eklenir.' },
      { kind: 'product', id: kebap.id, name: 'Adana Kebap', field: 'description', lang: 'en', text: 'Cover charge included' },
    ]);
    // edited: gone from the list and back on the menu
    expect((await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(b.token), payload: { service_note: 'Fiyatlarımıza KDV dahildir.' } })).json().status).toBe(200);
    expect((await sendForm(t.app, `/api/update-category/${hidden.id}`, b.token, { name: 'Ekstralar' })).json().status).toBe(200);
    const after = (await t.app.inject({ url: '/api/dashboard', headers: bearer(b.token) })).json().dashboard.charge_texts;
    expect(after.map((c: { kind: string }) => c.kind)).toEqual(['product', 'product']);
    expect((await t.app.inject({ url: `/qr/${b.slug}/category/${cat.id}` })).body).toContain('Fiyatlarımıza KDV dahildir.');
    expect((await t.app.inject({ url: `/qr/${b.slug}/category/${hidden.id}` })).statusCode).toBe(200);
    expect((await dashboard()).charge_texts).toEqual([]);
  });
});
