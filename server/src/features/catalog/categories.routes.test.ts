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
beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app, { name: 'Başka Sahip' });
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) => t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
const rowOf = (id: number) => t.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
const countRows = async () => Number((await t.db.selectFrom('categories').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const exists = (rel: string) => fs.existsSync(path.join(t.config.dataDir, rel));

async function create(token: string, fields: Record<string, string> = {}, withImage = false) {
  const res = await sendForm(t.app, '/api/store-category', token, { name: 'Tatlılar', description: 'Ev yapımı', status: '1', ...fields }, withImage ? { data: await jpeg() } : undefined);
  const body = res.json();
  expect(body.status).toBe(200);
  return body.category as { id: number; image: string | null };
}

describe('guards of the category routes', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/view-category'], ['GET', '/api/all-category'], ['POST', '/api/store-category'], ['GET', '/api/edit-category/1'],
    ['POST', '/api/update-category/1'], ['DELETE', '/api/delete-category/1'],
  ];
  it('should require authentication (HTTP 401) and the owner role (HTTP 403 for admin)', async () => {
    for (const [method, url] of routes) {
      const anon = await t.app.inject({ method: method as 'GET', url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const adm = await t.app.inject({ method: method as 'GET', url, headers: bearer(admin.token) });
      expect(adm.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('POST /api/store-category', () => {
  it('creates a category with a photo, defaulting status to 1', async () => {
    const res = await sendForm(t.app, '/api/store-category', owner.token, { name: '  Çorbalar ', description: 'Sıcak başlangıçlar' }, { data: await jpeg(2400, 1600) });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ status: 200, message: 'Kategori başarıyla eklendi.' });
    expect(body.category).toMatchObject({ name: 'Çorbalar', description: 'Sıcak başlangıçlar', count: 0, status: '1' });
    expect(body.category.image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    for (const p of variantPaths(body.category.image)) expect(exists(p)).toBe(true);
    const row = await rowOf(body.category.id);
    expect(row).toMatchObject({ user_id: owner.userId, name: 'Çorbalar', status: '1' });
    const served = await t.app.inject({ method: 'GET', url: '/' + body.category.image });
    expect(served.statusCode).toBe(200);
  });

  it('creates one without a photo, passive and without description', async () => {
    const res = await sendForm(t.app, '/api/store-category', owner.token, { name: 'İçecekler', status: '0' });
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.category).toMatchObject({ name: 'İçecekler', description: null, image: null, status: '0' });
  });

  it('answers 400 with errors.name when the name is missing, storing nothing', async () => {
    const before = await countRows();
    const files = uploadFiles(t.config.dataDir);
    const res = await sendForm(t.app, '/api/store-category', owner.token, { name: '   ', description: 'x' }, { data: await jpeg() });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe(400);
    expect(body.errors.name[0]).toBe('Kategori adı zorunludur.');
    expect(await countRows()).toBe(before);
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
  });

  it('answers 400 for a too long description and an unknown status', async () => {
    const body = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'A', description: 'x'.repeat(1001), status: '5' })).json();
    expect(body.status).toBe(400);
    expect(body.errors.description[0]).toBe('En fazla 1000 karakter girebilirsiniz.');
    expect(body.errors.status[0]).toBe('Durum yalnızca Aktif (1) veya Pasif (0) olabilir.');
  });

  it('refuses hostile uploads with errors.image (400): no row, no file', async () => {
    for (const f of await hostileFiles()) {
      const before = await countRows();
      const files = uploadFiles(t.config.dataDir);
      const body = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Kötü ' + f.name }, { data: f.data, filename: f.filename, type: f.type })).json();
      expect(body.status, f.name).toBe(400);
      expect(body.errors.image[0], f.name).toMatch(/JPEG, PNG veya WebP|okunamadı|çözünürlüğü|Dosya adı geçersiz/);
      expect(await countRows(), f.name).toBe(before);
      expect(uploadFiles(t.config.dataDir), f.name).toEqual(files);
    }
  });

  it('answers HTTP 413 for a body over the upload limit', async () => {
    const res = await sendForm(t.app, '/api/store-category', owner.token, { name: 'Büyük' }, { data: Buffer.alloc(11 * 1024 * 1024, 1) });
    expect(res.statusCode).toBe(413);
  });

  it('accepts a JSON body without a photo as well', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/store-category', headers: bearer(owner.token), payload: { name: 'JSON Kategori' } });
    expect(res.json()).toMatchObject({ status: 200, category: { name: 'JSON Kategori', status: '1' } });
  });
});

describe('GET /api/view-category and /api/all-category', () => {
  it('lists only the owner\'s categories with the spec fields', async () => {
    await create(other.token, { name: 'Başkasının Kategorisi' });
    const body = (await get('/api/view-category', owner.token)).json();
    expect(body.status).toBe(200);
    expect(body.category.length).toBeGreaterThan(0);
    expect(body.category.map((c: { name: string }) => c.name)).not.toContain('Başkasının Kategorisi');
    expect(Object.keys(body.category[0]).sort()).toEqual(['count', 'description', 'id', 'image', 'name', 'product_count', 'sort_order', 'status']);
    const all = (await get('/api/all-category', owner.token)).json();
    expect(all.status).toBe(200);
    expect(all.category.length).toBe(body.category.length);
    expect(Object.keys(all.category[0]).sort()).toEqual(['id', 'name', 'sort_order']);
  });

  it('answers an empty list to a new owner', async () => {
    const fresh = await registerOwner(t.app);
    expect((await get('/api/view-category', fresh.token)).json()).toMatchObject({ status: 200, category: [] });
  });
});

describe('GET /api/edit-category/{id}', () => {
  it('returns the category; another owner\'s id or an unknown id answers 404', async () => {
    const c = await create(owner.token, { name: 'Kahvaltı' });
    expect((await get(`/api/edit-category/${c.id}`, owner.token)).json()).toMatchObject({ status: 200, message: 'Kategori bilgileri getirildi.', category: { id: c.id, name: 'Kahvaltı' } });
    for (const url of [`/api/edit-category/${c.id}`]) expect((await get(url, other.token)).json()).toMatchObject({ status: 404, message: 'Kategori bulunamadı.' });
    expect((await get('/api/edit-category/999999', owner.token)).json().status).toBe(404);
    expect((await get('/api/edit-category/abc', owner.token)).json().status).toBe(404);
  });
});

describe('POST /api/update-category/{id}', () => {
  it('updates fields, replaces the photo and removes the old files', async () => {
    const c = await create(owner.token, { name: 'Salatalar' }, true);
    const res = await sendForm(t.app, `/api/update-category/${c.id}`, owner.token, { name: 'Taze Salatalar', description: 'Mevsim', status: '0' }, { data: await png() });
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: 'Kategori başarıyla güncellendi.', category: { name: 'Taze Salatalar', description: 'Mevsim', status: '0' } });
    expect(body.category.image).not.toBe(c.image);
    for (const p of variantPaths(c.image!)) expect(exists(p)).toBe(false);
    for (const p of variantPaths(body.category.image)) expect(exists(p)).toBe(true);
  });

  it('keeps the photo and status when none is sent; an absent description clears it', async () => {
    const c = await create(owner.token, { name: 'Makarnalar', status: '0' }, true);
    const body = (await sendForm(t.app, `/api/update-category/${c.id}`, owner.token, { name: 'Makarna' })).json();
    expect(body.category).toMatchObject({ name: 'Makarna', image: c.image, status: '0', description: null });
  });

  it('answers 422 with errors.name, changing nothing', async () => {
    const c = await create(owner.token, { name: 'Pizzalar' });
    const body = (await sendForm(t.app, `/api/update-category/${c.id}`, owner.token, { name: '' })).json();
    expect(body.status).toBe(422);
    expect(body.errors.name[0]).toBe('Kategori adı zorunludur.');
    expect((await rowOf(c.id))!.name).toBe('Pizzalar');
  });

  it('refuses hostile uploads with errors.image (422), keeping the old photo', async () => {
    const c = await create(owner.token, { name: 'Burgerler' }, true);
    for (const f of await hostileFiles()) {
      const files = uploadFiles(t.config.dataDir);
      const body = (await sendForm(t.app, `/api/update-category/${c.id}`, owner.token, { name: 'Yeni ad' }, { data: f.data, filename: f.filename, type: f.type })).json();
      expect(body.status, f.name).toBe(422);
      expect(body.errors.image, f.name).toHaveLength(1);
      expect(uploadFiles(t.config.dataDir), f.name).toEqual(files);
      expect(await rowOf(c.id), f.name).toMatchObject({ name: 'Burgerler', image: c.image });
    }
  });

  it('answers 404 to another owner and changes nothing (no file stored)', async () => {
    const c = await create(owner.token, { name: 'Benim' }, true);
    const files = uploadFiles(t.config.dataDir);
    const body = (await sendForm(t.app, `/api/update-category/${c.id}`, other.token, { name: 'Çalındı', status: '0' }, { data: await jpeg() })).json();
    expect(body.status).toBe(404);
    expect(await rowOf(c.id)).toMatchObject({ name: 'Benim', status: '1', image: c.image, user_id: owner.userId });
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
  });
});

describe('DELETE /api/delete-category/{id}', () => {
  it('deletes an empty category and its photo files', async () => {
    const c = await create(owner.token, { name: 'Silinecek' }, true);
    const body = (await del(`/api/delete-category/${c.id}`, owner.token)).json();
    expect(body).toMatchObject({ status: 200, message: 'Kategori başarıyla silindi.' });
    expect(await rowOf(c.id)).toBeUndefined();
    for (const p of variantPaths(c.image!)) expect(exists(p)).toBe(false);
    expect((await del(`/api/delete-category/${c.id}`, owner.token)).json().status).toBe(404);
  });

  it('refuses (409) while the category still has products, changing nothing', async () => {
    const c = await create(owner.token, { name: 'Dolu' }, true);
    const p = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: c.id, name: 'Ürün' })).json();
    expect(p.status).toBe(200);
    const body = (await del(`/api/delete-category/${c.id}`, owner.token)).json();
    expect(body.status).toBe(409);
    expect(body.message).toBe('Bu kategoride 1 ürün var. Kategoriyi silmeden önce ürünlerini silin veya başka bir kategoriye taşıyın.');
    expect(await rowOf(c.id)).toBeTruthy();
    for (const f of variantPaths(c.image!)) expect(exists(f)).toBe(true);
    expect((await del(`/api/delete-product/${p.product.id}`, owner.token)).json().status).toBe(200);
    expect((await del(`/api/delete-category/${c.id}`, owner.token)).json().status).toBe(200);
  });

  it('answers 404 to another owner and deletes nothing', async () => {
    const c = await create(owner.token, { name: 'Korunan' }, true);
    expect((await del(`/api/delete-category/${c.id}`, other.token)).json()).toMatchObject({ status: 404 });
    expect(await rowOf(c.id)).toBeTruthy();
    for (const f of variantPaths(c.image!)) expect(exists(f)).toBe(true);
  });
});
