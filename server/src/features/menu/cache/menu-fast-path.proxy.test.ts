import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../../test/menu-helpers.js';

/**
 * Behind a load balancer: the fast path and the Fastify route answer byte for byte the same
 * (status, header lines in order, body; Date aside), with and without X-Forwarded-* headers, with
 * TRUST_PROXY on and off. HSTS only when the trusted protocol (the last X-Forwarded-Proto entry) is https.
 */
type Answer = { status: number; headers: string[]; body: Buffer };

const PHONE = [
  'User-Agent', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'Accept-Language', 'tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7',
  'Accept-Encoding', 'gzip, deflate, br',
];
/** [name, raw header list, the protocol a trusting Fastify reads] */
const CASES: Array<[string, string[], 'http' | 'https']> = [
  ['no proxy', ['Accept-Encoding', 'br'], 'http'],
  ['phone behind a TLS load balancer', [...PHONE, 'X-Forwarded-For', '203.0.113.7', 'X-Forwarded-Proto', 'https'], 'https'],
  ['plain HTTP through the proxy', [...PHONE, 'X-Forwarded-For', '203.0.113.7', 'X-Forwarded-Proto', 'http'], 'http'],
  ['proxy chain, last entry https', ['X-Forwarded-For', '203.0.113.7, 10.0.0.2', 'X-Forwarded-Proto', 'http, https'], 'https'],
  ['proxy chain, last entry http', ['Accept-Encoding', 'gzip', 'X-Forwarded-Proto', 'https, http'], 'http'],
  ['two header lines', ['x-forwarded-proto', 'http', 'X-FORWARDED-PROTO', 'https'], 'https'],
  ['upper case HTTPS', ['X-Forwarded-Proto', 'HTTPS'], 'http'],
  ['empty X-Forwarded-Proto', ['X-Forwarded-Proto', ''], 'http'],
];

for (const trustProxy of [false, true]) {
  describe(`fast path and Fastify route, TRUST_PROXY=${trustProxy}`, () => {
    let t: TestApp;
    let base: URL;
    let paths: string[];

    beforeAll(async () => {
      t = await buildTestApp({ config: { trustProxy } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = t.app.server.address();
      base = new URL(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
      const biz = await createBusiness(t.app, 'Vekil Kafe');
      const categoryId = (await addCategory(t.app, biz.token, { name: 'Tatlılar' })).id;
      await addProduct(t.app, biz.token, categoryId, { name: 'Künefe', selling_price: '145.5', description: 'Antep fıstıklı'.repeat(40) });
      paths = [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`, `/qr/${biz.slug}/category/${categoryId}`, `/api/getCategory/${biz.slug}`, `/api/getProduct/${categoryId}`];
    });
    afterAll(async () => t?.close());

    const rawGet = (path: string, raw: string[]) =>
      new Promise<Answer>((resolve, reject) => {
        const req = http.request(new URL(path, base), { headers: ['Host', base.host, ...raw], agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: string[] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              if (!['date', 'connection', 'keep-alive'].includes(res.rawHeaders[i].toLowerCase())) headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
            }
            resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
          });
        });
        req.on('error', reject);
        req.end();
      });

    /** The route's answer (cache emptied first, so Fastify answers), then the fast path's. */
    async function both(path: string, raw: string[]): Promise<[Answer, Answer]> {
      await t.app.menuCache.bump();
      const fast0 = t.app.menuCache.stats().fastHits;
      const route = await rawGet(path, raw);
      expect(t.app.menuCache.stats().fastHits, 'the first answer came from Fastify').toBe(fast0);
      const fast = await rawGet(path, raw);
      expect(t.app.menuCache.stats().fastHits, 'the second answer came from the fast path').toBe(fast0 + 1);
      return [route, fast];
    }

    it.each(CASES)('%s: the same status, header lines and bytes', async (_name, raw, trustedProto) => {
      const hsts = trustProxy && trustedProto === 'https';
      for (const path of paths) {
        const [route, fast] = await both(path, raw);
        expect(route.status).toBe(200);
        expect(fast.status).toBe(route.status);
        expect(fast.headers, path).toEqual(route.headers);
        expect(fast.body.equals(route.body), path).toBe(true);
        expect(route.headers.some((h) => h.toLowerCase().startsWith('strict-transport-security:')), path).toBe(hsts);
      }
    });

    it.each(CASES)('%s: the same 304 to If-None-Match', async (_name, raw) => {
      for (const path of paths) {
        const etag = (await rawGet(path, [])).headers.find((h) => h.toLowerCase().startsWith('etag:'))!.slice(6);
        const [route, fast] = await both(path, [...raw, 'If-None-Match', etag]);
        expect(route.status).toBe(304);
        expect(fast.status).toBe(304);
        expect(fast.headers, path).toEqual(route.headers);
        expect(fast.body.length).toBe(0);
      }
    });
  });
}
