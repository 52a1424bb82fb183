import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { decodeQr, pdfPages, updateProduct } from './price-list.test-helpers.js';

/**
 * The printed price lists per branch (issue 43 item 1): `?branch=N` on the PDF, the versions and
 * the check, and the public page at the branch's address, read the branch's prices, leave out what
 * is not sold there, print its name and address, and keep the branch's own versions.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
let kadikoy: { id: number; slug: string };
let otherBranch: { id: number };
const ids: Record<string, number> = {};
/** The branch's version printed first (İskender ₺210, Adana ₺150). */
let firstPrinted = 0;

const get = (token: string | undefined, url: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const pdf = async (query: string) => {
  const res = await get(a.token, `/api/price-list.pdf${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};
const text = async (query: string) => (await pdfPages(await pdf(query))).join('\n');
const versions = async (query = '') => (await get(a.token, `/api/price-list/versions${query}`)).json();
const findings = async (query = '') => (await get(a.token, `/api/price-list/check${query}`)).json().findings as Array<{ code: string; product_name: string | null }>;
const override = async (productId: number, change: object) => {
  const res = await post('/api/branch-prices', { branch_id: kadikoy.id, product_id: productId, ...change }, a.token);
  expect(res.json().status, res.body).toBe(200);
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Çınar Kafe');
  b = await createBusiness(t.app, 'Başka Lokanta');
  await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', 'in', [a.userId, b.userId]).execute();
  const kebap = await addCategory(t.app, a.token, { name: 'Kebaplar' });
  const tatli = await addCategory(t.app, a.token, { name: 'Tatlılar' });
  ids.iskender = (await addProduct(t.app, a.token, kebap.id, { name: 'İskender', selling_price: 185, amount: 250, amount_unit: 'g' })).id;
  ids.adana = (await addProduct(t.app, a.token, kebap.id, { name: 'Adana Dürüm', selling_price: 150 })).id;
  ids.kunefe = (await addProduct(t.app, a.token, tatli.id, { name: 'Künefe', selling_price: 120 })).id;
  ids.doner = (await addProduct(t.app, a.token, kebap.id, { name: 'Döner Dürüm', selling_price: 110 })).id; // no grams: a finding
  kadikoy = (await post('/api/branches', { name: 'Kadıköy', address: 'Bahariye Cad. 7', deskcount: 4 }, a.token)).json().branch;
  otherBranch = (await post('/api/branches', { name: 'Beşiktaş' }, b.token)).json().branch;
  await override(ids.iskender, { price: 210 });
  await override(ids.kunefe, { unavailable: true }); // the only dessert: its category goes too
  await override(ids.doner, { unavailable: true });
});
afterAll(async () => t.close());

describe('GET /api/price-list.pdf?branch=', () => {
  it("the door list: the branch's name, address and prices, without what is not sold there", async () => {
    const at = await text(`?format=kapi&branch=${kadikoy.id}`);
    for (const s of ['Çınar Kafe – Kadıköy', 'Bahariye Cad. 7', 'İskender (250 g)', '₺210,00', 'Adana Dürüm', '₺150,00', 'Fiyatlarımıza KDV dahildir.']) expect(at, s).toContain(s);
    for (const s of ['₺185,00', 'Künefe', 'Tatlılar', 'Döner Dürüm', 'Moda Cad. 1']) expect(at, s).not.toContain(s);
    firstPrinted = (await versions(`?branch=${kadikoy.id}`)).versions[0].version;
    // the main branch's list is the products' own
    const main = await text('?format=kapi&branch=0');
    for (const s of ['Moda Cad. 1', '₺185,00', 'Künefe', 'Döner Dürüm']) expect(main, s).toContain(s);
    expect(main).not.toContain('Kadıköy');
    expect(main).not.toContain('₺210,00');
  });

  it("the table list's QR code decodes to the branch's menu address; the file is named after the branch", async () => {
    const res = await get(a.token, `/api/price-list.pdf?format=masa&branch=${kadikoy.id}`);
    expect(res.headers['content-disposition']).toContain(`fiyat-listesi-${kadikoy.slug}-masa-v`);
    expect(await decodeQr(res.rawPayload)).toBe(`http://qr.test/qr/${kadikoy.slug}`);
    expect((await pdfPages(res.rawPayload)).join('\n')).toContain('₺210,00');
  });
});

describe('versions per branch', () => {
  it("a branch's override makes a version of the branch's list only; a shared change, of every list", async () => {
    const main0 = (await versions()).versions[0];
    const br0 = (await versions(`?branch=${kadikoy.id}`)).versions[0];
    expect((await versions(`?branch=${kadikoy.id}`)).public_url).toBe(`http://qr.test/qr/${kadikoy.slug}/fiyat-listesi`);
    expect(br0.products).toBe(2);
    await override(ids.adana, { price: 160 });
    const br1 = (await versions(`?branch=${kadikoy.id}`)).versions[0];
    expect(br1).toMatchObject({ version: br0.version + 1, changes: 1, price_changes: 1, products: 2 });
    expect((await versions()).versions[0].version).toBe(main0.version);
    // a shared price: the main list changes; at the branch only the product without its own price
    await updateProduct(t.app, a.token, ids.iskender, { selling_price: 190 });
    expect((await versions()).versions[0]).toMatchObject({ version: main0.version + 1, price_changes: 1 });
    expect((await versions(`?branch=${kadikoy.id}`)).versions[0].version).toBe(br1.version);
    await override(ids.iskender, { clear: true });
    expect((await versions(`?branch=${kadikoy.id}`)).versions[0]).toMatchObject({ version: br1.version + 1, price_changes: 1 });
    expect(await text(`?branch=${kadikoy.id}`)).toContain('₺190,00');
  });

  it("a past version of the branch prints exactly as it did; another owner's version numbers are not the branch's", async () => {
    const first = firstPrinted;
    const old = await text(`?format=kapi&branch=${kadikoy.id}&version=${first}`);
    expect(old).toContain('₺210,00');
    expect(old).toContain('Çınar Kafe – Kadıköy');
    expect(old).not.toContain('₺160,00');
    // the past version prints identically again, after more changes
    await override(ids.adana, { price: 165 });
    expect(await text(`?format=kapi&branch=${kadikoy.id}&version=${first}`)).toBe(old);
    expect((await get(a.token, `/api/price-list.pdf?branch=${kadikoy.id}&version=999`)).json().status).toBe(404);
  });

  it("printing at the branch is recorded for the branch: its door list is current there, the main branch's stays outdated", async () => {
    const codes = async (q = '') => (await findings(q)).map((f) => f.code);
    expect(await codes(`?branch=${kadikoy.id}`)).toContain('list_outdated'); // printed first, changed since
    const mainPrinted = (await versions()).versions.find((v: { printed: string[] }) => v.printed.includes('kapi')).version;
    await text(`?format=kapi&branch=${kadikoy.id}`);
    await text(`?format=masa&branch=${kadikoy.id}`);
    const v = (await versions(`?branch=${kadikoy.id}`)).versions[0];
    expect(v.printed).toEqual(['kapi', 'masa']);
    expect(await codes(`?branch=${kadikoy.id}`)).not.toContain('list_outdated');
    expect(await codes(`?branch=${kadikoy.id}`)).not.toContain('list_not_printed');
    // the main branch's print is where it was, and outdated by the shared price change
    expect((await versions()).versions.find((x: { printed: string[] }) => x.printed.includes('kapi')).version).toBe(mainPrinted);
    expect(await codes()).toContain('list_outdated');
  });

  it('a branch never printed: "not printed yet" at the branch', async () => {
    const moda = (await post('/api/branches', { name: 'Moda' }, a.token)).json().branch;
    expect((await findings(`?branch=${moda.id}`)).map((f) => f.code)).toContain('list_not_printed');
  });

  it("the check reads the branch's products: one left off there is not a finding there", async () => {
    const main = await findings();
    expect(main.some((f) => f.code === 'gram_missing' && f.product_name === 'Döner Dürüm')).toBe(true);
    const at = await findings(`?branch=${kadikoy.id}`);
    expect(at.some((f) => f.product_name === 'Döner Dürüm')).toBe(false);
  });
});

describe('the campaign rule at a branch', () => {
  const campaign = async (q = '') => (await get(a.token, `/api/price-list/check${q}`)).json().findings.filter((f: { code: string; product_id: number }) => f.code === 'campaign_price' && f.product_id === ids.manti);

  it("a branch's own price is compared with the prices it had: its own and, while it followed it, the product's", async () => {
    const cat = (await addCategory(t.app, a.token, { name: 'Ev Yemekleri' })).id;
    ids.manti = (await addProduct(t.app, a.token, cat, { name: 'Mantı', selling_price: 200 })).id;
    // the campaign at every branch: ₺200 → ₺160, "was" ₺200
    await updateProduct(t.app, a.token, ids.manti, { selling_price: 160, original_price: 200 });
    expect(await campaign()).toEqual([]);
    // a branch price set after the campaign began (₺180): it had ₺200 before, the "was" price is honest there
    await override(ids.manti, { price: 180 });
    expect(await text(`?branch=${kadikoy.id}`)).toContain('₺180,00');
    expect(await campaign(`?branch=${kadikoy.id}`)).toEqual([]);
    // a branch that sold it at ₺150 within the 30 days before the campaign: ₺200 is not its earlier price
    const before = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await t.db.insertInto('price_history').values({ user_id: a.userId, product_id: ids.manti, branch_id: kadikoy.id, old_selling: 20000, new_selling: 15000, old_original: null, new_original: null, source: 'form', created_at: before }).execute();
    const f = await campaign(`?branch=${kadikoy.id}`);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'error', reference_price: 150 });
    // the main branch's check reads the product's own history only
    expect(await campaign()).toEqual([]);
  });
});

describe('GET /qr/{branch-slug}/fiyat-listesi', () => {
  it("the public page at the branch's address: its name, address and prices; linked from its menu", async () => {
    const res = await t.app.inject({ url: `/qr/${kadikoy.slug}/fiyat-listesi` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script/i);
    for (const s of ['Çınar Kafe – Kadıköy', 'Bahariye Cad. 7', '₺165,00', '₺190,00', `href="/qr/${kadikoy.slug}/category"`]) expect(res.body, s).toContain(s);
    for (const s of ['Künefe', 'Döner Dürüm', '₺150,00']) expect(res.body, s).not.toContain(s);
    const main = await t.app.inject({ url: `/qr/${a.slug}/fiyat-listesi` });
    expect(main.body).toContain('₺150,00');
    expect(main.body).toContain('Künefe');
    expect((await t.app.inject({ url: `/qr/${kadikoy.slug}/category` })).body).toContain(`href="/qr/${kadikoy.slug}/fiyat-listesi"`);
  });
});

describe('access', () => {
  const routes = ['/api/price-list.pdf', '/api/price-list/versions', '/api/price-list/check'];
  it('no token: 401; an admin (wrong role): 403', async () => {
    const admin = await createAdmin(t.app);
    for (const r of routes) {
      expect((await get(undefined, `${r}?branch=${kadikoy.id}`)).statusCode, r).toBe(401);
      expect((await get(admin.token, `${r}?branch=${kadikoy.id}`)).statusCode, r).toBe(403);
    }
  });

  it("another owner's branch or an unknown one: body 404, nothing recorded; a malformed one: body 422 in Turkish", async () => {
    const count = async () => Number((await t.db.selectFrom('branch_price_list_versions').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const r of routes) {
      for (const id of [otherBranch.id, 999999]) expect((await get(a.token, `${r}?branch=${id}`)).json(), `${r} ${id}`).toMatchObject({ status: 404 });
      expect((await get(b.token, `${r}?branch=${kadikoy.id}`)).json(), r).toMatchObject({ status: 404 });
      expect((await get(a.token, `${r}?branch=kadikoy`)).json(), r).toEqual({ status: 422, message: BRANCH_MSG.branchRequired, errors: { branch: [BRANCH_MSG.branchRequired] } });
    }
    expect(await count()).toBe(before);
  });

  it("a deleted branch's versions go with it and its page answers 404", async () => {
    const moda = (await post('/api/branches', { name: 'Caddebostan' }, a.token)).json().branch;
    expect((await versions(`?branch=${moda.id}`)).versions).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/branches/${moda.id}`, headers: bearer(a.token) })).json().status).toBe(200);
    expect(await t.db.selectFrom('branch_price_list_versions').select('id').where('branch_id', '=', moda.id).execute()).toEqual([]);
    expect((await t.app.inject({ url: `/qr/${moda.slug}/fiyat-listesi` })).statusCode).toBe(404);
  });
});
