import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * One Redis client per role (issue 40 item 5): a process with REDIS_URL holds exactly two Redis
 * connections, named `qrmenu-<pid>-cmd` and `qrmenu-<pid>-sub` (platform/redis.ts), however many
 * features use Redis: rate limits, the diner counters, the menu cache's invalidation, the tables'
 * and orders' live events. The subscriber carries every feature's channels; both close on SIGTERM.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let server: ServerProcess;
let dataDir: string;
let admin: Redis;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-redis-conns-'));
  server = await startServer({ DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '', RATE_LIMIT_REGISTER: '1000' });
  admin = new Redis(REDIS_URL);
});
afterAll(async () => {
  await server?.stop();
  await admin?.quit();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The process's connections as Redis sees them: `CLIENT LIST` rows whose name carries its pid. */
async function connectionsOf(pid: number) {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  return list
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split(' ').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])))
    .filter((c) => c.name?.startsWith(`qrmenu-${pid}-`));
}

describe('Redis connections of one process', () => {
  it('exactly two (one client, one subscriber for every channel) after every Redis-using feature ran, none after shutdown', async () => {
    const pid = server.proc.pid!;
    // touch every feature that uses Redis: registration (rate limit), a failed sign-in (login
    // throttle counters), an owner edit (menu cache bump over the channel), the menu, a waiter call
    const email = `baglanti${Date.now()}@example.com`;
    const token = (await json(`${server.url}/api/register`, { body: { name: 'Bağlantı Testi', email, password: 'dogru-sifre-1' } })).body.token as string;
    expect(token).toBeTruthy();
    expect((await json(`${server.url}/api/login`, { body: { email, password: 'yanlis-sifre-1' } })).body.status).not.toBe(200);
    const settings = await json(`${server.url}/api/update-setting`, { token, body: { name: 'B T', companyname: 'Bağlantı Kafe', city: 34, tel: '02125550000', deskcount: 10 } });
    const slug = settings.body.settings.companyengname as string;
    const fd = new FormData();
    fd.append('name', 'Tatlılar');
    fd.append('status', '1');
    const created = await fetch(`${server.url}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
    expect(created.status).toBe(200);
    expect((await json(`${server.url}/api/getCategory/${slug}`)).body.category[0].name).toBe('Tatlılar');
    expect((await fetch(`${server.url}/qr/${slug}`)).status).toBe(200);
    expect((await json(`${server.url}/api/call-waiter/${slug}`, { body: { masa: 3, type: 'garson' } })).body.status).toBe(200);
    const live = new AbortController();
    const stream = await fetch(`${server.url}/api/waiter-calls/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: live.signal });
    expect(stream.status).toBe(200);

    const conns = await connectionsOf(pid);
    expect(conns.map((c) => c.name).sort()).toEqual([`qrmenu-${pid}-cmd`, `qrmenu-${pid}-sub`]);
    const sub = conns.find((c) => c.name.endsWith('-sub'))!;
    const cmd = conns.find((c) => c.name.endsWith('-cmd'))!;
    // the subscriber holds every feature's channels: the tables' live events, the menu cache's bump and confirmation
    expect(Number(sub.sub)).toBe(3);
    expect(Number(cmd.sub)).toBe(0);
    live.abort();

    await server.stop();
    const deadline = Date.now() + 5_000;
    while ((await connectionsOf(pid)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await connectionsOf(pid)).toEqual([]);
  });
});
