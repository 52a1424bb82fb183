import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * With REDIS_URL, an edit made through one process invalidates the public menu cache of the
 * others before the editor gets its answer: the next request to any process shows the edit.
 * That B answers from its cache is shown by a change written straight into the database (no
 * process hears of it): B keeps its cached answer. B reaches Redis through a proxy the test can
 * cut: while its subscription is down, B caches nothing.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN_EMAIL = 'yonetici@example.com';
const ADMIN_PASSWORD = 'yonetici-sifre-1';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;
let db: SQLite.Database;

/** A TCP proxy to Redis for B; `cut()` drops its connections and refuses new ones until `restore()`. */
const proxy = (() => {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    server,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
  };
})();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-cache-redis-'));
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `redis://127.0.0.1:${(proxy.server.address() as net.AddressInfo).port}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', RATE_LIMIT_REGISTER: '1000', ADMIN_EMAIL, ADMIN_PASSWORD };
  a = await startServer({ ...env, REDIS_URL });
  b = await startServer({ ...env, REDIS_URL: proxyUrl });
  db = new SQLite(path.join(dataDir, 'qrmenu.sqlite'));
  db.pragma('busy_timeout = 5000');
});
afterAll(async () => {
  db?.close();
  await a?.stop();
  await b?.stop();
  proxy.cut();
  proxy.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Renames a category in the database behind every process's back (no invalidation). */
const renameBehindTheirBack = (id: number, name: string) => db.prepare('update categories set name = ? where id = ?').run(name, id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('menu cache across two processes sharing Redis', () => {
  it('an owner edit on A shows at once on B, many times in a row', async () => {
    const email = `cache${Date.now()}@example.com`;
    const reg = await json(`${a.url}/api/register`, { body: { name: 'Önbellek Testi', email, password: 'dogru-sifre-1' } });
    expect(reg.body.status).toBe(200);
    const token = (await json(`${a.url}/api/login`, { body: { email, password: 'dogru-sifre-1' } })).body.token as string;
    const settings = await json(`${a.url}/api/update-setting`, { token, body: { name: 'Ö T', companyname: 'Redis Kafe', city: 34, tel: '02125550000' } });
    const slug = settings.body.settings.companyengname as string;
    const form = (fields: Record<string, string>) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      return fd;
    };
    const created = await fetch(`${a.url}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form({ name: 'Ad 0', status: '1' }) });
    const categoryId = ((await created.json()) as { category: { id: number } }).category.id;

    for (let i = 1; i <= 20; i++) {
      // B caches the current name; a change no process hears of does not reach B's answers: B serves from its cache
      for (let k = 0; k < 2; k++) expect((await json(`${b.url}/api/getCategory/${slug}`)).body.category[0].name).toBe(`Ad ${i - 1}`);
      expect(await (await fetch(`${b.url}/qr/${slug}/category`)).text()).toContain(`Ad ${i - 1}`);
      renameBehindTheirBack(categoryId, 'Habersiz');
      expect((await json(`${b.url}/api/getCategory/${slug}`)).body.category[0].name).toBe(`Ad ${i - 1}`);
      expect(await (await fetch(`${b.url}/qr/${slug}/category`)).text()).toContain(`Ad ${i - 1}`);
      const res = await fetch(`${a.url}/api/update-category/${categoryId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form({ name: `Ad ${i}`, status: '1' }) });
      expect(((await res.json()) as { status: number }).status).toBe(200);
      expect((await json(`${b.url}/api/getCategory/${slug}`)).body.category[0].name).toBe(`Ad ${i}`);
      expect(await (await fetch(`${b.url}/qr/${slug}/category`)).text()).toContain(`Ad ${i}`);
    }
  });

  it("an administrator's edit on A (which ends every business's answers) shows at once on B", async () => {
    const email = `cache-admin${Date.now()}@example.com`;
    const token = (await json(`${a.url}/api/register`, { body: { name: 'Yönetilen', email, password: 'dogru-sifre-1' } })).body.token as string;
    const slug = (await json(`${a.url}/api/update-setting`, { token, body: { name: 'Y K', companyname: 'Yönetilen Kafe', city: 6, tel: '03125550000' } })).body.settings.companyengname as string;
    const adminToken = (await json(`${a.url}/api/login`, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.token as string;
    const users = (await json(`${a.url}/api/view-user`, { token: adminToken })).body.users as Array<{ user_id: number; email: string }>;
    const userId = users.find((u) => u.email === email)!.user_id;
    const setStatus = async (status: string) => {
      const u = (await json(`${a.url}/api/edit-user/${userId}`, { token: adminToken })).body.user;
      const fields = { name: u.name, companyname: u.companyname, address: u.address, tel: u.tel, deskcount: u.deskcount, city: u.city, qrlink: u.qrlink, companyengname: u.companyengname, count: u.count, qr_status: u.qr_status, userlevel: u.userlevel };
      expect((await json(`${a.url}/api/update-user/${userId}`, { token: adminToken, body: { ...fields, status } })).body.status).toBe(200);
    };
    for (let i = 0; i < 5; i++) {
      // B caches the open menu (the second answer comes from its cache), A's administrator closes it
      for (let k = 0; k < 2; k++) expect((await fetch(`${b.url}/qr/${slug}/category`)).status).toBe(200);
      await setStatus('0');
      expect((await fetch(`${b.url}/qr/${slug}/category`)).status).toBe(404);
      await setStatus('1');
    }
  });

  it('while its Redis subscription is down B caches nothing, and caches again once it is back', async () => {
    const email = `cache-down${Date.now()}@example.com`;
    const token = (await json(`${a.url}/api/register`, { body: { name: 'Kesinti', email, password: 'dogru-sifre-1' } })).body.token as string;
    const slug = (await json(`${a.url}/api/update-setting`, { token, body: { name: 'K T', companyname: 'Kesinti Kafe', city: 35, tel: '02325550000' } })).body.settings.companyengname as string;
    const fd = new FormData();
    fd.append('name', 'Önce');
    fd.append('status', '1');
    const categoryId = ((await (await fetch(`${a.url}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { category: { id: number } }).category.id;
    const nameOnB = async () => (await json(`${b.url}/api/getCategory/${slug}`)).body.category[0].name as string;

    // up: B caches
    expect(await nameOnB()).toBe('Önce');
    renameBehindTheirBack(categoryId, 'Habersiz');
    expect(await nameOnB()).toBe('Önce');

    proxy.cut();
    await sleep(300); // B notices the closed connection
    for (let i = 0; i < 5; i++) {
      renameBehindTheirBack(categoryId, `Kesinti ${i}`);
      expect(await nameOnB()).toBe(`Kesinti ${i}`);
      expect(await nameOnB()).toBe(`Kesinti ${i}`); // asked twice: still read from the database
    }

    proxy.restore();
    // once B has subscribed again, it caches again: a rename behind its back no longer shows, B
    // answers what it answered last (the subscription may come back between any two reads, so the
    // answer cached is whichever B gave last)
    let cachedAgain = false;
    let lastAnswer = 'Kesinti 4';
    for (let n = 0; n < 100 && !cachedAgain; n++) {
      renameBehindTheirBack(categoryId, `Geri ${n}`);
      const seen = await nameOnB();
      cachedAgain = seen === lastAnswer;
      if (!cachedAgain) {
        expect(seen).toBe(`Geri ${n}`);
        lastAnswer = seen;
        await sleep(100);
      }
    }
    expect(cachedAgain).toBe(true);
  });
});
