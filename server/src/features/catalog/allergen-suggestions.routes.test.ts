import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MSG, OWNER_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/** Issue 38, item 5: a free-text allergen note that names one of the 14 is offered as codes, converted only when chosen. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
const ids: Record<string, number> = {};

const get = (token?: string) => t.app.inject({ method: 'GET', url: '/api/allergen-suggestions', headers: token ? bearer(token) : {} });
const apply = (payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/apply-allergen-suggestions', payload: payload as object, headers: token ? bearer(token) : {} });
const row = (id: number) => t.db.selectFrom('products').select(['allergen', 'allergens']).where('id', '=', id).executeTakeFirstOrThrow();
const all = (userId: number) => t.db.selectFrom('products').select(['id', 'allergen', 'allergens']).where('user_id', '=', userId).orderBy('id').execute();

async function add(token: string, category: number, fields: Record<string, string>) {
  const body = (await sendForm(t.app, '/api/store-product', token, { category_id: String(category), selling_price: '50', ...fields })).json();
  expect(body.status).toBe(200);
  return body.product.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
  const c = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Tatlılar' })).json().category.id as number;
  ids.baklava = await add(owner.token, c, { name: 'Baklava', allergen: 'Gluten, SÜT ürünleri ve Fındık' });
  ids.kunefe = await add(owner.token, c, { name: 'Künefe', allergen: 'süt; susam; fıstık ezmesi', allergens: 'gluten' });
  ids.sade = await add(owner.token, c, { name: 'Sade', allergen: 'Tarçın' });
  ids.yok = await add(owner.token, c, { name: 'Meyve' });
  const oc = (await sendForm(t.app, '/api/store-category', other.token, { name: 'Başka' })).json().category.id as number;
  ids.others = await add(other.token, oc, { name: 'Başkasının Sütlacı', allergen: 'süt' });
});
afterAll(async () => t.close());

describe('GET /api/allergen-suggestions', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403)', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get((await createAdmin(t.app)).token)).statusCode).toBe(403);
  });

  it('lists only the notes that name one of the 14 (Turkish-folded), with the codes and what stays text; changes nothing', async () => {
    const before = await all(owner.userId);
    const body = (await get(owner.token)).json();
    expect(body).toMatchObject({ status: 200, message: CONTENT_MSG.allergenSuggestions(2) });
    expect(body.suggestions).toEqual([
      { id: ids.baklava, name: 'Baklava', category: 'Tatlılar', allergen: 'Gluten, SÜT ürünleri ve Fındık', allergens: [], codes: ['gluten', 'sut', 'sert_kabuklu'], rest: '' },
      { id: ids.kunefe, name: 'Künefe', category: 'Tatlılar', allergen: 'süt; susam; fıstık ezmesi', allergens: ['gluten'], codes: ['sut', 'susam'], rest: 'fıstık ezmesi' },
    ]);
    expect(await all(owner.userId)).toEqual(before);
    // another owner sees only their own
    expect((await get(other.token)).json().suggestions.map((s: { id: number }) => s.id)).toEqual([ids.others]);
  });
});

describe('POST /api/apply-allergen-suggestions', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403)', async () => {
    expect((await apply({ ids: [ids.baklava] })).statusCode).toBe(401);
    expect((await apply({ ids: [ids.baklava] }, (await createAdmin(t.app)).token)).statusCode).toBe(403);
    expect((await row(ids.baklava)).allergens).toBe('');
  });

  it('no ids, or ids that are not numbers: a Turkish 422, nothing changes', async () => {
    const before = await all(owner.userId);
    for (const payload of [{}, { ids: [] }, { ids: ['abc'] }]) {
      const body = (await apply(payload, owner.token)).json();
      expect(body).toMatchObject({ status: 422, errors: { ids: [CONTENT_MSG.allergenSuggestionIds] } });
    }
    expect(await all(owner.userId)).toEqual(before);
  });

  it("another owner's product among the ids: body 404, nothing changes for anyone", async () => {
    const before = [await all(owner.userId), await all(other.userId)];
    const body = (await apply({ ids: [ids.baklava, ids.others] }, owner.token)).json();
    expect(body).toMatchObject({ status: 404, message: OWNER_MSG.productNotFound });
    expect([await all(owner.userId), await all(other.userId)]).toEqual(before);
    expect((await apply({ ids: [999999] }, owner.token)).json().status).toBe(404);
  });

  it('converts only the chosen products: codes join the existing ones, the rest stays as the note', async () => {
    const body = (await apply({ ids: [ids.kunefe] }, owner.token)).json();
    expect(body).toEqual({ status: 200, message: CONTENT_MSG.allergensConverted(1), converted: [{ id: ids.kunefe, allergens: ['gluten', 'sut', 'susam'], allergen: 'fıstık ezmesi' }] });
    expect(await row(ids.kunefe)).toEqual({ allergen: 'fıstık ezmesi', allergens: 'gluten,sut,susam' });
    expect(await row(ids.baklava)).toEqual({ allergen: 'Gluten, SÜT ürünleri ve Fındık', allergens: '' }); // not chosen: untouched
    // the converted product is no longer offered
    expect((await get(owner.token)).json().suggestions.map((s: { id: number }) => s.id)).toEqual([ids.baklava]);

    expect((await apply({ ids: `${ids.baklava},${ids.sade}` }, owner.token)).json()).toMatchObject({ status: 200, converted: [{ id: ids.baklava, allergens: ['gluten', 'sut', 'sert_kabuklu'], allergen: null }] });
    expect(await row(ids.baklava)).toEqual({ allergen: null, allergens: 'gluten,sut,sert_kabuklu' });
    expect(await row(ids.sade)).toEqual({ allergen: 'Tarçın', allergens: '' });
    expect((await get(owner.token)).json()).toMatchObject({ message: CONTENT_MSG.allergenSuggestions(0), suggestions: [] });
    expect((await row(ids.others)).allergens).toBe(''); // another owner's note: untouched
  });
});

describe('the menu: one İçerir line', () => {
  it('the coded allergens (in the page language) and the free-text ones on a single line', async () => {
    const b = await createBusiness(t.app, 'Tek Satır Tatlıcı');
    const c = (await addCategory(t.app, b.token, { name: 'Tatlılar' })).id;
    await addProduct(t.app, b.token, c, { name: 'Sütlaç', selling_price: '90', allergens: 'sut', allergen: 'tarçın' });
    const html = (await t.app.inject({ url: `/qr/${b.slug}/category/${c}` })).body;
    expect(html).toContain('İçerir: Süt, tarçın');
    expect(html).not.toContain('Alerjen: tarçın');
    expect(html.match(/class="al"/g)).toHaveLength(1);
  });
});
