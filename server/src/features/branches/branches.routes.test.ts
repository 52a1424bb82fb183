import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_MSG, MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Branches (issue 43 item 1) on a real database: a three-branch account shares one menu, each branch
 * reads its own prices and availability (HTML and JSON), the main branch's addresses keep working,
 * another owner's branches are not found, plan limits, who may call what.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

const level = (userId: number, userlevel: string) => t.db.updateTable('settings').set({ userlevel }).where('user_id', '=', userId).execute();
const post = (url: string, token: string | undefined, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) => t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
/** A product's card on a menu page: from its name to the end of its list item. */
const card = (html: string, name: string) => {
  const at = html.indexOf(`>${name}`);
  return at < 0 ? undefined : html.slice(at, html.indexOf('</li>', at));
};

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Çınar Kafe');
  B = await createBusiness(t.app, 'Deniz Balık');
  admin = await createAdmin(t.app);
  await level(A.userId, '1'); // Standart: 3 branches, the main one included
  ids.cat = (await addCategory(t.app, A.token, { name: 'Kahvaltı' })).id;
  ids.menemen = (await addProduct(t.app, A.token, ids.cat, { name: 'Menemen', selling_price: '100' })).id;
  ids.simit = (await addProduct(t.app, A.token, ids.cat, { name: 'Simit', selling_price: '15' })).id;
  ids.cay = (await addProduct(t.app, A.token, ids.cat, { name: 'Çay', selling_price: '20' })).id;
  ids.bcat = (await addCategory(t.app, B.token, { name: 'Balıklar' })).id;
  ids.levrek = (await addProduct(t.app, B.token, ids.bcat, { name: 'Levrek', selling_price: '450' })).id;
});
afterAll(async () => t.close());

describe('branches of one account', () => {
  it('the account starts as one branch: its business, id 0, at its own address', async () => {
    const body = (await get('/api/branches', A.token)).json();
    expect(body).toMatchObject({ status: 200, message: BRANCH_MSG.listed, limit: 3, plan: 'Standart' });
    expect(body.branches).toEqual([expect.objectContaining({ id: 0, main: true, name: 'Çınar Kafe', slug: A.slug, qrlink: `http://qr.test/qr/${A.slug}`, city: 34 })]);
  });

  it('adds branches with their own addresses and settings up to the plan limit (Standart 3, the main one included)', async () => {
    const k = await post('/api/branches', A.token, { name: 'Kadıköy', address: 'Moda Cad. 5', city: 34, tel: '0216 444 55 66', deskcount: 12, wifi_name: 'Cinar-Kadikoy', wifi_password: 'cay12345' });
    expect(k.json(), k.body).toMatchObject({ status: 200, message: BRANCH_MSG.created, branch: { main: false, name: 'Kadıköy', slug: 'cinar-kafe-kadikoy', address: 'Moda Cad. 5', tel: '0216 444 55 66', deskcount: 12, wifi_name: 'Cinar-Kadikoy' } });
    ids.kadikoy = k.json().branch.id;
    slugs.kadikoy = k.json().branch.slug;
    const b = await post('/api/branches', A.token, { name: 'Beşiktaş', slug: 'cinar-besiktas', address: 'Çarşı 3' });
    expect(b.json(), b.body).toMatchObject({ status: 200, branch: { slug: 'cinar-besiktas', city: 34, tel: '' } });
    ids.besiktas = b.json().branch.id;
    slugs.besiktas = 'cinar-besiktas';

    const full = (await post('/api/branches', A.token, { name: 'Üsküdar' })).json();
    expect(full).toEqual({ status: 422, message: BRANCH_MSG.limit('Standart', 3) });
    expect((await get('/api/branches', A.token)).json().branches.map((x: { name: string }) => x.name)).toEqual(['Çınar Kafe', 'Kadıköy', 'Beşiktaş']);
  });

  it('Başlangıç has the main branch only; Profesyonel has no limit', async () => {
    await level(B.userId, '0');
    expect((await post('/api/branches', B.token, { name: 'Karşıyaka' })).json()).toEqual({ status: 422, message: BRANCH_MSG.limit('Başlangıç', 1) });
    expect(BRANCH_MSG.limit('Başlangıç', 1)).toBe('Başlangıç planında yalnızca ana şube vardır. Şube eklemek için planınızı yükseltin.');
    await level(B.userId, '2');
    for (const name of ['Karşıyaka', 'Bornova', 'Alsancak']) expect((await post('/api/branches', B.token, { name })).json().status).toBe(200);
    expect((await get('/api/branches', B.token)).json()).toMatchObject({ limit: null, plan: 'Profesyonel' });
    expect((await get('/api/branches', B.token)).json().branches).toHaveLength(4);
  });

  it('refuses bad input in Turkish (422, nothing changed): no name, a bad or taken address, a bad phone', async () => {
    await level(A.userId, '2');
    const count = async () => (await t.db.selectFrom('branches').select('id').where('user_id', '=', A.userId).execute()).length;
    const before = await count();
    expect((await post('/api/branches', A.token, { name: '  ' })).json()).toMatchObject({ status: 422, errors: { name: [BRANCH_MSG.nameRequired] } });
    expect((await post('/api/branches', A.token, { name: 'X', slug: 'Çok Kötü!' })).json()).toMatchObject({ status: 422, errors: { slug: [BRANCH_MSG.slugInvalid] } });
    for (const slug of [B.slug, slugs.kadikoy, 'admin']) expect((await post('/api/branches', A.token, { name: 'X', slug })).json()).toMatchObject({ status: 422, errors: { slug: [BRANCH_MSG.slugTaken] } });
    expect((await post('/api/branches', A.token, { name: 'X', tel: '12345' })).json()).toMatchObject({ status: 422, errors: { tel: [expect.stringContaining('Türkiye telefon')] } });
    expect((await post('/api/branches', A.token, { name: 'X', city: 99 })).json()).toMatchObject({ status: 422, errors: { city: ['Lütfen bir şehir seçin.'] } });
    expect(await count()).toBe(before);
    await level(A.userId, '1');
  });

  it('updates a branch (its address never changes); the main branch is changed in Ayarlar and cannot be deleted', async () => {
    const u = await post(`/api/branches/${ids.besiktas}`, A.token, { name: 'Beşiktaş Çarşı', address: 'Çarşı 4', city: 34, tel: '0212 333 22 11', wifi_name: 'Cinar-Besiktas', slug: 'baska-adres' });
    expect(u.json(), u.body).toMatchObject({ status: 200, message: BRANCH_MSG.updated, branch: { id: ids.besiktas, name: 'Beşiktaş Çarşı', slug: 'cinar-besiktas', tel: '0212 333 22 11', wifi_name: 'Cinar-Besiktas' } });
    expect((await post('/api/branches/0', A.token, { name: 'Ana' })).json()).toEqual({ status: 422, message: BRANCH_MSG.mainInSettings });
    expect((await del('/api/branches/0', A.token)).json()).toEqual({ status: 422, message: BRANCH_MSG.mainNotDeletable });
    expect(BRANCH_MSG.mainNotDeletable).toMatch(/^Ana şube silinemez\./);
  });
});

describe('one shared menu, each branch its own prices and availability', () => {
  beforeAll(async () => {
    // Kadıköy: Menemen at 120 TL, Simit left off; Beşiktaş: Çay sold out
    const k = await post('/api/branch-prices', A.token, { branch_id: ids.kadikoy, items: [{ product_id: ids.menemen, price: '120' }, { product_id: ids.simit, unavailable: true }] });
    expect(k.json(), k.body).toMatchObject({ status: 200, message: BRANCH_MSG.overrideSaved });
    expect(k.json().overrides).toEqual([
      { branch_id: ids.kadikoy, product_id: ids.menemen, price: 120, unavailable: false, sold_out: false },
      { branch_id: ids.kadikoy, product_id: ids.simit, price: null, unavailable: true, sold_out: false },
    ]);
    const b = await post('/api/branch-prices', A.token, { branch_id: ids.besiktas, product_id: ids.cay, sold_out: true });
    expect(b.json().overrides).toEqual([{ branch_id: ids.besiktas, product_id: ids.cay, price: null, unavailable: false, sold_out: true }]);
  });

  const productsAt = async (query: string) => {
    const body = (await get(`/api/getProduct/${ids.cat}${query}`)).json();
    return Object.fromEntries(body.product_data.product.map((p: { name: string; selling_price: number; sold_out: string }) => [p.name, `${p.selling_price}/${p.sold_out}`]));
  };

  it('JSON: the main branch shows the shared prices; each branch its own (getCategory by the branch slug, getProduct ?sube=)', async () => {
    expect(await productsAt('')).toEqual({ Menemen: '100/0', Simit: '15/0', Çay: '20/0' });
    expect(await productsAt(`?sube=${slugs.kadikoy}`)).toEqual({ Menemen: '120/0', Çay: '20/0' });
    expect(await productsAt(`?sube=${slugs.besiktas}`)).toEqual({ Menemen: '100/0', Simit: '15/0', Çay: '20/1' });
    // another owner's branch, or an unknown one, is not a way into this menu
    const bBranch = (await get('/api/branches', B.token)).json().branches[1].slug;
    expect((await get(`/api/getProduct/${ids.cat}?sube=${bBranch}`)).json()).toMatchObject({ status: 404 });
    expect((await get(`/api/getProduct/${ids.cat}?sube=yok-boyle-sube`)).json()).toMatchObject({ status: 404 });

    const main = (await get(`/api/getCategory/${A.slug}`)).json();
    expect(main.company).toMatchObject({ name: 'Çınar Kafe', slug: A.slug, address: 'Moda Cad. 1' });
    expect(main.company.branch).toBeUndefined();
    const k = (await get(`/api/getCategory/${slugs.kadikoy}`)).json();
    expect(k).toMatchObject({ status: 200, company: { name: 'Çınar Kafe – Kadıköy', companyname: 'Çınar Kafe', slug: slugs.kadikoy, address: 'Moda Cad. 5', tel: '0216 444 55 66', branch: { id: ids.kadikoy, name: 'Kadıköy' }, branding: { wifi_name: 'Cinar-Kadikoy', wifi_password: 'cay12345' } } });
    expect(k.category.map((c: { id: number }) => c.id)).toEqual([ids.cat]);
  });

  it('HTML: the branch pages show its name, address, Wi-Fi and prices; a product left off is absent, one sold out marked', async () => {
    const main = (await get(`/qr/${A.slug}/category/${ids.cat}`)).body;
    const k = await get(`/qr/${slugs.kadikoy}/category/${ids.cat}`);
    expect(k.statusCode).toBe(200);
    expect(k.body).toContain('Çınar Kafe – Kadıköy');
    expect(card(k.body, 'Menemen')).toContain('120,00');
    expect(card(main, 'Menemen')).toContain('100,00');
    expect(card(k.body, 'Simit')).toBeUndefined();
    expect(card(main, 'Simit')).toBeDefined();
    const b = (await get(`/qr/${slugs.besiktas}/category/${ids.cat}`)).body;
    expect(card(b, 'Çay')).toContain('Tükendi');
    expect(card(main, 'Çay')).not.toContain('Tükendi');
    expect(Buffer.byteLength(k.body)).toBeLessThan(30_000);

    const landing = (await get(`/qr/${slugs.kadikoy}`)).body;
    expect(landing).toContain('Moda Cad. 5');
    expect(landing).toContain('Cinar-Kadikoy');
    // the search of a branch leaves its unavailable products out
    expect((await get(`/qr/${slugs.kadikoy}/ara?q=simit`)).body).not.toMatch(/>Simit/);
    expect((await get(`/qr/${A.slug}/ara?q=simit`)).body).toMatch(/>Simit/);
  });

  it('an override change or clearing ends the cached branch pages at once', async () => {
    const url = `/qr/${slugs.kadikoy}/category/${ids.cat}`;
    expect(card((await get(url)).body, 'Menemen')).toContain('120,00');
    expect((await post('/api/branch-prices', A.token, { branch_id: ids.kadikoy, product_id: ids.menemen, price: '125,50' })).json().status).toBe(200);
    expect(card((await get(url)).body, 'Menemen')).toContain('125,50');
    const cleared = (await post('/api/branch-prices', A.token, { branch_id: ids.kadikoy, product_id: ids.menemen, clear: true })).json();
    expect(cleared).toEqual({ status: 200, message: BRANCH_MSG.overrideCleared, overrides: [] });
    expect(card((await get(url)).body, 'Menemen')).toContain('100,00');
    // a shared price change reaches every branch without an override of its own
    await t.app.inject({ method: 'POST', url: `/api/update-product/${ids.menemen}`, headers: bearer(A.token), payload: { category_id: ids.cat, name: 'Menemen', selling_price: '110', status: '1' } });
    expect(card((await get(url)).body, 'Menemen')).toContain('110,00');
    // a branch's settings change ends its pages too
    await post(`/api/branches/${ids.kadikoy}`, A.token, { name: 'Kadıköy Moda', address: 'Moda Cad. 7', city: 34 });
    expect((await get(`/qr/${slugs.kadikoy}`)).body).toContain('Moda Cad. 7');
    const list = (await get(`/api/branch-prices?branch_id=${ids.kadikoy}`, A.token)).json();
    expect(list.overrides).toEqual([{ branch_id: ids.kadikoy, product_id: ids.simit, price: null, unavailable: true, sold_out: false }]);
  });

  it('refuses a bad override in Turkish: a negative price, a flag that is not yes/no, the main branch', async () => {
    expect((await post('/api/branch-prices', A.token, { branch_id: ids.kadikoy, product_id: ids.menemen, price: '-5' })).json()).toMatchObject({ status: 422 });
    expect((await post('/api/branch-prices', A.token, { branch_id: ids.kadikoy, product_id: ids.menemen, sold_out: 'belki' })).json()).toMatchObject({ status: 422 });
    expect((await post('/api/branch-prices', A.token, { branch_id: 0, product_id: ids.menemen, price: '5' })).json()).toEqual({ status: 422, message: BRANCH_MSG.mainHasNoOverrides });
  });
});

describe('addresses', () => {
  it("the main branch's address and its old addresses keep working; a branch address is never given to a business", async () => {
    expect((await get(`/qr/${A.slug}`)).statusCode).toBe(200);
    const old = A.slug;
    await adminUpdateBusiness(t.app, admin.token, A.userId, { companyengname: 'cinar-kafe-merkez' });
    const r = await get(`/qr/${old}/category/${ids.cat}`);
    expect(r.statusCode).toBe(301);
    expect(r.headers.location).toBe(`/qr/cinar-kafe-merkez/category/${ids.cat}`);
    expect((await get(`/api/getCategory/${old}`)).json()).toMatchObject({ status: 200, company: { slug: 'cinar-kafe-merkez' } });
    // the branches keep their addresses
    expect((await get(`/api/getCategory/${slugs.kadikoy}`)).json()).toMatchObject({ status: 200, company: { slug: slugs.kadikoy } });
    // the admin cannot give a business a branch's address
    const taken = await t.app.inject({ method: 'POST', url: `/api/update-user/${B.userId}`, headers: bearer(admin.token), payload: { ...(await get(`/api/edit-user/${B.userId}`, admin.token)).json().user, companyengname: slugs.kadikoy, qrlink: undefined } });
    expect(taken.json()).toMatchObject({ status: 422, errors: { companyengname: [expect.any(String)] } });
    // a new business named like the branch gets the next free address
    const c = await createBusiness(t.app, 'Çınar Kafe Kadıköy');
    expect(c.slug).toBe('cinar-kafe-kadikoy-2');
  });

  it('a deleted branch is gone with its overrides; its address answers 404', async () => {
    const d = await del(`/api/branches/${ids.besiktas}`, A.token);
    expect(d.json()).toMatchObject({ status: 200, message: BRANCH_MSG.deleted, branch: { id: ids.besiktas } });
    expect(await t.db.selectFrom('branch_products').selectAll().where('branch_id', '=', ids.besiktas).execute()).toEqual([]);
    expect((await get(`/qr/${slugs.besiktas}`)).statusCode).toBe(404);
    expect((await get(`/api/getCategory/${slugs.besiktas}`)).json()).toMatchObject({ status: 404 });
  });
});

describe("the admin's business page", () => {
  it('lists the account’s extra branches under it (edit-user)', async () => {
    const body = (await get(`/api/edit-user/${A.userId}`, admin.token)).json();
    expect(body).toMatchObject({ status: 200, user: { user_id: A.userId } });
    expect(body.branches).toEqual([expect.objectContaining({ id: ids.kadikoy, name: 'Kadıköy Moda', slug: slugs.kadikoy, qrlink: `http://qr.test/qr/${slugs.kadikoy}`, city: 34 })]);
    expect((await get(`/api/edit-user/${B.userId}`, admin.token)).json().branches).toHaveLength(3);
  });
});

describe('who may call the branch routes', () => {
  it("another owner's branches and products are not found (body 404) and stay unchanged", async () => {
    const snapshot = async () => JSON.stringify(await t.db.selectFrom('branches').selectAll().where('user_id', '=', A.userId).orderBy('id').execute());
    await t.app.views.flush(); // the earlier tests' menu views are counted now, not during this one (a branch's `count`)
    const before = await snapshot();
    expect((await post(`/api/branches/${ids.kadikoy}`, B.token, { name: 'Ele Geçirildi' })).json()).toEqual({ status: 404, message: MSG.notFound });
    expect((await del(`/api/branches/${ids.kadikoy}`, B.token)).json()).toEqual({ status: 404, message: MSG.notFound });
    expect((await post('/api/branch-prices', B.token, { branch_id: ids.kadikoy, product_id: ids.menemen, price: '1' })).json().status).toBe(404);
    const bBranch = (await get('/api/branches', B.token)).json().branches[1].id;
    // B's branch with A's product
    expect((await post('/api/branch-prices', B.token, { branch_id: bBranch, product_id: ids.menemen, price: '1' })).json().status).toBe(404);
    expect((await get(`/api/branch-prices?branch_id=${ids.kadikoy}`, B.token)).json().overrides).toEqual([]);
    expect((await get('/api/branches', B.token)).json().branches.map((x: { id: number }) => x.id)).not.toContain(ids.kadikoy);
    expect(await snapshot()).toBe(before);
    expect((await post('/api/branches/999999', A.token, { name: 'X' })).json().status).toBe(404);
    expect((await del('/api/branches/abc', A.token)).json().status).toBe(404);
  });

  it('no token → 401; an admin → 403; a new account without a business profile → 422 in Turkish', async () => {
    for (const [method, url] of [['GET', '/api/branches'], ['POST', '/api/branches'], ['POST', `/api/branches/${ids.kadikoy}`], ['DELETE', `/api/branches/${ids.kadikoy}`], ['GET', '/api/branch-prices'], ['POST', '/api/branch-prices']] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { name: 'X' } : undefined })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(admin.token), payload: method === 'POST' ? { name: 'X' } : undefined })).statusCode, url).toBe(403);
    }
    const fresh = await registerOwner(t.app);
    await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', fresh.userId).execute();
    expect((await post('/api/branches', fresh.token, { name: 'Kadıköy' })).json()).toEqual({ status: 422, message: BRANCH_MSG.profileFirst });
  });
});
