import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

/**
 * The tourist's basket and bill (`?lang=`): the ordered products — the basket's lines, the orders
 * sent from the table ("Siparişleriniz"), a sold-out refusal, the bill's lines — are named as the
 * menu names them: the owner's translation of the name and of the portion where there is one, the
 * Turkish where not (field by field). The bill's date, counts and prices are in the language's
 * locale (prices in TL); Arabic right to left. The kitchen's orders and the staff's bill keep the
 * Turkish.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

type Lang = 'en' | 'ar';
/** The owner's translations (Ayran has none; in English the portion Tam has none). */
const W: Record<Lang, { kebap: string; pide: string; half: string; full: string; sutlac: string; soldOut: string }> = {
  en: { kebap: 'Kebab', pide: 'Flatbread', half: 'Half', full: 'Tam', sutlac: 'Rice pudding', soldOut: 'Rice pudding is sold out and cannot be added to the basket.' },
  ar: { kebap: 'كباب', pide: 'خبز البيده', half: 'نصف', full: 'كاملة', sutlac: 'أرز بالحليب', soldOut: 'نفد أرز بالحليب ولا يمكن إضافته إلى السلة.' },
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Lokanta Dil');
  await t.db.updateTable('settings').set({ languages: 'en,de,ar' }).where('user_id', '=', a.userId).execute();
  ids.cat = (await addCategory(t.app, a.token, { name: 'Izgara' })).id;
  ids.kebap = (await addProduct(t.app, a.token, ids.cat, { name: 'Kebap', selling_price: '300' })).id;
  ids.pide = (await addProduct(t.app, a.token, ids.cat, { name: 'Pide', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) })).id;
  ids.ayran = (await addProduct(t.app, a.token, ids.cat, { name: 'Ayran', selling_price: '40' })).id;
  ids.sutlac = (await addProduct(t.app, a.token, ids.cat, { name: 'Sütlaç', selling_price: '90' })).id;
  for (const lang of ['en', 'ar'] as const) {
    const w = W[lang];
    const items = [
      { type: 'product', id: ids.kebap, name: w.kebap, description: '' },
      { type: 'product', id: ids.pide, name: w.pide, description: '', variants: [w.half, lang === 'en' ? '' : w.full] },
      { type: 'product', id: ids.sutlac, name: w.sutlac, description: '' },
    ];
    const saved = await t.app.inject({ method: 'POST', url: '/api/translations', headers: bearer(a.token), payload: { lang, items } });
    expect(saved.json().status, saved.body).toBe(200);
  }
  await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: { enabled: true } });
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const postForm = (url: string, form: Record<string, string | number>, cookie: string) =>
  t.app.inject({
    method: 'POST', url,
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
async function seat(masa: number): Promise<string> {
  const res = await get(`/qr/${a.slug}?masa=${masa}`);
  return `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
}
const at = (iso: string) => (t.app.clock.now = () => new Date(iso));
/** The basket page's list of the table's orders ("Siparişleriniz"): what follows its heading. */
const ordersPart = (html: string) => html.slice(html.indexOf('<h2>'));
const soldOut = (sold: boolean) => t.db.updateTable('products').set({ sold_out: sold ? '1' : '0' }).where('id', '=', ids.sutlac).execute();

describe('the basket and the table\'s orders in the diner\'s language', () => {
  it.each((['en', 'ar'] as Lang[]).map((l) => [l]))('%s: lines, sent orders and a sold-out refusal named as the menu names them; Turkish where not translated', async (lang: Lang) => {
    const w = W[lang];
    const masa = lang === 'en' ? 2 : 3;
    const d = await seat(masa);
    const basketUrl = `/qr/${a.slug}/siparis?masa=${masa}&lang=${lang}`;
    const forms: Array<Record<string, number>> = [{ urun: ids.pide, porsiyon: 0 }, { urun: ids.kebap }, { urun: ids.ayran }, { urun: ids.sutlac }];
    for (const form of forms) {
      expect((await postForm(basketUrl, { adet: 1, ...form }, d)).statusCode).toBe(303);
    }
    await soldOut(true);
    const basket = (await get(basketUrl, d)).body;
    expect(basket).toContain(`<html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}>`);
    for (const name of [`${w.pide} (${w.half})`, w.kebap, 'Ayran', w.sutlac, w.soldOut]) expect(basket, name).toContain(name);
    if (lang === 'en') expect(basket).toContain('1 × Flatbread (Half)</span>');
    for (const turkish of ['Kebap', 'Pide', 'Yarım', 'Sütlaç', 'tükendi']) expect(basket, turkish).not.toContain(turkish);

    // adding the sold-out one again: refused, the product named in the diner's language
    const refused = await postForm(basketUrl, { urun: ids.sutlac, adet: 1 }, d);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(w.soldOut);
    expect(refused.body).not.toContain('Sütlaç');
    await soldOut(false);

    // sent: the basket is empty, the orders list names the items; the portion Tam falls back to Turkish in English
    expect((await postForm(`/qr/${a.slug}/siparis/gonder?masa=${masa}&lang=${lang}`, {}, d)).statusCode).toBe(303);
    expect((await postForm(basketUrl, { urun: ids.pide, porsiyon: 1, adet: 2 }, d)).statusCode).toBe(303);
    expect((await postForm(`/qr/${a.slug}/siparis/gonder?masa=${masa}&lang=${lang}`, {}, d)).statusCode).toBe(303);
    const after = (await get(basketUrl, d)).body;
    const orders = ordersPart(after);
    for (const name of [`${w.pide} (${w.half})`, w.kebap, 'Ayran', w.sutlac, `${w.pide} (${w.full})`]) expect(orders, name).toContain(name);
    if (lang === 'en') expect(orders).toContain('2 × Flatbread (Tam) — ₺400.00');
    for (const turkish of ['Kebap', 'Pide', 'Yarım', 'Sütlaç']) expect(after, turkish).not.toContain(turkish);
    expect(after).not.toMatch(RUNNABLE_SCRIPT);
    expect(Buffer.byteLength(after)).toBeLessThan(30 * 1024);

    // the kitchen's orders keep the Turkish names
    const kitchen = (await t.app.inject({ url: '/api/orders', headers: bearer(a.token) })).json().orders as Array<{ masa: number; items: Array<{ name: string; portion: string }> }>;
    const names = kitchen.filter((o) => o.masa === masa).flatMap((o) => o.items.map((i) => `${i.name}/${i.portion}`));
    expect(names).toEqual(['Pide/Yarım', 'Kebap/', 'Ayran/', 'Sütlaç/', 'Pide/Tam']);
  });

  it('Turkish: the names as ordered; a language without translations (de): the Turkish; a product renamed since: the name it was ordered under', async () => {
    const d = await seat(4);
    await postForm(`/qr/${a.slug}/siparis?masa=4`, { urun: ids.pide, porsiyon: 0, adet: 1 }, d);
    await postForm(`/qr/${a.slug}/siparis?masa=4`, { urun: ids.kebap, adet: 1 }, d);
    const tr = (await get(`/qr/${a.slug}/siparis?masa=4`, d)).body;
    expect(tr).toContain('1 × Pide (Yarım)</span>');
    expect(tr).toContain('1 × Kebap</span>');
    const de = (await get(`/qr/${a.slug}/siparis?masa=4&lang=de`, d)).body;
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('1 × Pide (Yarım)</span>');
    expect(de).toContain('1 × Kebap</span>');

    await postForm(`/qr/${a.slug}/siparis/gonder?masa=4`, {}, d);
    expect(ordersPart((await get(`/qr/${a.slug}/siparis?masa=4&lang=en`, d)).body)).toContain('1 × Kebab —');
    await t.db.updateTable('products').set({ name: 'Adana Kebap' }).where('id', '=', ids.kebap).execute();
    const renamed = ordersPart((await get(`/qr/${a.slug}/siparis?masa=4&lang=en`, d)).body);
    expect(renamed).toContain('1 × Kebap —');
    expect(renamed).toContain('1 × Flatbread (Half) —');
    await t.db.updateTable('products').set({ name: 'Kebap' }).where('id', '=', ids.kebap).execute();
  });
});

describe('the diner\'s bill in the diner\'s language', () => {
  let diner = '';
  const order = async (items: Array<{ product_id: number; quantity: number; portion?: string }>) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${a.slug}`, payload: { masa: 6, items }, headers: { cookie: diner } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order.id as number;
  };
  const move = async (id: number, ...steps: string[]) => {
    for (const status of steps) expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(a.token), payload: { status } })).json().status).toBe(200);
  };

  beforeAll(async () => {
    // 18:30 UTC is 21:30 in İstanbul
    at('2026-11-28T18:30:00.000Z');
    diner = await seat(6);
    await move(await order([{ product_id: ids.kebap, quantity: 2 }, { product_id: ids.pide, portion: 'Yarım', quantity: 1 }, { product_id: ids.ayran, quantity: 1 }]), 'hazirlaniyor', 'hazir', 'servis');
    at('2026-11-28T19:00:00.000Z');
    await order([{ product_id: ids.sutlac, quantity: 1 }]);
    at('2026-11-28T19:45:00.000Z');
  });

  it('en: the date and prices in English (TL), the products named as on the menu, Turkish where not translated', async () => {
    const res = await get(`/qr/${a.slug}/hesap?masa=6&lang=en`, diner);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Opened: 28/11/2026, 21:30');
    expect(html).toContain('<span>2 × Kebab</span><span>₺600.00</span>');
    expect(html).toContain('<p class="muted">₺300.00 × 2</p>');
    expect(html).toContain('<span>1 × Flatbread (Half)</span><span>₺120.00</span>');
    expect(html).toContain('<span>1 × Ayran</span><span>₺40.00</span>'); // no translation: the Turkish
    expect(html).toContain('<span>Total</span><span>₺760.00</span>');
    expect(html).toContain('VAT included');
    expect(html).toContain('<span>1 × Rice pudding</span><span>₺90.00</span>'); // still being prepared
    expect(html).toContain(`href="/qr/${a.slug}/siparis?masa=6&amp;lang=en"`); // back to the basket, in English
    for (const turkish of ['28.11.2026', 'Kebap', 'Pide', 'Yarım', 'Sütlaç', '₺600,00']) expect(html, turkish).not.toContain(turkish);
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
  });

  it('ar: right to left, the date, counts and prices in the Arabic locale (TL), the products named as on the menu', async () => {
    const html = (await get(`/qr/${a.slug}/hesap?masa=6&lang=ar`, diner)).body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const opened = new Intl.DateTimeFormat('ar', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(new Date('2026-11-28T18:30:00.000Z'));
    const n = new Intl.NumberFormat('ar');
    const tl = new Intl.NumberFormat('ar', { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' });
    expect(html).toContain(`فُتح: ${opened}`);
    expect(html).toContain(`<span dir="auto">${n.format(2)} × كباب</span><span>${tl.format(600)}</span>`);
    expect(html).toContain(`<span dir="auto">${n.format(1)} × خبز البيده (نصف)</span>`);
    expect(html).toContain(`<span dir="auto">${n.format(1)} × Ayran</span>`); // the Turkish fallback keeps its direction
    expect(html).toContain(`<span>المجموع</span><span>${tl.format(760)}</span>`);
    expect(html).toContain('أرز بالحليب');
    expect(tl.format(760)).toContain('₺');
    for (const turkish of ['28.11.2026', '28/11/2026', 'Kebap', 'Yarım', 'Sütlaç']) expect(html, turkish).not.toContain(turkish);
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
  });

  it('Turkish stays as it was; the staff\'s bill keeps the Turkish names; no seat: 403 and no items', async () => {
    const tr = (await get(`/qr/${a.slug}/hesap?masa=6`, diner)).body;
    expect(tr).toContain('Açılış: 28.11.2026 21:30');
    expect(tr).toContain('<span>2 × Kebap</span><span>₺600,00</span>');
    const staff = (await t.app.inject({ url: '/api/tables/6/bill', headers: bearer(a.token) })).json().bill;
    expect(staff.items.map((i: { name: string; portion: string }) => `${i.name}/${i.portion}`)).toEqual(['Kebap/', 'Pide/Yarım', 'Ayran/']);
    for (const cookie of [undefined, await seat(5)]) {
      const res = await get(`/qr/${a.slug}/hesap?masa=6&lang=en`, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Kebab');
      expect(res.body).not.toContain('Opened');
    }
  });
});
