import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * With REDIS_URL, an edit made through one process invalidates the public menu cache of the
 * others before the editor gets its answer: the next request to any process shows the edit.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ADMIN_EMAIL = 'yonetici@example.com';
const ADMIN_PASSWORD = 'yonetici-sifre-1';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-cache-redis-'));
  const env = { DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '', RATE_LIMIT_REGISTER: '1000', ADMIN_EMAIL, ADMIN_PASSWORD };
  a = await startServer(env);
  b = await startServer(env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
      // B caches the current name (twice: the second answer comes from its cache)
      for (let k = 0; k < 2; k++) expect((await json(`${b.url}/api/getCategory/${slug}`)).body.category[0].name).toBe(`Ad ${i - 1}`);
      const page = await fetch(`${b.url}/qr/${slug}/category`);
      expect(await page.text()).toContain(`Ad ${i - 1}`);
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
});
