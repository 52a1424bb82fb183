import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/** With REDIS_URL, the sign-in limits hold across several server processes. */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys('qrmenu:*');
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-redis-'));
  const env = { DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '' };
  a = await startServer(env);
  b = await startServer(env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-in throttling across two processes sharing Redis', () => {
  it('failures on A and B add up: the 6th gets HTTP 429 on either', async () => {
    const email = `redis${Date.now()}@example.com`;
    const reg = await json(`${a.url}/api/register`, { body: { name: 'Redis Testi', email, password: 'dogru-sifre-1' } });
    expect(reg.body.status).toBe(200);
    const fail = (s: ServerProcess) => json(`${s.url}/api/login`, { body: { email, password: 'yanlis' } });
    for (const s of [a, b, a, b, a]) expect((await fail(s)).body.status).toBe(401);
    const sixth = await fail(b);
    expect(sixth.http).toBe(429);
    expect(sixth.body.status).toBe(429);
    expect((await fail(a)).http).toBe(429);
  });
});
