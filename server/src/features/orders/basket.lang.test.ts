import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_LANGUAGES, type MenuLanguage } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Ordering in the diner's language: on a translated menu (`?lang=`), the `Sepete ekle` forms, the
 * `Sepetim` link, the basket page (its texts, the statuses, the notices) and the errors shown to
 * the diner are in that language — all five besides Turkish, right-to-left Arabic included — and
 * no Turkish is left over. The owner's own texts here are plain ASCII, so any Turkish letter on
 * the basket page would be a leftover of ours.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Lokanta Delta');
  await t.app.inject({
    method: 'POST', url: '/api/update-setting', headers: bearer(a.token),
    payload: { name: 'Ayse Yilmaz', companyname: 'Lokanta Delta', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8, languages: [...MENU_LANGUAGES] },
  });
  ids.cat = (await addCategory(t.app, a.token, { name: 'Izgara' })).id;
  ids.kebap = (await addProduct(t.app, a.token, ids.cat, { name: 'Kebap', selling_price: '300' })).id;
  ids.pide = (await addProduct(t.app, a.token, ids.cat, { name: 'Pide', variants: JSON.stringify([{ name: 'Small', price: 120 }, { name: 'Large', price: 200 }]) })).id;
  ids.ayran = (await addProduct(t.app, a.token, ids.cat, { name: 'Ayran', selling_price: '40' })).id;
  for (const lang of MENU_LANGUAGES) {
    const saved = await t.app.inject({ method: 'POST', url: '/api/translations', headers: bearer(a.token), payload: { lang, items: [{ type: 'product', id: ids.kebap, name: `Kebab ${lang}`, description: '' }] } });
    expect(saved.json().status, saved.body).toBe(200);
  }
  await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: { enabled: true } });
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const postForm = (url: string, form: Record<string, string | number>, cookie?: string) =>
  t.app.inject({
    method: 'POST', url,
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
async function seat(masa: number, lang: string): Promise<string> {
  const res = await get(`/qr/${a.slug}/category?masa=${masa}&lang=${lang}`);
  return `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
}
/** The page's visible text: no tags, no style. */
const textOf = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/&[a-z]+;|&#\d+;/g, ' ');
const NEW: Record<MenuLanguage, string> = { en: 'New', de: 'Neu', ru: 'Новый', ar: 'جديد', fr: 'Nouvelle' };
const TURKISH_WORDS = ['Sepete ekle', 'Sepetim', 'Porsiyon', 'Adet', '"Not"', 'Not:', 'Sepet', 'Siparişi gönder', 'Siparişleriniz', 'Toplam', 'Çıkar', 'Durumu yenile', 'Menüye dön', 'Masa ', 'Yeni', 'Hazırlanıyor', 'eklendi', 'tükendi', 'QR kodu', 'karakter'];
/** Letters only Turkish writes among the menu's languages (ç, ö, ü are French or German too). */
const TURKISH_LETTERS = /[ğĞşŞıİ]/;

describe('ordering in the diner\'s language', () => {
  it('Turkish stays as it was', async () => {
    const page = (await get(`/qr/${a.slug}/category/${ids.cat}?masa=1`)).body;
    expect(page).toContain('Sepete ekle');
    expect(page).toContain('aria-label="Porsiyon"');
  });

  it.each(MENU_LANGUAGES.map((l) => [l]))('%s: the forms, the basket, the statuses and the errors, no Turkish left', async (lang: MenuLanguage) => {
    const masa = MENU_LANGUAGES.indexOf(lang) + 2;
    const d = await seat(masa, lang);
    const menu = (await get(`/qr/${a.slug}/category/${ids.cat}?masa=${masa}&lang=${lang}`, d)).body;
    expect(menu).toContain(`action="/qr/${a.slug}/siparis?masa=${masa}&amp;lang=${lang}"`);
    expect(menu).toContain(`href="/qr/${a.slug}/siparis?masa=${masa}&amp;lang=${lang}"`); // Sepetim: the forms' own address
    for (const w of ['Sepete ekle', 'Sepetim', 'aria-label="Porsiyon"', 'aria-label="Adet"', 'aria-label="Not"', 'placeholder="Not"']) expect(menu, `${lang}: ${w}`).not.toContain(w);
    if (lang === 'ar') expect(menu).toContain('dir="rtl"');

    // add (a portion, a note), then send: every answer keeps the language
    const add = await postForm(`/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`, { urun: ids.pide, porsiyon: 1, adet: 2, not: 'extra' }, d);
    expect(add.statusCode).toBe(303);
    expect(add.headers.location).toBe(`/qr/${a.slug}/siparis?masa=${masa}&durum=eklendi&lang=${lang}`);
    await postForm(`/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`, { urun: ids.kebap, adet: 1 }, d);
    const basket = (await get(add.headers.location as string, d)).body;
    expect(basket).toContain(`<html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}>`);
    expect(basket).toContain(`Kebab ${lang}`); // the product's translated name
    const sent = await postForm(`/qr/${a.slug}/siparis/gonder?masa=${masa}&lang=${lang}`, {}, d);
    expect(sent.headers.location).toBe(`/qr/${a.slug}/siparis?masa=${masa}&durum=gonderildi&lang=${lang}`);
    const after = (await get(sent.headers.location as string, d)).body;
    expect(after).toContain(`<span class="st">${NEW[lang]}</span>`); // the order's status
    // the errors: sold out, a note too long, no seat, an empty basket
    await t.db.updateTable('products').set({ sold_out: '1' }).where('id', '=', ids.ayran).execute();
    const soldOut = await postForm(`/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`, { urun: ids.ayran, adet: 1 }, d);
    await t.db.updateTable('products').set({ sold_out: '0' }).where('id', '=', ids.ayran).execute();
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.body).toContain('Ayran');
    const tooLong = await postForm(`/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`, { urun: ids.kebap, adet: 1, not: 'x'.repeat(141) }, d);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.body).toContain('140');
    const noSeat = await postForm(`/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`, { urun: ids.kebap, adet: 1 });
    expect(noSeat.statusCode).toBe(403);
    const empty = await postForm(`/qr/${a.slug}/siparis/gonder?masa=${masa}&lang=${lang}`, {}, d);
    expect(empty.statusCode).toBe(422);

    const noTable = await get(`/qr/${a.slug}/siparis?masa=99&lang=${lang}`, d);
    expect(noTable.statusCode).toBe(422);
    expect(noTable.body).toContain(`<html lang="${lang}"`);
    expect(noTable.body).toContain(`href="/qr/${a.slug}/category?lang=${lang}"`);

    for (const [what, html] of Object.entries({ basket, after, soldOut: soldOut.body, tooLong: tooLong.body, noSeat: noSeat.body, empty: empty.body, noTable: noTable.body })) {
      const text = textOf(html);
      for (const w of TURKISH_WORDS) expect(text, `${lang} ${what}: "${w}"`).not.toContain(w);
      expect(text, `${lang} ${what}: a Turkish letter`).not.toMatch(TURKISH_LETTERS);
    }
  });
});
