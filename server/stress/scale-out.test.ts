import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../test/pg-database.js';
import { startS3, type TestBucket } from '../test/s3.js';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * Scaling out, tried: two product processes (each with its own DATA_DIR, as on two machines) on
 * one PostgreSQL, one Redis and one S3-protocol bucket, behind a proxy (TRUST_PROXY). An owner
 * writes through A only; everything is read through B: the menu, the photos (streamed from the
 * bucket), the sign-in limits, and every edit at once (cache invalidation over Redis).
 */
const PG_BASE = process.env.STRESS_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ROUNDS = Number(process.env.SCALE_ROUNDS || 20);
let pg: PgDatabase;
let s3: TestBucket;
let a: ServerProcess;
let b: ServerProcess;
const dirs: string[] = [];

beforeAll(async () => {
  pg = await createPgDatabase(PG_BASE, `qrmenu_scale_${process.pid}`);
  s3 = await startS3('qrmenu-scale');
  const env = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qrmenu-scale-${name}-`));
    dirs.push(dir);
    return { DATA_DIR: dir, DATABASE_URL: pg.url, REDIS_URL, TRUST_PROXY: 'true', RATE_LIMIT_REGISTER: '1000', ...s3.env('qrmenu') };
  };
  a = await startServer(env('a'));
  b = await startServer(env('b'));
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await s3?.stop();
  await pg?.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const photo = (color: string, w = 900, h = 600) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer();

function form(fields: Record<string, string>, image?: Buffer) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (image) fd.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
  return fd;
}

async function send(url: string, token: string, fields: Record<string, string>, image?: Buffer) {
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(fields, image) });
  const body = (await res.json());
  expect(body.status, JSON.stringify(body)).toBe(200);
  return body;
}

const page = async (s: ServerProcess, url: string) => {
  const res = await fetch(`${s.url}${url}`);
  return { status: res.status, html: await res.text() };
};
const photoSrcs = (html: string) => [...html.matchAll(/src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]);
const bytes = async (s: ServerProcess, src: string) => {
  const res = await fetch(`${s.url}${src}`);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: Buffer.from(await res.arrayBuffer()) };
};

describe('two processes on one PostgreSQL, one Redis and one bucket', () => {
  it('what the owner writes through A, diners read through B: menu, photos, edits, deletions', async () => {
    const email = `olcek${Date.now()}@example.com`;
    const token = (await json(`${a.url}/api/register`, { body: { name: 'Ölçek Sahibi', email, password: 'dogru-sifre-1' } })).body.token as string;
    const slug = (await json(`${a.url}/api/update-setting`, { token, body: { name: 'Ö S', companyname: 'İki Makine Lokantası', city: 34, tel: '02125550000' } })).body.settings.companyengname as string;
    const cat = (await send(`${a.url}/api/store-category`, token, { name: 'Çorbalar', status: '1' }, await photo('#b45309'))).category;
    const product = (await send(`${a.url}/api/store-product`, token, { category_id: String(cat.id), name: 'Mercimek', selling_price: '85' }, await photo('#c2410c'))).product;

    // B shows both photos, streamed from the bucket, byte for byte what A serves
    const cats = await page(b, `/qr/${slug}/category`);
    expect(cats.status).toBe(200);
    const list = await page(b, `/qr/${slug}/category/${cat.id}`);
    expect(list.html).toContain('Mercimek');
    const srcs = [...photoSrcs(cats.html), ...photoSrcs(list.html)];
    expect(srcs).toHaveLength(2);
    for (const src of srcs) {
      const [fromA, fromB] = [await bytes(a, src), await bytes(b, src)];
      expect(fromB.status, src).toBe(200);
      expect(fromB.type).toBe('image/webp');
      expect(fromB.cache).toBe('public, max-age=31536000, immutable');
      expect(fromB.body.equals(fromA.body)).toBe(true);
    }

    // every edit on A shows on B at once (B had the page cached); a replaced photo is gone on both
    let current = product.image as string;
    for (let i = 1; i <= ROUNDS; i++) {
      expect((await page(b, `/qr/${slug}/category/${cat.id}`)).status).toBe(200);
      const withPhoto = i % 5 === 0;
      const edited = (await send(`${a.url}/api/update-product/${product.id}`, token, { category_id: String(cat.id), name: `Mercimek ${i}`, selling_price: String(85 + i) }, withPhoto ? await photo(`hsl(${i * 17}, 70%, 45%)`) : undefined)).product;
      const after = await page(b, `/qr/${slug}/category/${cat.id}`);
      expect(after.html).toContain(`Mercimek ${i}`);
      expect(((await json(`${b.url}/api/getProduct/${cat.id}`)).body.product_data.product[0]).name).toBe(`Mercimek ${i}`);
      if (withPhoto) {
        expect(edited.image).not.toBe(current);
        expect((await bytes(b, `/${current}`)).status).toBe(404);
        const src = photoSrcs(after.html)[0];
        expect(src).toBe(`/${edited.image.slice(0, -'.webp'.length)}-sm.webp`);
        expect((await bytes(b, src)).status).toBe(200);
        current = edited.image;
      }
    }

    // diners' reads through B, a bounded burst: pages and photos all answer
    const urls = [`/qr/${slug}/category`, `/qr/${slug}/category/${cat.id}`, ...photoSrcs((await page(b, `/qr/${slug}/category/${cat.id}`)).html), ...srcs.slice(0, 1)];
    const started = Date.now();
    let ok = 0;
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => fetch(`${b.url}${urls[k % urls.length]}`).then(async (r) => (await r.arrayBuffer(), r.status))));
      ok += answers.filter((s) => s === 200).length;
    }
    expect(ok).toBe(200);
    console.log(`scale-out: ${ROUNDS} edits through A seen at once through B; 200 reads through B in ${Date.now() - started} ms`);

    // deleted on A: gone from B's menu and its photo from the bucket
    await fetch(`${a.url}/api/delete-product/${product.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect((await page(b, `/qr/${slug}/category/${cat.id}`)).html).not.toContain('Mercimek');
    expect((await bytes(b, `/${current}`)).status).toBe(404);

    // nothing on either machine's disk
    for (const d of dirs) expect(fs.existsSync(path.join(d, 'uploads')) ? fs.readdirSync(path.join(d, 'uploads')) : []).toEqual([]);
  });

  it('sign-in limits count across both processes, per diner address behind the proxy (TRUST_PROXY)', async () => {
    const email = `olcek-limit${Date.now()}@example.com`;
    expect((await json(`${a.url}/api/register`, { body: { name: 'Sınır', email, password: 'dogru-sifre-1' } })).body.status).toBe(200);
    const fail = (s: ServerProcess, ip: string) => json(`${s.url}/api/login`, { body: { email, password: 'yanlis' }, headers: { 'x-forwarded-for': ip } });
    for (const s of [a, b, a, b, a]) expect((await fail(s, '203.0.113.7')).body.status).toBe(401);
    expect((await fail(b, '203.0.113.7')).http).toBe(429);
    expect((await fail(a, '203.0.113.7')).http).toBe(429);
    // another diner behind the same proxy is not held back by the first one's failures
    expect((await fail(b, '203.0.113.8')).body.status).toBe(401);
  });
});
