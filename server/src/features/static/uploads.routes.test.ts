import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { bearer, buildTestApp, RELAXED_LIMITS, registerOwner, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { hostileFiles, jpeg, sendForm, uploadFiles } from '../../../test/owner-helpers.js';
import { startS3, type TestBucket } from '../../../test/s3.js';
import { storeImage, variantPaths } from '../../platform/images/images.js';
import { sweepOrphanImages } from '../../platform/images/sweep.js';
import { readWhole, S3Store } from '../../platform/storage/index.js';

/**
 * Photos in an S3-compatible bucket (STORAGE_URL): a real S3-protocol server (s3rver) reached
 * through the official SDK. Every size of every upload lands in the bucket and nothing on disk;
 * replacing and deleting remove the objects; `/uploads/…` streams them with the local files'
 * headers; two instances on one bucket (each with its own disk) show each other's photos.
 */
let s3: TestBucket;
let t: TestApp;
/** A second instance: same database and bucket, its own DATA_DIR. */
let b: FastifyInstance;
let bDir: string;
/** The bucket seen through a client of its own (not the app's). */
let bucket: S3Store;
let owner: Awaited<ReturnType<typeof createBusiness>>;
let cat: number;

const keys = async () => {
  const out: string[] = [];
  for await (const o of bucket.list()) out.push(o.key);
  return out.sort();
};
const inBucket = async (key: string) => (await bucket.head(key)) !== undefined;
const productRows = async () => Number((await t.db.selectFrom('products').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function storeProduct(app: FastifyInstance, token: string, name: string, image: Buffer) {
  const res = await sendForm(app, '/api/store-product', token, { category_id: cat, name, selling_price: '90' }, { data: image });
  expect(res.json().status, res.body).toBe(200);
  return res.json().product as { id: number; image: string };
}

beforeAll(async () => {
  s3 = await startS3();
  // in a folder of the bucket, as an operator sharing a bucket would
  t = await buildTestApp({ config: { storage: s3.settings('qrmenu') } });
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-b-'));
  b = await buildApp({ config: { ...t.config, dataDir: bDir }, db: t.db, rateLimits: RELAXED_LIMITS });
  await b.ready();
  bucket = new S3Store(s3.settings('qrmenu'));
  owner = await createBusiness(t.app, 'Kova Lokantası');
  cat = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Çorbalar' })).json().category.id;
});
afterAll(async () => {
  await b?.close();
  await t?.close();
  bucket?.close();
  await s3?.stop();
  fs.rmSync(bDir, { recursive: true, force: true });
});

describe('uploads into the bucket', () => {
  it('stores the photo in its four sizes in the bucket (under its folder) and nothing on disk', async () => {
    const p = await storeProduct(t.app, owner.token, 'Ezogelin', await jpeg(1200, 900));
    expect(p.image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    const widths: number[] = [];
    for (const key of variantPaths(p.image)) {
      const data = await readWhole(bucket, key);
      expect(data, key).toBeDefined();
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      widths.push(meta.width);
    }
    expect(widths).toEqual([1200, 960, 480, 240]);
    // the folder of STORAGE_URL: the objects are qrmenu/uploads/… in the bucket
    const raw = new S3Store(s3.settings());
    const all: string[] = [];
    for await (const o of raw.list()) all.push(o.key);
    raw.close();
    expect(all).toEqual([]);
    expect(uploadFiles(t.config.dataDir)).toEqual([]);
    expect(uploadFiles(bDir)).toEqual([]);
  });

  it('refuses hostile files and refused rows without leaving an object', async () => {
    const before = await keys();
    const rows = await productRows();
    for (const f of await hostileFiles()) {
      const res = await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: 'Kötü' }, f);
      expect(res.json().status, f.name).toBe(422);
    }
    // a sound photo with a bad field: the row is refused before anything is stored
    expect((await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name: '' }, { data: await jpeg() })).json().status).toBe(422);
    expect(await keys()).toEqual(before);
    expect(await productRows()).toBe(rows);
  });

  it('replacing a photo removes the old objects; deleting the product removes the rest', async () => {
    const p = await storeProduct(t.app, owner.token, 'Yayla', await jpeg(800, 600, '#16a34a'));
    const res = await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Yayla', selling_price: '95' }, { data: await jpeg(640, 480, '#1d4ed8') });
    const now = res.json().product.image as string;
    expect(now).not.toBe(p.image);
    for (const k of variantPaths(p.image)) expect(await inBucket(k), k).toBe(false);
    for (const k of variantPaths(now)) expect(await inBucket(k), k).toBe(true);
    expect((await t.app.inject({ url: `/${p.image}` })).statusCode).toBe(404);

    // an edit without a new photo keeps it
    await sendForm(t.app, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Yayla Çorbası', selling_price: '95' });
    for (const k of variantPaths(now)) expect(await inBucket(k), k).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${p.id}`, headers: bearer(owner.token) })).json().status).toBe(200);
    for (const k of variantPaths(now)) expect(await inBucket(k), k).toBe(false);
  });

  it('does the same for category photos', async () => {
    const c = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Tatlılar' }, { data: await jpeg(900, 500) })).json().category;
    for (const k of variantPaths(c.image)) expect(await inBucket(k), k).toBe(true);
    const replaced = (await sendForm(t.app, `/api/update-category/${c.id}`, owner.token, { name: 'Tatlılar' }, { data: await jpeg(700, 400, '#a16207') })).json().category.image;
    for (const k of variantPaths(c.image)) expect(await inBucket(k), k).toBe(false);
    for (const k of variantPaths(replaced)) expect(await inBucket(k), k).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-category/${c.id}`, headers: bearer(owner.token) })).json().status).toBe(200);
    for (const k of variantPaths(replaced)) expect(await inBucket(k), k).toBe(false);
  });
});

describe('GET /uploads/… streamed from the bucket', () => {
  let image: string;
  beforeAll(async () => {
    image = (await storeProduct(t.app, owner.token, 'Mercimek', await jpeg(1000, 750))).image;
  });

  it('answers the bytes of the object with a year of immutable caching, ETag and Last-Modified', async () => {
    for (const key of variantPaths(image)) {
      const res = await t.app.inject({ url: `/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
      expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals((await readWhole(bucket, key))!)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it('answers HEAD, a current copy (304) and a range (206)', async () => {
    const url = `/${image}`;
    const full = await t.app.inject({ url });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.headers['etag']).toBe(full.headers['etag']);
    expect(head.body).toBe('');
    const cached = await t.app.inject({ url, headers: { 'if-none-match': String(full.headers['etag']) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect((await t.app.inject({ url, headers: { 'if-none-match': '"anders"' } })).statusCode).toBe(200);
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
  });

  it('answers a missing or malformed name with the 404 page, never another file', async () => {
    for (const url of ['/uploads/00000000000000000000000000000000.webp', '/uploads/', '/uploads/..%2Fqrmenu.sqlite', '/uploads/a/b.webp']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).not.toMatch(/immutable/);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/00000000000000000000000000000000.webp' })).statusCode).toBe(404);
    // `/uploads/..` is `/` once normalised: the web app, never a file of the store
    expect((await t.app.inject({ url: '/uploads/%2e%2e' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('the menu pages point to /uploads/… and the app streams what they point to', async () => {
    const page = await t.app.inject({ url: `/qr/${owner.slug}/category/${cat}` });
    expect(page.statusCode).toBe(200);
    const stem = image.slice(0, -'.webp'.length);
    expect(page.body).toContain(`src="/${stem}-sm.webp"`);
    expect(page.body).toContain(`/${stem}-md.webp 960w`);
    expect((await t.app.inject({ url: `/${stem}-sm.webp` })).statusCode).toBe(200);
    // the JSON keeps the stored path (the client prefixes its API base)
    const json = (await t.app.inject({ url: `/api/getProduct/${cat}` })).json();
    expect(json.product_data.product.map((p: { image: string }) => p.image)).toContain(image);
  });
});

describe('two instances on one bucket', () => {
  it('show each other\'s photos, and see each other\'s replacements and deletions', async () => {
    const p = await storeProduct(t.app, owner.token, 'Tarhana', await jpeg(720, 540, '#be123c'));
    // written through A, read through B (nothing of it on B's disk)
    const fromA = await t.app.inject({ url: `/${p.image}` });
    const fromB = await b.inject({ url: `/${p.image}` });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    const page = await b.inject({ url: `/qr/${owner.slug}/category/${cat}` });
    expect(page.body).toContain(`/${p.image.slice(0, -'.webp'.length)}-sm.webp`);
    expect(uploadFiles(bDir)).toEqual([]);

    // replaced through B: A no longer has the old photo and serves the new one
    const res = await sendForm(b, `/api/update-product/${p.id}`, owner.token, { category_id: cat, name: 'Tarhana', selling_price: '80' }, { data: await jpeg(600, 450, '#0f766e') });
    const now = res.json().product.image as string;
    expect((await t.app.inject({ url: `/${p.image}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/${now}` })).statusCode).toBe(200);

    // deleted through A: gone on B
    await t.app.inject({ method: 'DELETE', url: `/api/delete-product/${p.id}`, headers: bearer(owner.token) });
    for (const k of variantPaths(now)) expect((await b.inject({ url: `/${k}` })).statusCode, k).toBe(404);
  });
});

describe('the owner\'s data and the orphan sweep on the bucket', () => {
  it('the data export carries the photos from the bucket; erasing the account removes them', async () => {
    const other = await registerOwner(t.app);
    const c = (await sendForm(t.app, '/api/store-category', other.token, { name: 'İçecekler' }, { data: await jpeg(500, 500, '#7c2d12') })).json().category;
    const zip = await t.app.inject({ url: '/api/export-my-data', headers: bearer(other.token) });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const name = `photos/${path.basename(c.image)}`;
    expect(files[name], name).toBeDefined();
    expect(Buffer.from(files[name]).equals((await readWhole(bucket, c.image))!)).toBe(true);

    const erased = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(other.token), payload: { password: other.password } });
    expect(erased.json().status).toBe(200);
    for (const k of variantPaths(c.image)) expect(await inBucket(k), k).toBe(false);
  });

  it('removes old objects without a row, keeps referenced and fresh ones', async () => {
    const photo = await jpeg(64, 64);
    const referenced = (await storeProduct(t.app, owner.token, 'Kalan', photo)).image;
    const orphan = await storeImage(t.app.storage, photo);
    await new Promise((r) => setTimeout(r, 2_500));
    const fresh = await storeImage(t.app.storage, photo);
    const before = await keys();
    expect(await sweepOrphanImages(t.db, t.app.storage, new Date(), 1_500)).toBe(4);
    const after = await keys();
    expect(before.filter((k) => !after.includes(k)).sort()).toEqual(variantPaths(orphan).sort());
    for (const k of [...variantPaths(referenced), ...variantPaths(fresh)]) expect(after, k).toContain(k);
  });
});

describe('a bucket out of reach', () => {
  it('check() says down with a reason; an upload answers 503 in Turkish and saves nothing; /uploads answers 503', async () => {
    const dead = await buildTestApp({ config: { storage: { ...s3.settings(), endpoint: 'http://127.0.0.1:9' } } });
    try {
      expect(await dead.app.storage.check()).toMatchObject({ ok: false, error: expect.any(String) });
      expect(await t.app.storage.check()).toEqual({ ok: true });
      const o = await registerOwner(dead.app);
      const c = (await sendForm(dead.app, '/api/store-category', o.token, { name: 'Fotoğrafsız' })).json().category.id;
      const res = await sendForm(dead.app, '/api/store-product', o.token, { category_id: c, name: 'Fotoğraflı' }, { data: await jpeg() });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: 'Fotoğraf şu anda kaydedilemedi. Lütfen biraz sonra yeniden deneyin.' });
      expect(await dead.db.selectFrom('products').selectAll().execute()).toEqual([]);
      expect((await dead.app.inject({ url: '/uploads/00000000000000000000000000000000.webp' })).statusCode).toBe(503);
    } finally {
      await dead.close();
    }
  });
});
