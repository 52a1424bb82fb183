import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Sipariş Kafe'); // 8 tables
  b = await createBusiness(t.app, 'Öteki Lokanta');
  ids.cat = (await addCategory(t.app, a.token, { name: 'Ana yemekler' })).id;
  ids.kofte = (await addProduct(t.app, a.token, ids.cat, { name: 'Köfte', selling_price: '250' })).id;
  ids.pide = (await addProduct(t.app, a.token, ids.cat, { name: 'Pide', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) })).id;
  ids.ayran = (await addProduct(t.app, a.token, ids.cat, { name: 'Ayran', selling_price: '40' })).id;
  ids.otherCat = (await addCategory(t.app, b.token, { name: 'Çorbalar' })).id;
  ids.corba = (await addProduct(t.app, b.token, ids.otherCat, { name: 'Mercimek', selling_price: '90' })).id;
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const postForm = (url: string, form: Record<string, string | number>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
const setOrdering = (token: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(token), payload: body });
/** Opens the table's QR address: the device's seat cookie. */
async function seat(masa: number, slug = a.slug): Promise<string> {
  const res = await get(`/qr/${slug}?masa=${masa}`);
  const set = String(res.headers['set-cookie'] ?? '');
  const m = /qrm_masa=([^;]+)/.exec(set);
  if (!m) throw new Error(`no seat cookie: ${set}`);
  return `qrm_masa=${m[1]}`;
}

describe('ordering at the table, off by default', () => {
  it('menu pages render exactly as before while ordering is off, and without ?masa when it is on', async () => {
    const urls = [`/qr/${a.slug}`, `/qr/${a.slug}/category`, `/qr/${a.slug}/category/${ids.cat}`, `/qr/${a.slug}/ara`, `/qr/${a.slug}/category/${ids.cat}?masa=3`, `/qr/${a.slug}/category?masa=3`];
    const before = await Promise.all(urls.map(async (u) => (await get(u)).body));
    expect(before[4]).not.toContain('Sepete ekle');
    expect((await get(`/qr/${a.slug}?masa=3`)).headers['set-cookie']).toBeUndefined();
    const s = (await t.app.inject({ url: '/api/order-settings', headers: bearer(a.token) })).json();
    expect(s).toMatchObject({ status: 200, enabled: false, paused: [], deskcount: 8 });

    expect((await setOrdering(a.token, { enabled: true })).json()).toMatchObject({ status: 200, enabled: true });
    const after = await Promise.all(urls.slice(0, 4).map(async (u) => (await get(u)).body));
    expect(after).toEqual(before.slice(0, 4));
    const table = (await get(`/qr/${a.slug}/category/${ids.cat}?masa=3`)).body;
    expect(table).toContain('Sepete ekle');
    expect(table).toContain(`action="/qr/${a.slug}/siparis?masa=3"`);
    expect(table).toContain('<option value="1">Tam ₺200,00</option>');
    expect(table).toContain('name="website"');
    expect(table).toContain(`href="/qr/${a.slug}/siparis?masa=3">Sepetim`);
    expect(table).not.toMatch(RUNNABLE_SCRIPT);
    expect(Buffer.byteLength(table)).toBeLessThan(30 * 1024);
    // business B stays off
    expect((await get(`/qr/${b.slug}/category/${ids.otherCat}?masa=3`)).body).not.toContain('Sepete ekle');
  });

  it('a sold-out product has no form; bad settings are refused in Turkish', async () => {
    await t.db.updateTable('products').set({ sold_out: '1' }).where('id', '=', ids.ayran).execute();
    await setOrdering(a.token, { enabled: true }); // the cache follows the owner's writes
    const table = (await get(`/qr/${a.slug}/category/${ids.cat}?masa=2`)).body;
    expect(table.match(/Sepete ekle/g)?.length).toBe(2);
    const bad = (await setOrdering(a.token, { enabled: 'evet' })).json();
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.errors)).toContain('Masadan sipariş');
    expect((await t.app.inject({ method: 'POST', url: '/api/order-settings', payload: { enabled: true } })).statusCode).toBe(401);
  });
});

describe('one shared basket per table, JavaScript off', () => {
  it('two devices at table 5 fill one basket and send it; prices are fixed when sent', async () => {
    const d1 = await seat(5);
    const d2 = await seat(5);
    expect(d1).not.toBe(d2);
    const add1 = await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 2, not: 'Az pişmiş', website: '' }, d1);
    expect(add1.statusCode).toBe(303);
    expect(add1.headers.location).toBe(`/qr/${a.slug}/siparis?masa=5&durum=eklendi`);
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.pide, porsiyon: 1, adet: 1 }, d2)).statusCode).toBe(303);
    const page = await get(`/qr/${a.slug}/siparis?masa=5&durum=eklendi`, d1);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ürün sepete eklendi.');
    expect(page.body).toContain('2 × Köfte');
    expect(page.body).toContain('Not: Az pişmiş');
    expect(page.body).toContain('1 × Pide (Tam)');
    expect(page.body).toContain('₺700,00'); // 2 × 250 + 200
    expect(page.body).not.toMatch(RUNNABLE_SCRIPT);

    const sent = await postForm(`/qr/${a.slug}/siparis/gonder?masa=5`, { website: '' }, d2);
    expect(sent.statusCode).toBe(303);
    // a later price change does not touch the order
    await t.db.updateTable('products').set({ selling_price: 99900 }).where('id', '=', ids.kofte).execute();
    const after = (await get(`/qr/${a.slug}/siparis?masa=5&durum=gonderildi`, d1)).body;
    expect(after).toContain('Siparişiniz mutfağa iletildi.');
    expect(after).toContain('Sepetiniz boş');
    expect(after).toContain('Yeni');
    const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', a.userId).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ masa: 5, status: 'yeni', total: 70000 });
    await t.db.updateTable('products').set({ selling_price: 25000 }).where('id', '=', ids.kofte).execute();
  });

  it('a line is removed; an empty basket is not sent', async () => {
    const d = await seat(6);
    await postForm(`/qr/${a.slug}/siparis?masa=6`, { urun: ids.kofte, adet: 1 }, d);
    const line = await t.db.selectFrom('basket_items').select('id').where('user_id', '=', a.userId).where('masa', '=', 6).executeTakeFirstOrThrow();
    expect((await postForm(`/qr/${a.slug}/siparis/sil?masa=6`, { satir: line.id }, d)).statusCode).toBe(303);
    const empty = await postForm(`/qr/${a.slug}/siparis/gonder?masa=6`, {}, d);
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Sepetiniz boş. Önce menüden ürün ekleyin.');
  });

  it('refusals: no seat, another table\'s seat, sold out, passive, bad quantity or note, honeypot, paused table', async () => {
    const d5 = await seat(5);
    // table 5's basket holds a line of its diners
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 1, not: 'Masa beşin notu' }, d5)).statusCode).toBe(303);
    const noSeat = await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 1 });
    expect(noSeat.statusCode).toBe(403);
    expect(noSeat.body).toContain('QR kodu yeniden okutun');
    // a device without the table's seat sees the reason only: not the table's basket or orders
    expect(noSeat.body).not.toContain('Masa beşin notu');
    expect(noSeat.body).not.toContain('Siparişi gönder');
    expect(noSeat.body).not.toContain('Sepetiniz boş');
    expect((await postForm(`/qr/${a.slug}/siparis?masa=4`, { urun: ids.kofte, adet: 1 }, d5)).statusCode).toBe(403);
    const sold = await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.ayran, adet: 1 }, d5);
    expect(sold.statusCode).toBe(409);
    expect(sold.body).toContain('Ayran tükendi; sepete eklenemez.');
    await t.db.updateTable('products').set({ status: '0' }).where('id', '=', ids.pide).execute();
    const passive = await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.pide, porsiyon: 0, adet: 1 }, d5);
    expect(passive.statusCode).toBe(409);
    expect(passive.body).toContain('Pide şu an menüde yok');
    await t.db.updateTable('products').set({ status: '1' }).where('id', '=', ids.pide).execute();
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.pide, adet: 1 }, d5)).body).toContain('Lütfen geçerli bir porsiyon seçin.');
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 0 }, d5)).statusCode).toBe(422);
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 1, not: 'x'.repeat(141) }, d5)).body).toContain('Not en fazla 140 karakter olabilir.');
    // another business's product
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.corba, adet: 1 }, d5)).body).toContain('Ürün bulunamadı.');
    // the honeypot: answered as done, nothing added
    const before = await t.db.selectFrom('basket_items').select('id').where('masa', '=', 5).execute();
    expect((await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 1, website: 'http://spam' }, d5)).statusCode).toBe(303);
    expect(await t.db.selectFrom('basket_items').select('id').where('masa', '=', 5).execute()).toHaveLength(before.length);
    // a paused table: no forms, no seat, and the basket refuses
    await setOrdering(a.token, { enabled: true, paused: [5] });
    expect((await get(`/qr/${a.slug}/category/${ids.cat}?masa=5`)).body).not.toContain('Sepete ekle');
    const paused = await postForm(`/qr/${a.slug}/siparis?masa=5`, { urun: ids.kofte, adet: 1 }, d5);
    expect(paused.statusCode).toBe(403);
    expect(paused.body).toContain('Bu masada sipariş şu an kapalı');
    // the refusal is not contradicted by "your basket is empty", nor offered a send button
    expect(paused.body).not.toContain('Sepetiniz boş');
    expect(paused.body).not.toContain('Siparişi gönder');
    expect(paused.body).toContain('Menüye dön');
    const pausedPage = await t.app.inject({ method: 'GET', url: `/qr/${a.slug}/siparis?masa=5`, headers: { cookie: d5 } });
    expect(pausedPage.statusCode).toBe(403);
    expect(pausedPage.body).not.toContain('Sepetiniz boş');
    await setOrdering(a.token, { enabled: true, paused: [] });
    // ordering for another business with this seat
    await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(b.token), payload: { enabled: true } });
    expect((await postForm(`/qr/${b.slug}/siparis?masa=5`, { urun: ids.corba, adet: 1 }, d5)).statusCode).toBe(403);
  });
});
