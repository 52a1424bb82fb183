import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { WEB_DIST } from './static.routes.js';

/**
 * The built web app (npm test builds it before the API suite): the SPA's routes answer its
 * index.html, never cached; hashed assets are cached for a year and sent precompressed; anything
 * else outside the API gets the SPA's 404 page with HTTP 404. Whatever the client sends —
 * curl and uptime monitors send no Accept-Encoding, and HEAD.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const asset = () => fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => /^index-.*\.js$/.test(f))!;

describe('GET / and the SPA routes', () => {
  it('answers / with the web app, with or without Accept-Encoding, for GET and HEAD', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br, gzip' }]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url: '/', headers });
        expect(res.statusCode, `${method} / ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        if (method === 'GET') {
          const enc = res.headers['content-encoding'];
          const body = enc === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
          expect(body.toString('utf8')).toContain('<div id="root">');
        }
      }
    }
  });

  it('answers every SPA route of the spec with the web app', async () => {
    for (const url of ['/login', '/register', '/kayit', '/iletisim', '/gizlilik-politikasi', '/kullanim-sozlesmesi', '/user', '/user/categories', '/admin/users/edit-user/3']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers the error pages /403 and /404 with the web app and their own status', async () => {
    for (const [url, status] of [['/403', 403], ['/404', 404], ['/404/', 404], ['/403?x=1', 403]] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers unknown pages and directories with the SPA and HTTP 404, and unknown API paths with JSON 404', async () => {
    for (const url of ['/boyle-bir-sayfa-yok', '/assets/', '/assets', '/uploads/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const api = await t.app.inject({ url: '/api/boyle-bir-yol-yok' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(404);
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const url = `/assets/${asset()}`;
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(Number(br.headers['content-length']));
  });
});
