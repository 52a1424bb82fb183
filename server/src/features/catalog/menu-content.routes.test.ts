import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';

/** Owner side of menu content: order, sold out, allergens, labels, portions. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;

const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const productRows = (userId: number) => t.db.selectFrom('products').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const categoryRows = (userId: number) => t.db.selectFrom('categories').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** A multipart body where a field may repeat (checkboxes). */
function repeated(pairs: Array<[string, string]>) {
  const boundary = '----qrmenucontent' + Math.random().toString(16).slice(2);
  const body = pairs.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function category(token: string, name: string): Promise<number> {
  const body = (await sendForm(t.app, '/api/store-category', token, { name })).json();
  expect(body.status).toBe(200);
  return body.category.id;
}
async function product(token: string, categoryId: number, fields: Record<string, string | number> = {}) {
  const res = await sendForm(t.app, '/api/store-product', token, { category_id: categoryId, name: 'Çay', selling_price: '30', ...fields });
  const body = res.json();
  expect(body.status, res.body).toBe(200);
  return body.product;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
});
afterAll(async () => t.close());

describe('allergens, labels, portions and sold out on store/update-product', () => {
  it('stores codes from one comma-separated value and answers arrays in the list order', async () => {
    const cat = await category(owner.token, 'Kahvaltı');
    const p = await product(owner.token, cat, { allergens: 'sut, gluten', labels: 'vejetaryen', variants: JSON.stringify([{ name: 'Küçük', price: 60 }, { name: 'Büyük', price: '80,50' }]) });
    expect(p).toMatchObject({ sold_out: '0', allergens: ['gluten', 'sut'], labels: ['vejetaryen'], variants: [{ name: 'Küçük', price: 60 }, { name: 'Büyük', price: 80.5 }] });
    const row = (await productRows(owner.userId)).find((r) => r.id === p.id)!;
    expect(row).toMatchObject({ allergens: 'gluten,sut', labels: 'vejetaryen', sold_out: '0' });
    expect(JSON.parse(row.variants)).toEqual([{ name: 'Küçük', price: 6000 }, { name: 'Büyük', price: 8050 }]);
  });

  it('accepts repeated multipart fields (checkboxes), and portions without a selling price', async () => {
    const cat = await category(owner.token, 'Çorbalar');
    const m = repeated([
      ['category_id', String(cat)], ['name', 'Mercimek'], ['allergens', 'kereviz'], ['allergens', 'gluten'], ['labels[]', 'vegan'], ['labels[]', 'aci'],
      ['variants', '[{"name":"Yarım","price":50},{"name":"Tam porsiyon","price":85}]'], ['sold_out', '1'],
    ]);
    const body = (await t.app.inject({ method: 'POST', url: '/api/store-product', payload: m.payload, headers: { ...m.headers, ...bearer(owner.token) } })).json();
    expect(body.status).toBe(200);
    expect(body.product).toMatchObject({ selling_price: null, sold_out: '1', allergens: ['gluten', 'kereviz'], labels: ['vegan', 'aci'], variants: [{ name: 'Yarım', price: 50 }, { name: 'Tam porsiyon', price: 85 }] });
  });

  it('accepts a JSON body with arrays', async () => {
    const cat = await category(owner.token, 'İçecekler');
    const res = await post('/api/store-product', owner.token, { category_id: cat, name: 'Ayran', allergens: ['sut'], labels: [], variants: [{ name: 'Büyük', price: 45 }] });
    expect(res.json().product).toMatchObject({ allergens: ['sut'], labels: [], variants: [{ name: 'Büyük', price: 45 }] });
  });

  it('refuses an unknown allergen or label code, bad portions or sold_out with Turkish field errors (body 422, nothing stored)', async () => {
    const cat = await category(owner.token, 'Tatlılar');
    const before = (await productRows(owner.userId)).length;
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ allergens: 'gluten,fistik' }, 'allergens', /Bilinmeyen alerjen: "fistik"/],
      [{ labels: 'organik' }, 'labels', /Bilinmeyen etiket: "organik"/],
      [{ variants: 'küçük 60' }, 'variants', /Porsiyonlar okunamadı/],
      [{ variants: JSON.stringify(Array.from({ length: 7 }, (_, i) => ({ name: `P${i}`, price: 1 }))) }, 'variants', /En fazla 6 porsiyon/],
      [{ variants: JSON.stringify([{ name: '', price: 10 }]) }, 'variants', /Porsiyon adı zorunludur/],
      [{ variants: JSON.stringify([{ name: 'Büyük', price: -1 }]) }, 'variants', /Porsiyon fiyatı/],
      [{ variants: JSON.stringify([{ name: 'Büyük', price: '12,345' }]) }, 'variants', /Porsiyon fiyatı/],
      [{ sold_out: 'evet' }, 'sold_out', /Tükendi durumu/],
    ];
    for (const [fields, key, message] of cases) {
      const body = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Sütlaç', selling_price: '90', ...fields })).json();
      expect(body.status, JSON.stringify(fields)).toBe(422);
      expect(body.errors[key]?.join(' '), JSON.stringify(body)).toMatch(message);
    }
    expect((await productRows(owner.userId)).length).toBe(before);
  });

  it('update keeps the content fields when they are not sent, and clears them with an empty value', async () => {
    const cat = await category(owner.token, 'Izgara');
    const p = await product(owner.token, cat, { allergens: 'hardal', labels: 'aci', variants: '[{"name":"Tek","price":100}]', sold_out: '1' });
    let body = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Adana', selling_price: '200' })).json();
    expect(body.product).toMatchObject({ name: 'Adana', allergens: ['hardal'], labels: ['aci'], variants: [{ name: 'Tek', price: 100 }], sold_out: '1' });
    body = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Adana', allergens: '', labels: '', variants: '', sold_out: '0' })).json();
    expect(body.product).toMatchObject({ allergens: [], labels: [], variants: [], sold_out: '0' });
    body = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Adana', variants: '[]', allergens: 'yok' })).json();
    expect(body.status).toBe(422);
    expect((await t.db.selectFrom('products').select('name').where('id', '=', p.id).executeTakeFirstOrThrow()).name).toBe('Adana');
  });
});

describe('POST /api/sold-out-product/{id}', () => {
  it('toggles sold out in one call and answers the product; sold out stays active (distinct from Pasif)', async () => {
    const cat = await category(owner.token, 'Sıcaklar');
    const p = await product(owner.token, cat);
    let body = (await post(`/api/sold-out-product/${p.id}`, owner.token, { sold_out: '1' })).json();
    expect(body).toMatchObject({ status: 200, message: 'Ürün tükendi olarak işaretlendi.', product: { id: p.id, sold_out: '1', status: '1' } });
    body = (await get(`/api/edit-product/${p.id}`, owner.token)).json();
    expect(body.product.sold_out).toBe('1');
    body = (await post(`/api/sold-out-product/${p.id}`, owner.token, { sold_out: 0 })).json();
    expect(body).toMatchObject({ status: 200, message: 'Ürün yeniden satışta.', product: { sold_out: '0' } });
    // without a value the switch flips
    body = (await t.app.inject({ method: 'POST', url: `/api/sold-out-product/${p.id}`, headers: bearer(owner.token) })).json();
    expect(body.product.sold_out).toBe('1');
    body = (await post(`/api/sold-out-product/${p.id}`, owner.token, {})).json();
    expect(body.product.sold_out).toBe('0');
  });

  it("answers body 404 for another owner's product (nothing changed) and 422 for a bad value", async () => {
    const cat = await category(owner.token, 'Soğuklar');
    const p = await product(owner.token, cat);
    const before = await productRows(owner.userId);
    for (const id of [String(p.id), '999999', 'abc']) {
      const res = await post(`/api/sold-out-product/${id}`, other.token, { sold_out: '1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 404, message: 'Ürün bulunamadı.' });
    }
    const bad = (await post(`/api/sold-out-product/${p.id}`, owner.token, { sold_out: 'belki' })).json();
    expect(bad.status).toBe(422);
    expect(bad.errors.sold_out[0]).toMatch(/Tükendi durumu/);
    expect(await productRows(owner.userId)).toEqual(before);
  });
});

describe('order: sort-categories and sort-products', () => {
  let o: Awaited<ReturnType<typeof registerOwner>>;
  let cats: number[];
  let prods: number[];
  beforeAll(async () => {
    o = await registerOwner(t.app, { name: 'Sıralı' });
    cats = [await category(o.token, 'Bir'), await category(o.token, 'İki'), await category(o.token, 'Üç')];
    prods = [];
    for (const name of ['A', 'B', 'C']) prods.push((await product(o.token, cats[0], { name })).id);
  });

  it('new items go last', async () => {
    const list = (await get('/api/view-category', o.token)).json().category;
    expect(list.map((c: { id: number }) => c.id)).toEqual(cats);
    expect(list.map((c: { sort_order: number }) => c.sort_order)).toEqual([1, 2, 3]);
    const products = (await get('/api/view-product', o.token)).json().products;
    expect(products.map((p: { id: number }) => p.id)).toEqual(prods);
  });

  it('sets the order of categories; every list follows', async () => {
    const order = [cats[2], cats[0], cats[1]];
    const body = (await post('/api/sort-categories', o.token, { ids: order })).json();
    expect(body).toMatchObject({ status: 200, message: 'Kategori sırası kaydedildi.' });
    expect(body.category.map((c: { id: number }) => c.id)).toEqual(order);
    expect((await get('/api/view-category', o.token)).json().category.map((c: { id: number }) => c.id)).toEqual(order);
    expect((await get('/api/all-category', o.token)).json().category.map((c: { id: number }) => c.id)).toEqual(order);
    const next = await category(o.token, 'Dört');
    expect((await get('/api/all-category', o.token)).json().category.map((c: { id: number }) => c.id)).toEqual([...order, next]);
    cats.push(next);
  });

  it('accepts the order as a multipart form (repeated ids) or one comma-separated value', async () => {
    const order = [...cats].reverse();
    const m = repeated(order.map((id) => ['ids', String(id)] as [string, string]));
    let body = (await t.app.inject({ method: 'POST', url: '/api/sort-categories', payload: m.payload, headers: { ...m.headers, ...bearer(o.token) } })).json();
    expect(body.category.map((c: { id: number }) => c.id)).toEqual(order);
    body = (await post('/api/sort-categories', o.token, { ids: cats.join(',') })).json();
    expect(body.category.map((c: { id: number }) => c.id)).toEqual(cats);
  });

  it('sets the order of products within a category (string ids accepted); new ones go last', async () => {
    const order = [prods[1], prods[2], prods[0]];
    const body = (await post('/api/sort-products', o.token, { category_id: String(cats[0]), ids: order.map(String) })).json();
    expect(body).toMatchObject({ status: 200, message: 'Ürün sırası kaydedildi.', ids: order });
    const list = (await get('/api/view-product', o.token)).json().products.filter((p: { category_id: number }) => p.category_id === cats[0]);
    expect(list.map((p: { id: number }) => p.id)).toEqual(order);
    const d = await product(o.token, cats[0], { name: 'D' });
    const again = (await get('/api/view-product', o.token)).json().products.filter((p: { category_id: number }) => p.category_id === cats[0]);
    expect(again.map((p: { id: number }) => p.id)).toEqual([...order, d.id]);
    prods = [...order, d.id];
  });

  it('a product moved to another category goes last there', async () => {
    const moved = await product(o.token, cats[1], { name: 'Taşınan' });
    const body = (await sendForm(t.app, `/api/update-product/${moved.id}`, o.token, { category_id: cats[0], name: 'Taşınan' })).json();
    expect(body.product.sort_order).toBeGreaterThan(Math.max(...(await productRows(o.userId)).filter((p) => p.category_id === cats[0] && p.id !== moved.id).map((p) => p.sort_order)));
    const list = (await get('/api/view-product', o.token)).json().products.filter((p: { category_id: number }) => p.category_id === cats[0]);
    expect(list.map((p: { id: number }) => p.id)).toEqual([...prods, moved.id]);
    await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${moved.id}`, headers: bearer(o.token) });
  });

  it("refuses ids that are not exactly the owner's (body 422 under ids) and changes nothing", async () => {
    const foreignCat = await category(other.token, 'Başkasının');
    const foreignProduct = (await product(other.token, foreignCat)).id;
    const beforeCats = await categoryRows(o.userId);
    const beforeProducts = await productRows(o.userId);
    const badCategoryOrders = [
      cats.slice(1), // one missing
      [...cats, foreignCat], // another owner's
      [cats[0], ...cats.slice(1, -1), foreignCat], // swapped for another owner's
      [cats[0], ...cats], // duplicate
      [...cats.slice(0, -1), 999999],
    ];
    for (const ids of badCategoryOrders) {
      const body = (await post('/api/sort-categories', o.token, { ids })).json();
      expect(body.status, JSON.stringify(ids)).toBe(422);
      expect(body.errors.ids[0]).toMatch(/kategorilerinizin tamamını/);
    }
    for (const payload of [{}, { ids: [] }, { ids: 'hepsi' }, { ids: [1.5] }, { ids: [-1] }]) {
      const body = (await post('/api/sort-categories', o.token, payload)).json();
      expect(body.status, JSON.stringify(payload)).toBe(422);
      expect(body.errors.ids).toBeDefined();
    }
    const badProductOrders = [prods.slice(1), [...prods, foreignProduct], [prods[0], ...prods], [...prods.slice(0, -1), foreignProduct]];
    for (const ids of badProductOrders) {
      const body = (await post('/api/sort-products', o.token, { category_id: cats[0], ids })).json();
      expect(body.status, JSON.stringify(ids)).toBe(422);
      expect(body.errors.ids[0]).toMatch(/bu kategorideki ürünlerin tamamını/);
    }
    // products of the right owner but another category
    const otherCatProduct = (await product(o.token, cats[1], { name: 'X' })).id;
    const wrongCat = (await post('/api/sort-products', o.token, { category_id: cats[0], ids: [...prods.slice(0, -1), otherCatProduct] })).json();
    expect(wrongCat.status).toBe(422);
    // another owner's category
    const foreign = (await post('/api/sort-products', o.token, { category_id: foreignCat, ids: [foreignProduct] })).json();
    expect(foreign.status).toBe(422);
    expect(foreign.errors.category_id[0]).toBe('Seçilen kategori bulunamadı.');
    expect(await categoryRows(o.userId)).toEqual(beforeCats);
    expect((await productRows(o.userId)).filter((p) => p.id !== otherCatProduct)).toEqual(beforeProducts);
    // and the other owner's data is untouched too
    expect((await productRows(other.userId)).find((p) => p.id === foreignProduct)?.sort_order).toBe(1);
  });
});
