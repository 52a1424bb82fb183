import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../../test/menu-helpers.js';
import { sendForm } from '../../../../test/owner-helpers.js';
import { menuFastPath } from './menu-fast-path.js';

/**
 * The fast path only exists on a real socket (app.inject bypasses the HTTP server), so these tests
 * listen on a port and compare what a diner gets from Fastify (first request) and from the fast
 * path (the next ones). Behind a proxy: menu-fast-path.proxy.test.ts.
 */
let t: TestApp;
let base: string;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  biz = await createBusiness(t.app, 'Hızlı Yol Kafe');
  categoryId = (await addCategory(t.app, biz.token, { name: 'Tatlılar', description: 'Ev yapımı' })).id;
  await addProduct(t.app, biz.token, categoryId, { name: 'Künefe', selling_price: '145.5', description: 'Antep fıstıklı'.repeat(40) });
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: 'manual' });
/** A GET with headers exactly as given (names in any case, repeated lines): `raw` is flat, like `rawHeaders`. */
const rawGet = (path: string, raw: string[]) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(base + path, { headers: ['Host', new URL(base).host, ...raw] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
const headersOf = (res: Response) => {
  const h = Object.fromEntries(res.headers.entries());
  delete h.date;
  delete h['keep-alive'];
  delete h.connection;
  return h;
};
const views = async () => {
  await t.app.views.flush();
  const s = await t.db.selectFrom('settings').select('count').where('user_id', '=', biz.userId).executeTakeFirstOrThrow();
  const c = await t.db.selectFrom('categories').select('count').where('id', '=', categoryId).executeTakeFirstOrThrow();
  return { business: Number(s.count), category: Number(c.count) };
};

describe('menu fast path', () => {
  it('answers the same status, headers and bytes as Fastify, in every encoding, and counts every view', async () => {
    const before = await views();
    const paths = [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`, `/qr/${biz.slug}/category/${categoryId}`, `/api/getCategory/${biz.slug}`, `/api/getProduct/${categoryId}`];
    for (const path of paths) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const fastBefore = t.app.menuCache.stats().fastHits;
        const first = await get(path, { 'accept-encoding': accept });
        const firstBody = Buffer.from(await first.arrayBuffer());
        const second = await get(path, { 'accept-encoding': accept });
        const secondBody = Buffer.from(await second.arrayBuffer());
        expect(t.app.menuCache.stats().fastHits, `${path} ${accept}: the second answer came from the fast path`).toBeGreaterThan(fastBefore);
        expect(second.status).toBe(first.status);
        expect(headersOf(second), `${path} ${accept}`).toEqual(headersOf(first));
        expect(secondBody.equals(firstBody)).toBe(true);
        expect(second.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(second.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
    // fetch decodes br/gzip itself: check the bytes are really what they claim
    const raw = await get(`/qr/${biz.slug}/category/${categoryId}`, { 'accept-encoding': 'br' });
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(await raw.text()).toContain('Künefe');

    const after = await views();
    // business views: /qr/{slug} and getCategory, 3 encodings × 2 requests each; category views: page + getProduct, same, + the raw check
    expect(after.business - before.business).toBe(2 * 3 * 2);
    expect(after.category - before.category).toBe(2 * 3 * 2 + 1);
  });

  it('a failing answer does not stop the others: each is written once its turn\'s views are journaled, its view counted before', async () => {
    const path = `/api/getCategory/${biz.slug}`;
    await (await get(path)).arrayBuffer(); // cached: the next ones take the fast path
    const handle = menuFastPath(t.app);
    const events: string[] = [];
    const req = { method: 'GET', url: path, rawHeaders: ['Accept-Encoding', 'br'], socket: {} } as unknown as http.IncomingMessage;
    const res = (i: number) =>
      ({
        writeHead: () => {
          if (i === 1) throw new Error('socket gone');
          events.push(`head ${i}`);
        },
        end: () => events.push(`end ${i}`),
      }) as unknown as http.ServerResponse;
    const pending = t.app.views.pending();
    expect(handle(req, res(0))).toBe(true);
    expect(handle(req, res(1))).toBe(true); // group commit: answers leave after this turn's one journal write
    expect(handle(req, res(2))).toBe(true);
    expect(events).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['head 0', 'end 0', 'head 2', 'end 2']); // 'socket gone' stopped only answer 1
    expect(t.app.views.pending()).toBe(pending + 3);
  });

  it('answers 304 to a matching If-None-Match and counts it as a view (the diner opened the menu again)', async () => {
    const path = `/qr/${biz.slug}/category/${categoryId}`;
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const before = await views();
    const fastBefore = t.app.menuCache.stats().fastHits;
    const res = await get(path, { 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(t.app.menuCache.stats().fastHits).toBe(fastBefore + 1);
    expect(await views()).toEqual({ business: before.business, category: before.category + 1 });
  });

  it('reads Accept-Encoding and If-None-Match in any case and joins repeated lines, as Fastify does', async () => {
    const path = `/qr/${biz.slug}/category/${categoryId}`;
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const fast = () => t.app.menuCache.stats().fastHits;

    let before = fast();
    // two lines: "identity" then "br" → "identity, br" → brotli
    const br = await rawGet(path, ['ACCEPT-ENCODING', 'identity', 'Accept-Encoding', 'br']);
    expect(fast()).toBe(before + 1);
    expect(br.headers['content-encoding']).toBe('br');

    before = fast();
    // the matching tag on the second line still matches
    const notModified = await rawGet(path, ['If-None-Match', '"eski"', 'IF-NONE-MATCH', etag]);
    expect(fast()).toBe(before + 1);
    expect(notModified.status).toBe(304);
    const modified = await rawGet(path, ['If-None-Match', '"eski"']);
    expect(modified.status).toBe(200);
  });

  it("never serves an owner's edit late: the next request after the edit shows it", async () => {
    const path = `/qr/${biz.slug}/category`;
    for (let i = 0; i < 5; i++) {
      await (await get(path)).text();
      await (await get(path)).text(); // now on the fast path
      const name = `Tatlılar ${i}`;
      const res = await sendForm(t.app, `/api/update-category/${categoryId}`, biz.token, { name, description: 'Ev yapımı', status: '1' });
      expect(res.json().status).toBe(200);
      expect(await (await get(path)).text()).toContain(name);
    }
  });

  it('leaves HEAD and other spellings of the address (query string, case, percent-encoding, trailing slash) to Fastify', async () => {
    const path = `/qr/${biz.slug}/category`;
    const canonical = await (await get(path)).text();
    const fast = t.app.menuCache.stats().fastHits;
    const upper = path.replace('/qr/h', '/qr/H');
    const encoded = path.replace('/qr/h', '/qr/%68');
    for (const other of [`${path}?utm=qr`, upper, encoded, `${path}/`]) {
      const res = await get(other);
      expect(res.status, other).toBe(200);
      expect(await res.text(), other).toBe(canonical);
    }
    await (await fetch(base + path, { method: 'HEAD' })).text();
    expect(t.app.menuCache.stats().fastHits).toBe(fast);
  });

  it('a passive business is not served from the fast path after the admin sets it passive', async () => {
    const path = `/api/getCategory/${biz.slug}`;
    await (await get(path)).text();
    expect((await (await get(path)).json()).status).toBe(200);
    const admin = await import('../../../../test/helpers.js').then((h) => h.createAdmin(t.app));
    const current = (await t.app.inject({ url: `/api/edit-user/${biz.userId}`, headers: bearer(admin.token) })).json().user;
    const upd = await t.app.inject({ method: 'POST', url: `/api/update-user/${biz.userId}`, headers: bearer(admin.token), payload: { ...current, status: 0 } });
    expect(upd.json().status, upd.body).toBe(200);
    expect((await (await get(path)).json()).status).toBe(404);
  });
});
