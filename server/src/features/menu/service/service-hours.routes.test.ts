import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../../test/menu-helpers.js';
import { sendForm } from '../../../../test/owner-helpers.js';

/**
 * Menus that follow the clock (issue 43 item 2), on the app's clock (`app.clock`, moved here):
 * categories and products with service hours open and close at their edges — past midnight and
 * from Sunday into Monday too —, hidden or greyed with their hours as the owner chose; a happy-hour
 * price changes at its edge on the HTML menu and the JSON menu; and the cached answers end at the
 * edge (never a stale menu a minute later), on the Fastify path and on the fast path (a socket).
 */
const ist = (local: string) => Date.parse(`${local}:00+03:00`); // the tests' own instants; the server reads the zone through Intl
let now = ist('2026-11-23T07:00'); // a Monday
/** Moves the clock; backwards (from one test's day to another's) also empties the cache, as a real clock never goes back. */
const at = (local: string) => {
  if (ist(local) < now) t.app.menuCache.clear();
  now = ist(local);
};
let t: TestApp;
let base: string;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let breakfast: number;
let drinks: number;
let night: number;
let beer: number;

const week = (days: string[], open: string, close: string) => Object.fromEntries(days.map((d) => [d, [{ open, close }]]));
const WEEKDAYS_5 = ['1', '2', '3', '4', '5'];
const get = (url: string) => t.app.inject({ method: 'GET', url });
const html = async (url: string) => (await get(url)).body;
const categoriesJson = async () => (await get(`/api/getCategory/${biz.slug}`)).json().category as Array<{ id: number; name: string; service?: { open: boolean; hours: string; weekday?: string } }>;
const productsJson = async (category: number) => (await get(`/api/getProduct/${category}`)).json();

beforeAll(async () => {
  t = await buildTestApp();
  t.app.clock.now = () => new Date(now);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  biz = await createBusiness(t.app, 'Sabah Kafe');
  breakfast = (await addCategory(t.app, biz.token, {
    name: 'Kahvaltı',
    service_hours: JSON.stringify({ ...week(WEEKDAYS_5, '08:00', '12:00'), ...week(['6', '7'], '09:00', '13:00') }),
  })).id;
  await addProduct(t.app, biz.token, breakfast, { name: 'Serpme Kahvaltı', selling_price: '350' });
  drinks = (await addCategory(t.app, biz.token, { name: 'İçecekler' })).id;
  beer = (await addProduct(t.app, biz.token, drinks, { name: 'Bira', selling_price: '120', happy_hour: JSON.stringify({ hours: week(['1', '2', '3', '4', '5', '6', '7'], '17:00', '19:00'), price: '90' }) })).id;
  await addProduct(t.app, biz.token, drinks, { name: 'Kokteyl', selling_price: '150', original_price: '200', happy_hour: JSON.stringify({ hours: week(['1', '2', '3', '4', '5', '6', '7'], '17:00', '19:00'), price: '100' }) });
  await addProduct(t.app, biz.token, drinks, { name: 'Limonata', selling_price: '60', service_hours: JSON.stringify(week(['1', '2', '3', '4', '5', '6', '7'], '12:00', '18:00')), service_outside: 'show' });
  await addProduct(t.app, biz.token, drinks, { name: 'Sıcak Şarap', selling_price: '140', service_hours: JSON.stringify(week(['1', '2', '3', '4', '5', '6', '7'], '18:00', '23:00')) });
  night = (await addCategory(t.app, biz.token, {
    name: 'Gece Mutfağı',
    service_hours: JSON.stringify({ ...week(['5'], '22:00', '02:00'), ...week(['7'], '22:00', '01:00') }),
    service_outside: 'show',
  })).id;
  await addProduct(t.app, biz.token, night, { name: 'Kokoreç', selling_price: '200' });
});
afterAll(async () => t?.close());

describe('service hours on the diner menu', () => {
  it('hides a category outside its hours and shows it from the minute they begin (weekdays and weekend)', async () => {
    at('2026-11-23T07:59');
    expect((await categoriesJson()).map((c) => c.name)).toEqual(['İçecekler', 'Gece Mutfağı']);
    expect(await html(`/qr/${biz.slug}/category`)).not.toContain('Kahvaltı');
    expect((await get(`/qr/${biz.slug}/category/${breakfast}`)).statusCode).toBe(404);
    expect((await productsJson(breakfast)).status).toBe(404);
    expect(await html(`/qr/${biz.slug}/ara?q=kahvalti`)).not.toContain('Serpme Kahvaltı');

    at('2026-11-23T08:00');
    expect((await categoriesJson()).map((c) => c.name)).toEqual(['Kahvaltı', 'İçecekler', 'Gece Mutfağı']);
    expect((await categoriesJson())[0].service).toEqual({ open: true, hours: '08:00–12:00' });
    expect(await html(`/qr/${biz.slug}/category/${breakfast}`)).toContain('Serpme Kahvaltı');
    expect(await html(`/qr/${biz.slug}/ara?q=kahvalti`)).toContain('Serpme Kahvaltı');

    at('2026-11-23T12:00');
    expect((await categoriesJson()).map((c) => c.name)).not.toContain('Kahvaltı');
    at('2026-11-28T08:30'); // Saturday: 09:00–13:00
    expect((await categoriesJson()).map((c) => c.name)).not.toContain('Kahvaltı');
    at('2026-11-28T12:59');
    expect((await categoriesJson()).map((c) => c.name)).toContain('Kahvaltı');
  });

  it('shows a closed category greyed with its hours, its products following it, open past midnight', async () => {
    at('2026-11-27T21:59'); // Friday
    let page = await html(`/qr/${biz.slug}/category`);
    expect(page).toContain('<a class="card so"');
    expect(page).toContain('Saat 22:00–02:00 arası servis edilir');
    let products = await html(`/qr/${biz.slug}/category/${night}`);
    expect(products).toContain('class="prod so"');
    expect(products).toContain('Saat 22:00–02:00 arası servis edilir');
    expect((await productsJson(night)).product_data.product[0].service).toEqual({ open: false, hours: '22:00–02:00' });

    at('2026-11-27T22:00');
    expect((await productsJson(night)).product_data.product[0].service).toBeUndefined(); // served: the category is open
    expect((await categoriesJson()).find((c) => c.id === night)!.service).toEqual({ open: true, hours: '22:00–02:00' });
    at('2026-11-28T01:59'); // Saturday, still Friday night
    expect((await categoriesJson()).find((c) => c.id === night)!.service!.open).toBe(true);
    at('2026-11-28T02:00');
    // no hours on Saturday: the next day with hours is named
    expect((await categoriesJson()).find((c) => c.id === night)!.service).toEqual({ open: false, hours: '22:00–01:00', weekday: '7' });
    page = await html(`/qr/${biz.slug}/category`);
    expect(page).toContain('Pazar saat 22:00–01:00 arası servis edilir');
    products = await html(`/qr/${biz.slug}/category/${night}`);
    expect(products).toContain('class="prod so"');
  });

  it('crosses from Sunday into Monday: a Sunday night range holds past midnight, then closes', async () => {
    at('2026-11-29T21:59'); // Sunday
    expect((await categoriesJson()).find((c) => c.id === night)!.service!.open).toBe(false);
    at('2026-11-29T23:30');
    expect((await categoriesJson()).find((c) => c.id === night)!.service!.open).toBe(true);
    at('2026-11-30T00:59'); // Monday
    expect((await categoriesJson()).find((c) => c.id === night)!.service!.open).toBe(true);
    at('2026-11-30T01:00');
    expect((await categoriesJson()).find((c) => c.id === night)!.service).toEqual({ open: false, hours: '22:00–02:00', weekday: '5' });
    at('2026-11-30T07:59');
    expect((await categoriesJson()).map((c) => c.name)).not.toContain('Kahvaltı');
    at('2026-11-30T08:00');
    expect((await categoriesJson()).map((c) => c.name)).toContain('Kahvaltı');
  });

  it('a product greyed with its own hours, or hidden, outside them', async () => {
    at('2026-11-24T11:00');
    const page = await html(`/qr/${biz.slug}/category/${drinks}`);
    expect(page).toMatch(/<li class="prod so">(?:(?!<\/li>).)*Limonata(?:(?!<\/li>).)*Saat 12:00–18:00 arası servis edilir/s);
    expect(page).not.toContain('Sıcak Şarap');
    const list = (await productsJson(drinks)).product_data.product as Array<{ name: string; service?: unknown }>;
    expect(list.map((p) => p.name)).toEqual(['Bira', 'Kokteyl', 'Limonata']);
    expect(list[2].service).toEqual({ open: false, hours: '12:00–18:00' });
    at('2026-11-24T18:00');
    const later = (await productsJson(drinks)).product_data.product as Array<{ name: string; service?: unknown }>;
    expect(later.map((p) => p.name)).toEqual(['Bira', 'Kokteyl', 'Limonata', 'Sıcak Şarap']);
    expect(later[2].service).toEqual({ open: false, hours: '12:00–18:00' });
    expect(later[3].service).toEqual({ open: true, hours: '18:00–23:00' });
  });
});

describe('happy hour', () => {
  it('changes the price at its edges on the JSON menu and the HTML menu, the regular price struck through', async () => {
    at('2026-11-25T16:59');
    let [b, k] = (await productsJson(drinks)).product_data.product;
    expect([b.selling_price, b.original_price, b.happy_hour]).toEqual([120, null, undefined]);
    expect([k.selling_price, k.original_price]).toEqual([150, 200]);
    at('2026-11-25T17:00');
    [b, k] = (await productsJson(drinks)).product_data.product;
    expect([b.selling_price, b.original_price, b.happy_hour]).toEqual([90, 120, true]);
    // with a campaign price: the happy-hour price, struck through the campaign's "before" price
    expect([k.selling_price, k.original_price, k.happy_hour]).toEqual([100, 200, true]);
    const page = await html(`/qr/${biz.slug}/category/${drinks}`);
    expect(page).toMatch(/Bira(?:(?!<\/li>).)*<s class="old">(?:(?!<\/s>).)*120(?:(?!<\/li>).)*<span class="price">₺90/s);
    at('2026-11-25T19:00');
    [b] = (await productsJson(drinks)).product_data.product;
    expect([b.selling_price, b.original_price]).toEqual([120, null]);
    expect(await html(`/qr/${biz.slug}/category/${drinks}`)).not.toMatch(/Bira(?:(?!<\/li>).)*<s class="old">/s);
  });
});

describe('the menu cache ends at the next edge', () => {
  it('Fastify path: an answer cached a minute before the edge is recomputed at the edge, not before', async () => {
    at('2026-11-26T16:59');
    expect((await productsJson(drinks)).product_data.product[0].selling_price).toBe(120);
    const hits = t.app.menuCache.stats().hits;
    now += 59_999; // 16:59:59.999: still the cached answer
    expect((await productsJson(drinks)).product_data.product[0].selling_price).toBe(120);
    expect(t.app.menuCache.stats().hits).toBe(hits + 1);
    now += 1; // 17:00:00.000
    const misses = t.app.menuCache.stats().misses;
    expect((await productsJson(drinks)).product_data.product[0].selling_price).toBe(90);
    expect(t.app.menuCache.stats().misses).toBe(misses + 1);
  });

  it('fast path: the cached page is replayed until the edge and recomputed at it', async () => {
    at('2026-11-26T07:59');
    const url = `${base}/qr/${biz.slug}/category`;
    expect(await (await fetch(url)).text()).not.toContain('Kahvaltı');
    expect(await (await fetch(url)).text()).not.toContain('Kahvaltı'); // now on the fast path
    const fast = t.app.menuCache.stats().fastHits;
    now += 59_999;
    expect(await (await fetch(url)).text()).not.toContain('Kahvaltı');
    expect(t.app.menuCache.stats().fastHits).toBe(fast + 1);
    now += 1; // 08:00
    expect(await (await fetch(url)).text()).toContain('Kahvaltı');
    expect(t.app.menuCache.stats().fastHits).toBe(fast + 1);
    const json = await (await fetch(`${base}/api/getCategory/${biz.slug}`)).json();
    expect(json.category.map((c: { name: string }) => c.name)).toContain('Kahvaltı');
  });

  it('a business without any hours gets answers that never end by themselves', async () => {
    const plain = await createBusiness(t.app, 'Düz Kafe');
    const c = await addCategory(t.app, plain.token, { name: 'Tatlılar' });
    await addProduct(t.app, plain.token, c.id, { name: 'Künefe', selling_price: '180' });
    for (const url of [`/api/getCategory/${plain.slug}`, `/api/getProduct/${c.id}`, `/qr/${plain.slug}/category/${c.id}`]) {
      await get(url);
      const key = url.startsWith('/api/getCategory') ? `api:c:${plain.slug}` : url.startsWith('/api/getProduct') ? `api:p:${c.id}` : `qr:p:${plain.slug}:${c.id}`;
      const cached = await t.app.menuCache.resolve(key, () => Promise.reject(new Error('not cached')));
      expect(cached.expiresAt).toBe(Infinity);
    }
  });
});

describe('the owner sets service hours and happy hour', () => {
  it('answers them on the owner routes; absent keeps them, empty clears them', async () => {
    const got = (await t.app.inject({ url: `/api/edit-product/${beer}`, headers: bearer(biz.token) })).json().product;
    expect(got.happy_hour).toEqual({ hours: expect.objectContaining({ '1': [{ open: '17:00', close: '19:00' }] }), price: 90 });
    const kept = (await sendForm(t.app, `/api/update-product/${beer}`, biz.token, { category_id: drinks, name: 'Bira', selling_price: '125' })).json();
    expect(kept.product.happy_hour.price).toBe(90);
    const cleared = (await sendForm(t.app, `/api/update-product/${beer}`, biz.token, { category_id: drinks, name: 'Bira', selling_price: '120', happy_hour: '' })).json();
    expect(cleared.product.happy_hour).toBeUndefined();
    const cats = (await t.app.inject({ url: '/api/view-category', headers: bearer(biz.token) })).json().category as Array<{ id: number; service_outside?: string }>;
    expect(cats.find((c) => c.id === night)!.service_outside).toBe('show');
    expect(cats.find((c) => c.id === breakfast)!.service_outside).toBe('hide');
    expect(cats.find((c) => c.id === drinks)!.service_outside).toBeUndefined();
  });

  it('refuses bad hours and prices with Turkish field errors, changing nothing', async () => {
    await t.app.views.flush(); // the earlier visits' view counts land now, not between the two reads
    const before = await t.db.selectFrom('categories').selectAll().where('id', '=', breakfast).executeTakeFirstOrThrow();
    const update = (fields: Record<string, string>) => sendForm(t.app, `/api/update-category/${breakfast}`, biz.token, { name: 'Kahvaltı', ...fields });
    const cases: Array<[Record<string, string>, string]> = [
      [{ service_hours: JSON.stringify(week(['1'], '8:0', '12:00')) }, 'Pazartesi: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).'],
      [{ service_hours: JSON.stringify(week(['2'], '14:00', '12:00')) }, SERVICE_MSG.order('Salı')],
      [{ service_hours: JSON.stringify(week(['3'], '10:00', '10:00')) }, SERVICE_MSG.same('Çarşamba')],
      [{ service_hours: JSON.stringify({ '1': [] }) }, SERVICE_MSG.empty],
      [{ service_hours: JSON.stringify({ '1': [{ open: '08:00', close: '09:00' }, { open: '10:00', close: '11:00' }, { open: '12:00', close: '13:00' }] }) }, 'Pazartesi: en fazla iki saat aralığı girebilirsiniz.'],
      [{ service_hours: '{', service_outside: 'show' }, SERVICE_MSG.shape],
    ];
    for (const [fields, message] of cases) {
      const body = (await update(fields)).json();
      expect(body.status, JSON.stringify(fields)).toBe(422);
      expect(body.errors.service_hours).toEqual([message]);
    }
    expect((await update({ service_outside: 'bazen' })).json().errors.service_outside).toEqual([SERVICE_MSG.outside]);
    expect(await t.db.selectFrom('categories').selectAll().where('id', '=', breakfast).executeTakeFirstOrThrow()).toEqual(before);

    const product = (fields: Record<string, string>) => sendForm(t.app, '/api/store-product', biz.token, { category_id: drinks, name: 'Şarap', selling_price: '100', ...fields });
    const hh = (price: string) => JSON.stringify({ hours: week(['5'], '17:00', '19:00'), price });
    expect((await product({ happy_hour: hh('100') })).json().errors.happy_hour).toEqual([SERVICE_MSG.happyNotLower]);
    expect((await product({ happy_hour: hh('abc') })).json().errors.happy_hour).toEqual([SERVICE_MSG.happyPrice]);
    expect((await product({ happy_hour: hh('50'), selling_price: '' })).json().errors.happy_hour).toEqual([SERVICE_MSG.happyNoPrice]);
    expect((await product({ happy_hour: hh('50'), variants: JSON.stringify([{ name: 'Kadeh', price: 100 }]) })).json().errors.happy_hour).toEqual([SERVICE_MSG.happyVariants]);
    expect((await product({ happy_hour: JSON.stringify({ price: '50' }) })).json().errors.happy_hour).toEqual([SERVICE_MSG.happyShape]);
    const names = (await t.db.selectFrom('products').select('name').where('user_id', '=', biz.userId).execute()).map((r) => r.name);
    expect(names).not.toContain('Şarap');
  });

  it("another owner's category and product answer 404 and keep their hours", async () => {
    const other = await registerOwner(t.app, { name: 'Başka Sahip' });
    const hours = JSON.stringify(week(['1'], '10:00', '11:00'));
    const cat = (await sendForm(t.app, `/api/update-category/${breakfast}`, other.token, { name: 'X', service_hours: hours })).json();
    expect(cat.status).toBe(404);
    const prod = (await sendForm(t.app, `/api/update-product/${beer}`, other.token, { category_id: drinks, name: 'X', service_hours: hours })).json();
    expect(prod.status).toBe(404);
    const row = await t.db.selectFrom('categories').select(['name', 'service_hours']).where('id', '=', breakfast).executeTakeFirstOrThrow();
    expect(row.name).toBe('Kahvaltı');
    expect(JSON.parse(row.service_hours!)['1']).toEqual([{ open: '08:00', close: '12:00' }]);
  });
});
