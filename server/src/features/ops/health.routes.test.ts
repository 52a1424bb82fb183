import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@qrmenu/contract';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import healthRoutes from './health.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers HTTP 200 with the database, Redis and the photo store as up/down (no REDIS_URL: off)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 200, message: 'OK', database: 'up', redis: 'off', storage: 'up' });
    // the write check leaves nothing behind
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('reports the local photo store down when DATA_DIR/uploads cannot be written, still HTTP 200', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, 'not a folder'); // as a full or read-only disk would, the write fails
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, database: 'up', storage: 'down' });
    } finally {
      fs.rmSync(uploads);
    }
  });

  it('uses the storage check it is given (an object store brings its own)', async () => {
    const app = Fastify();
    app.decorate('db', t.db).decorate('config', t.config).decorate('redis', null);
    let calls = 0;
    await app.register(healthRoutes, {
      storageCheck: async () => {
        calls++;
        throw new Error('bucket unreachable');
      },
    });
    try {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'OK', database: 'up', redis: 'off', storage: 'down' });
      expect(calls).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('answers HTTP 503 with a Turkish message when the database is down', async () => {
    const down = await buildTestApp();
    try {
      await down.db.destroy(); // every query now fails, as with a database that went away
      const res = await down.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: MSG.databaseDown, database: 'down', redis: 'off', storage: 'up' });
      expect(res.body).not.toMatch(/destroyed|SQLITE|pool|Kysely/i);
    } finally {
      await down.close().catch(() => undefined);
    }
  });

  it('reports Redis up with REDIS_URL, and down when it cannot be reached (HTTP 200: menus still work)', async () => {
    const up = await buildTestApp({ config: { redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
    try {
      for (let i = 0; i < 50 && up.app.redis?.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await up.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 200, database: 'up', redis: 'up' });
    } finally {
      await up.close();
    }
    const unreachable = await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const res = await unreachable.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, database: 'up', redis: 'down' });
    } finally {
      await unreachable.close();
    }
  });
});
