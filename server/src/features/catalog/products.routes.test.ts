import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { hostileFiles, jpeg, png, sendForm, uploadFiles } from '../../../test/owner-helpers.js';
import { variantPaths } from '../../platform/images/images.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let cat: number;
let cat2: number;
let otherCat: number;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) => t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
const rowOf = (id: number) => t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
const countRows = async () => Number((await t.db.selectFrom('products').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const exists = (rel: string) => fs.existsSync(path.join(t.config.dataDir, rel));

async function category(token: string, name: string) {
  const body = (await sendForm(t.app, '/api/store-category', token, { name })).json();
  return body.category.id as number;
}
async function create(token: string, fields: Record<string, string | number> = {}, withImage = false) {
  const res = await sendForm(t.app, '/api/store-product', token, { category_id: cat, name: 'Mercimek Çorbası', selling_price: '85,50', ...fields }, withImage ? { data: await jpeg() } : undefined);
  const body = res.json();
  expect(body.status, res.body).toBe(200);
  return body.product as { id: number; image: string | null };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
  admin = await createAdmin(t.app);
  cat = await category(owner.token, 'Çorbalar');
  cat2 = await category(owner.token, 'Ana Yemekler');
  otherCat = await category(other.token, 'Başkasının');
});
afterAll(async () => t.close());

describe('guards of the product routes', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403 for admin)', async () => {
    for (const [method, url] of [
      ['GET', '/api/view-product'], ['POST', '/api/store-product'], ['GET', '/api/edit-product/1'], ['POST', '/api/update-product/1'], ['DELETE', '/api/delete-product/1'],
    ]) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: method as 'GET', url, headers: bearer(admin.token) })).statusCode, url).toBe(403);
    }
  });
});

describe('POST /api/store-product', () => {
  it('creates a product with photo, prices in TL (comma or dot) and allergen; status defaults to 1', async () => {
    const res = await sendForm(
      t.app, '/api/store-product', owner.token,
      { category_id: cat, name: 'Ezogelin', description: 'Bulgurlu', selling_price: '12,50', original_price: '15.75', allergen: 'Gluten' },
      { data: await jpeg(1200, 900), filename: 'ezogelin.jpeg' },
    );
    const body = res.json();
    expect(body).toMatchObject({
      status: 200, message: 'Ürün başarıyla eklendi.',
      product: { category_id: cat, category: { id: cat, name: 'Çorbalar' }, name: 'Ezogelin', description: 'Bulgurlu', selling_price: 12.5, original_price: 15.75, allergen: 'Gluten', status: '1' },
    });
    expect(body.product.image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    for (const p of variantPaths(body.product.image)) expect(exists(p)).toBe(true);
    expect(await rowOf(body.product.id)).toMatchObject({ user_id: owner.userId, selling_price: 1250, original_price: 1575 });
  });

  it('stores empty optional fields as null', async () => {
    const body = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Sade', description: '', selling_price: '', allergen: '', status: '0' })).json();
    expect(body.product).toMatchObject({ description: null, selling_price: null, original_price: null, allergen: null, image: null, status: '0' });
  });

  it('answers 422 with errors for missing name and category, bad prices and status', async () => {
    const before = await countRows();
    const files = uploadFiles(t.config.dataDir);
    const body = (await sendForm(t.app, '/api/store-product', owner.token, { selling_price: '-3', original_price: '1.234', status: 'x' }, { data: await jpeg() })).json();
    expect(body.status).toBe(422);
    expect(body.errors.name[0]).toBe('Ürün adı zorunludur.');
    expect(body.errors.category_id[0]).toBe('Lütfen bir kategori seçin.');
    expect(body.errors.selling_price[0]).toMatch(/iki ondalıklı/);
    expect(body.errors.original_price[0]).toMatch(/iki ondalıklı/);
    expect(body.errors.status[0]).toBe('Durum yalnızca Aktif (1) veya Pasif (0) olabilir.');
    for (const bad of ['abc', '1e3', '12,5,0', '10.999']) {
      const b = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'X', selling_price: bad })).json();
      expect(b.status, bad).toBe(422);
      expect(Object.keys(b.errors), bad).toEqual(['selling_price']);
    }
    expect(await countRows()).toBe(before);
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
  });

  it('refuses another owner\'s category (errors.category_id) and stores nothing', async () => {
    const before = await countRows();
    const files = uploadFiles(t.config.dataDir);
    const body = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: otherCat, name: 'Sızma' }, { data: await jpeg() })).json();
    expect(body.status).toBe(422);
    expect(body.errors.category_id[0]).toBe('Seçilen kategori bulunamadı. Lütfen listeden bir kategori seçin.');
    expect(await countRows()).toBe(before);
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
  });

  it('refuses hostile uploads with errors.image (422): no row, no file', async () => {
    for (const f of await hostileFiles()) {
      const before = await countRows();
      const files = uploadFiles(t.config.dataDir);
      const body = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Kötü' }, { data: f.data, filename: f.filename, type: f.type })).json();
      expect(body.status, f.name).toBe(422);
      expect(body.errors.image[0], f.name).toMatch(/JPEG, PNG veya WebP|okunamadı|çözünürlüğü|Dosya adı geçersiz/);
      expect(await countRows(), f.name).toBe(before);
      expect(uploadFiles(t.config.dataDir), f.name).toEqual(files);
    }
  });

  it('ignores user_id in the body', async () => {
    const p = await create(owner.token, { name: 'Benim ürünüm', user_id: other.userId });
    expect((await rowOf(p.id))!.user_id).toBe(owner.userId);
  });
});

describe('plan limits (spec §9)', () => {
  it('Başlangıç allows 30 products, Standart 150; over the limit answers 422 naming plan and limit', async () => {
    const o = await registerOwner(t.app, { name: 'Limit Testi' });
    const c = await category(o.token, 'Hepsi');
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values(Array.from({ length: 29 }, (_, i) => ({ user_id: o.userId, category_id: c, name: `Ürün ${i}`, description: null, selling_price: 100, original_price: null, allergen: null, image: null, created_at: now, updated_at: now })))
      .execute();
    expect((await sendForm(t.app, '/api/store-product', o.token, { category_id: c, name: 'Otuzuncu' })).json().status).toBe(200);
    const files = uploadFiles(t.config.dataDir);
    const refused = (await sendForm(t.app, '/api/store-product', o.token, { category_id: c, name: 'Otuz birinci' }, { data: await jpeg() })).json();
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Başlangıç planında en fazla 30 ürün ekleyebilirsiniz. Daha fazla ürün için planınızı yükseltin.');
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
    const view = (await get('/api/view-product', o.token)).json();
    expect(view.usage).toEqual({ count: 30, limit: 30, plan: 'Başlangıç' });

    await t.db.updateTable('settings').set({ userlevel: '1' }).where('user_id', '=', o.userId).execute();
    expect((await sendForm(t.app, '/api/store-product', o.token, { category_id: c, name: 'Otuz birinci' })).json().status).toBe(200);
    await t.db
      .insertInto('products')
      .values(Array.from({ length: 119 }, (_, i) => ({ user_id: o.userId, category_id: c, name: `Ek ${i}`, description: null, selling_price: null, original_price: null, allergen: null, image: null, created_at: now, updated_at: now })))
      .execute();
    const r150 = (await sendForm(t.app, '/api/store-product', o.token, { category_id: c, name: '151.' })).json();
    expect(r150.status).toBe(422);
    expect(r150.message).toBe('Standart planında en fazla 150 ürün ekleyebilirsiniz. Daha fazla ürün için planınızı yükseltin.');
  });
});

describe('plan limit under parallel requests', () => {
  it('never lets parallel creates pass the limit', async () => {
    const o = await registerOwner(t.app, { name: 'Paralel' });
    const c = await category(o.token, 'Hepsi');
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values(Array.from({ length: 27 }, (_, i) => ({ user_id: o.userId, category_id: c, name: `Ürün ${i}`, description: null, selling_price: null, original_price: null, allergen: null, image: null, created_at: now, updated_at: now })))
      .execute();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => sendForm(t.app, '/api/store-product', o.token, { category_id: c, name: `Paralel ${i}` })));
    const statuses = results.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    const { n } = await t.db.selectFrom('products').select(t.db.fn.countAll().as('n')).where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(30);
  });
});

describe('GET /api/view-product', () => {
  it('lists only the owner\'s products, each with its category name', async () => {
    await sendForm(t.app, '/api/store-product', other.token, { category_id: otherCat, name: 'Başkasının ürünü' });
    const body = (await get('/api/view-product', owner.token)).json();
    expect(body.status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.map((p: { name: string }) => p.name)).not.toContain('Başkasının ürünü');
    expect(body.products[0].category).toEqual({ id: cat, name: 'Çorbalar' });
    expect(Object.keys(body.products[0]).sort()).toEqual(['allergen', 'allergens', 'category', 'category_id', 'description', 'id', 'image', 'labels', 'name', 'original_price', 'selling_price', 'sold_out', 'sort_order', 'status', 'variants']);
  });
});

describe('GET /api/edit-product/{id}', () => {
  it('returns the product; another owner\'s id answers 404', async () => {
    const p = await create(owner.token, { name: 'Kuru Fasulye', selling_price: '120' });
    expect((await get(`/api/edit-product/${p.id}`, owner.token)).json()).toMatchObject({ status: 200, message: 'Ürün bilgileri getirildi.', product: { id: p.id, name: 'Kuru Fasulye', selling_price: 120 } });
    expect((await get(`/api/edit-product/${p.id}`, other.token)).json()).toMatchObject({ status: 404, message: 'Ürün bulunamadı.' });
    expect((await get('/api/edit-product/0', owner.token)).json().status).toBe(404);
  });
});

describe('POST /api/update-product/{id}', () => {
  it('updates fields, moves category, replaces the photo and removes the old files', async () => {
    const p = await create(owner.token, { name: 'Pilav', allergen: 'Tereyağı' }, true);
    const body = (
      await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat2, name: 'Nohutlu Pilav', selling_price: '99.90', status: '0' }, { data: await png() })
    ).json();
    expect(body).toMatchObject({
      status: 200, message: 'Ürün başarıyla güncellendi.',
      product: { name: 'Nohutlu Pilav', category: { id: cat2, name: 'Ana Yemekler' }, selling_price: 99.9, allergen: null, description: null, status: '0' },
    });
    for (const f of variantPaths(p.image!)) expect(exists(f)).toBe(false);
    for (const f of variantPaths(body.product.image)) expect(exists(f)).toBe(true);
  });

  it('keeps photo and status when not sent', async () => {
    const p = await create(owner.token, { name: 'Cacık', status: '0' }, true);
    const body = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Cacık' })).json();
    expect(body.product).toMatchObject({ image: p.image, status: '0' });
  });

  it('answers 422 for a missing name, another owner\'s category or a hostile photo, changing nothing', async () => {
    const p = await create(owner.token, { name: 'Ayran' }, true);
    const before = await rowOf(p.id);
    const b1 = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: '' })).json();
    expect(b1.status).toBe(422);
    expect(b1.errors.name[0]).toBe('Ürün adı zorunludur.');
    const b2 = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: otherCat, name: 'Ayran' })).json();
    expect(b2.errors.category_id).toHaveLength(1);
    for (const f of await hostileFiles()) {
      const files = uploadFiles(t.config.dataDir);
      const b3 = (await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Yeni' }, { data: f.data, filename: f.filename, type: f.type })).json();
      expect(b3.status, f.name).toBe(422);
      expect(b3.errors.image, f.name).toHaveLength(1);
      expect(uploadFiles(t.config.dataDir), f.name).toEqual(files);
    }
    expect(await rowOf(p.id)).toEqual(before);
  });

  it('answers 404 to another owner and changes nothing', async () => {
    const p = await create(owner.token, { name: 'Künefe' }, true);
    const before = await rowOf(p.id);
    const files = uploadFiles(t.config.dataDir);
    const body = (await sendForm(t.app, `/api/update-product/${p.id}`, other.token, { category_id: otherCat, name: 'Çalıntı', status: '0' }, { data: await jpeg() })).json();
    expect(body.status).toBe(404);
    expect(await rowOf(p.id)).toEqual(before);
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
  });
});

describe('DELETE /api/delete-product/{id}', () => {
  it('deletes the product and its photo files', async () => {
    const p = await create(owner.token, { name: 'Baklava' }, true);
    expect((await del(`/api/delete-product/${p.id}`, owner.token)).json()).toMatchObject({ status: 200, message: 'Ürün başarıyla silindi.' });
    expect(await rowOf(p.id)).toBeUndefined();
    for (const f of variantPaths(p.image!)) expect(exists(f)).toBe(false);
    expect((await del(`/api/delete-product/${p.id}`, owner.token)).json().status).toBe(404);
  });

  it('accepts JSON headers with no body (clients that send them on every call)', async () => {
    const p = await create(owner.token, { name: 'Kazandibi' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${p.id}`, headers: { ...bearer(owner.token), 'content-type': 'application/json', accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, message: 'Ürün başarıyla silindi.' });
    expect(await rowOf(p.id)).toBeUndefined();
  });

  it('answers 404 to another owner and deletes nothing', async () => {
    const p = await create(owner.token, { name: 'Sütlaç' }, true);
    expect((await del(`/api/delete-product/${p.id}`, other.token)).json().status).toBe(404);
    expect(await rowOf(p.id)).toBeTruthy();
    for (const f of variantPaths(p.image!)) expect(exists(f)).toBe(true);
  });
});
