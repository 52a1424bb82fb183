import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';
import { createPgDatabase } from '../test/pg-database.js';

/**
 * Durability: a client performs writes (categories with photos, products, settings, menu views)
 * while the server is killed with SIGKILL at random moments and restarted, many times. Afterwards
 * every acknowledged write is there, SQLite's integrity check is ok, and image files and rows match;
 * counted views are never fewer than acknowledged answers and never more than answers attempted —
 * the account's and an extra branch's, whose days add up to its total.
 */
const CYCLES = Number(process.env.CRASH_CYCLES || 12);
const PG_BASE = process.env.CRASH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pgDatabase(): Promise<string | undefined> {
  try {
    const db = await createPgDatabase(PG_BASE, `qrmenu_crash_${process.pid}`);
    cleanups.push(db.drop);
    return db.url;
  } catch {
    return undefined;
  }
}

async function run(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ADMIN_EMAIL: 'yonetici@crash.test', ADMIN_PASSWORD: 'yonetici-sifre-1' };
  let server: ServerProcess = await startServer(env);
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b45309' } }).jpeg().toBuffer();

  const email = `crash${Date.now()}@example.com`;
  const reg = await json(`${server.url}/api/register`, { body: { name: 'Çökme Testi', email, password: 'dayanikli-sifre' } });
  expect(reg.body.status).toBe(200);
  const token: string = reg.body.token;
  const settings = await json(`${server.url}/api/update-setting`, { token, body: { name: 'Çökme Testi', companyname: 'Dayanıklı Kafe', address: 'Kadıköy', city: 34, tel: '05551112233', deskcount: 1 } });
  expect(settings.body.status).toBe(200);
  const slug = (await json(`${server.url}/api/edit-setting`, { token })).body.settings.companyengname as string;
  expect(slug).toBeTruthy();
  const firstCat = new FormData();
  firstCat.set('name', 'Sabit Kategori');
  firstCat.set('status', '1');
  const fc = await (await fetch(`${server.url}/api/store-category`, { method: 'POST', body: firstCat, headers: { authorization: `Bearer ${token}` } })).json();
  expect(fc.status).toBe(200);
  const categoryId = (await json(`${server.url}/api/view-category`, { token })).body.category[0].id as number;
  // an extra branch (issue 43; the plan raised by the admin): its views count for its total and its day
  const admin = (await json(`${server.url}/api/login`, { body: { email: 'yonetici@crash.test', password: 'yonetici-sifre-1' } })).body.token as string;
  const userId = (await json(`${server.url}/api/view-user?q=${encodeURIComponent(email)}`, { token: admin })).body.users[0].user_id as number;
  const row = (await json(`${server.url}/api/edit-user/${userId}`, { token: admin })).body.user;
  expect((await json(`${server.url}/api/update-user/${userId}`, { token: admin, body: { ...row, userlevel: '2' } })).body.status).toBe(200);
  const branch = (await json(`${server.url}/api/branches`, { token, body: { name: 'Kadıköy' } })).body.branch as { id: number; slug: string };
  expect(branch.slug).toBeTruthy();

  const acked = { categories: new Set<string>(), products: new Set<string>(), deskcount: 1, views: 0, viewsAttempted: 0, branchViews: 0, branchAttempted: 0 };
  let seq = 0;
  let desk = 1;

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const base = server.url;
    let alive = true;
    const worker = async (w: number) => {
      while (alive) {
        const n = ++seq;
        const op = n % 4;
        try {
          if (op === 0) {
            const name = `Kategori ${cycle}-${w}-${n}`;
            const f = new FormData();
            f.set('name', name);
            f.set('status', '1');
            if (n % 8 === 0) f.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
            const r = await (await fetch(`${base}/api/store-category`, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } })).json();
            if (r.status === 200) acked.categories.add(name);
          } else if (op === 1) {
            const name = `Ürün ${cycle}-${w}-${n}`;
            const f = new FormData();
            f.set('category_id', String(categoryId));
            f.set('name', name);
            f.set('selling_price', '12.50');
            f.set('status', '1');
            const r = await (await fetch(`${base}/api/store-product`, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } })).json();
            if (r.status === 200) acked.products.add(name);
          } else if (op === 2) {
            const d = ++desk;
            const r = await json(`${base}/api/update-setting`, { token, body: { name: 'Çökme Testi', companyname: 'Dayanıklı Kafe', address: 'Kadıköy', city: 34, tel: '05551112233', deskcount: d } });
            if (r.body?.status === 200) acked.deskcount = Math.max(acked.deskcount, d);
          } else {
            // every other view is at the branch's address: it counts for the account too
            const atBranch = n % 8 === 7;
            acked.viewsAttempted++; // counted before the request leaves: an answer the kill cut may still have been counted
            if (atBranch) acked.branchAttempted++;
            const r = await fetch(`${base}/qr/${atBranch ? branch.slug : slug}`, { redirect: 'manual' });
            await r.arrayBuffer();
            if (r.status === 200) acked.views++;
            if (r.status === 200 && atBranch) acked.branchViews++;
          }
        } catch {
          // connection cut by the kill: not acknowledged
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await sleep(150 + Math.random() * 600);
    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.once('exit', r));
    alive = false;
    await Promise.all(workers);
    server = await startServer(env, server.port);
  }
  await server.stop();
  // let the start-up sweep's grace period pass, then start once more (the sweep runs) and check
  await sleep(5_500);
  server = await startServer(env, server.port);

  const cats = (await json(`${server.url}/api/view-category`, { token })).body.category as Array<{ name: string; image: string | null }>;
  const prods = (await json(`${server.url}/api/view-product`, { token })).body.products as Array<{ name: string }>;
  const catNames = new Set(cats.map((c) => c.name));
  const prodNames = new Set(prods.map((p) => p.name));
  const lostCats = [...acked.categories].filter((n) => !catNames.has(n));
  const lostProds = [...acked.products].filter((n) => !prodNames.has(n));
  expect(lostCats).toEqual([]);
  expect(lostProds).toEqual([]);
  expect(acked.categories.size + acked.products.size).toBeGreaterThan(CYCLES);
  const s = (await json(`${server.url}/api/edit-setting`, { token })).body.settings;
  expect(Number(s.deskcount)).toBeGreaterThanOrEqual(acked.deskcount);
  // counted views: never fewer than acknowledged answers, never more than answers attempted
  expect(acked.views).toBeGreaterThan(0);
  expect(Number(s.count)).toBeGreaterThanOrEqual(acked.views);
  expect(Number(s.count)).toBeLessThanOrEqual(acked.viewsAttempted);
  // the branch's the same way, and its days (written in the same transaction) add up to its total
  const b = (await json(`${server.url}/api/dashboard?branch=${branch.id}`, { token })).body.dashboard;
  expect(acked.branchViews).toBeGreaterThan(0);
  expect(b.totalViews).toBeGreaterThanOrEqual(acked.branchViews);
  expect(b.totalViews).toBeLessThanOrEqual(acked.branchAttempted);
  expect(b.days.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(b.totalViews);
  await server.stop();

  // rows ↔ files
  const uploads = path.join(dataDir, 'uploads');
  const files = new Set(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);
  const referenced = new Set<string>();
  for (const c of cats) {
    if (!c.image) continue;
    const base = path.basename(c.image, '.webp');
    for (const f of [`${base}.webp`, `${base}-md.webp`, `${base}-sm.webp`, `${base}-xs.webp`]) {
      expect(files.has(f), `file ${f} of a category row`).toBe(true);
      referenced.add(f);
    }
  }
  expect([...files].filter((f) => !referenced.has(f))).toEqual([]);

  if (!databaseUrl) {
    const db = new SQLite(path.join(dataDir, 'qrmenu.sqlite'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  }
  return acked;
}

describe('crash durability (SIGKILL during writes)', () => {
  it('SQLite keeps every acknowledged write', async () => {
    const acked = await run(undefined);
    console.log(`SQLite: ${acked.categories.size} categories, ${acked.products.size} products, deskcount ${acked.deskcount}, ${acked.views} views acknowledged (${acked.viewsAttempted} attempted; at the branch ${acked.branchViews} of ${acked.branchAttempted}) after ${CYCLES} kills`);
  });
  it('PostgreSQL keeps every acknowledged write', async () => {
    const url = await pgDatabase();
    if (!url) throw new Error(`PostgreSQL not reachable at ${PG_BASE}`);
    const acked = await run(url);
    console.log(`PostgreSQL: ${acked.categories.size} categories, ${acked.products.size} products, ${acked.views} views acknowledged (${acked.viewsAttempted} attempted; at the branch ${acked.branchViews} of ${acked.branchAttempted}) after ${CYCLES} kills`);
  });
});
