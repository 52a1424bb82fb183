import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { addCategory, adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';
import sitemapRoutes, { planParts } from './sitemap.routes.js';

/** GET /robots.txt and GET /sitemap.xml (and its parts), on a real database (SQLite or PostgreSQL). */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
let P: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};
const BASE = 'http://qr.test';

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
/** Every `<loc>` of a sitemap. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
/** The `<url>` entry of `loc`. */
const entry = (xml: string, loc: string) => xml.split('<url>').find((u) => u.startsWith(`<loc>${loc.replace(/&/g, '&amp;')}</loc>`));
const alternates = (u: string) => Object.fromEntries([...u.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Çınar Kafe');
  B = await createBusiness(t.app, 'Deniz Balık');
  P = await createBusiness(t.app, 'Kapalı Lokanta');
  const en = await t.app.inject({
    method: 'POST', url: '/api/update-setting', headers: bearer(A.token),
    payload: { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8, languages: ['en', 'ar'] },
  });
  expect(en.json().status).toBe(200);
  ids.a1 = (await addCategory(t.app, A.token, { name: 'Kahvaltı' })).id;
  ids.a2 = (await addCategory(t.app, A.token, { name: 'İçecekler' })).id;
  ids.a3 = (await addCategory(t.app, A.token, { name: 'Gizli', status: '0' })).id;
  ids.b1 = (await addCategory(t.app, B.token, { name: 'Balıklar' })).id;
  ids.p1 = (await addCategory(t.app, P.token, { name: 'Çorbalar' })).id;
  const admin = await createAdmin(t.app);
  await adminUpdateBusiness(t.app, admin.token, P.userId, { status: 0 });
});
afterAll(async () => t.close());

describe('GET /robots.txt', () => {
  it('allows the menus, closes the owner and admin areas and the API, names the sitemap at PUBLIC_URL', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const l of ['Allow: /qr/', 'Disallow: /user', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${BASE}/sitemap.xml`]) expect(lines).toContain(l);
    expect(res.body).not.toContain('<html');
    expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every active business: landing, category list and active categories, absolute', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(true);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const all = locs(res.body);
    for (const path of [`/qr/${B.slug}`, `/qr/${B.slug}/category`, `/qr/${B.slug}/category/${ids.b1}`, `/qr/${A.slug}`, `/qr/${A.slug}/category`, `/qr/${A.slug}/category/${ids.a1}`, `/qr/${A.slug}/category/${ids.a2}`]) {
      expect(all, path).toContain(`${BASE}${path}`);
    }
    expect(all.every((l) => l.startsWith(`${BASE}/qr/`))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('is sent compressed when asked (streamed through gzip/brotli), the same document', async () => {
    const plain = (await get('/sitemap.xml')).body;
    const gz = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=3600');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain);
  });

  it('leaves out passive businesses and passive categories', async () => {
    const xml = (await get('/sitemap.xml')).body;
    expect(xml).not.toContain(`/qr/${P.slug}`);
    expect(xml).not.toContain(`/category/${ids.p1}`);
    expect(xml).not.toContain(`/category/${ids.a3}`);
  });

  it('each language of a menu is an entry naming all of them (hreflang, x-default Turkish); a Turkish-only menu has none', async () => {
    const xml = (await get('/sitemap.xml')).body;
    for (const path of [`/qr/${A.slug}`, `/qr/${A.slug}/category`, `/qr/${A.slug}/category/${ids.a2}`]) {
      const expected = { tr: `${BASE}${path}`, en: `${BASE}${path}?lang=en`, ar: `${BASE}${path}?lang=ar`, 'x-default': `${BASE}${path}` };
      for (const loc of [`${BASE}${path}`, `${BASE}${path}?lang=en`, `${BASE}${path}?lang=ar`]) {
        const u = entry(xml, loc);
        expect(u, loc).toBeDefined();
        expect(alternates(u!), loc).toEqual(expected);
      }
    }
    expect(locs(xml)).not.toContain(`${BASE}/qr/${A.slug}?lang=de`);
    expect(entry(xml, `${BASE}/qr/${B.slug}`)).not.toContain('xhtml:link');
    expect(locs(xml)).not.toContain(`${BASE}/qr/${B.slug}?lang=en`);
    // A: 4 pages × 3 languages; B: 3 pages
    expect(locs(xml)).toHaveLength(4 * 3 + 3);
  });

  it('follows the business: a category turned passive, a business made passive again or active leave or join it', async () => {
    const admin = await createAdmin(t.app);
    await adminUpdateBusiness(t.app, admin.token, B.userId, { status: 0 });
    expect((await get('/sitemap.xml')).body).not.toContain(`/qr/${B.slug}`);
    await adminUpdateBusiness(t.app, admin.token, B.userId, { status: 1 });
    expect(locs((await get('/sitemap.xml')).body)).toContain(`${BASE}/qr/${B.slug}`);
  });
});

describe('the sitemap is cached', () => {
  it('is made once and served from memory until an edit, then made again with the change', async () => {
    const first = (await get('/sitemap.xml')).body;
    const hits = t.app.menuCache.stats().hits;
    const misses = t.app.menuCache.stats().misses;
    const reads = vi.spyOn(t.db, 'selectFrom'); // counts the queries, each still runs
    try {
      expect((await get('/sitemap.xml')).body).toBe(first);
      expect((await get('/sitemap.xml')).body).toBe(first);
      expect(reads).not.toHaveBeenCalled(); // not a single query: served from memory
    } finally {
      reads.mockRestore();
    }
    expect(t.app.menuCache.stats().hits).toBe(hits + 2);
    expect(t.app.menuCache.stats().misses).toBe(misses);
    // an edit of a business (a new category) ends it: the next request has the new page
    const c = await addCategory(t.app, A.token, { name: 'Mezeler' });
    const rebuilt = vi.spyOn(t.db, 'selectFrom');
    const after = (await get('/sitemap.xml')).body;
    expect(rebuilt).toHaveBeenCalled(); // read again from the database
    rebuilt.mockRestore();
    expect(locs(after)).toContain(`${BASE}/qr/${A.slug}/category/${c.id}`);
    expect(t.app.menuCache.stats().misses).toBe(misses + 1);
  });

  it('concurrent requests after an edit share one build', async () => {
    await addCategory(t.app, A.token, { name: 'Tatlılar' });
    const joined = t.app.menuCache.stats().joined;
    const bodies = await Promise.all(Array.from({ length: 8 }, () => get('/sitemap.xml')));
    expect(new Set(bodies.map((b) => b.body)).size).toBe(1);
    expect(t.app.menuCache.stats().joined).toBeGreaterThanOrEqual(joined + 7);
  });
});

describe('a sitemap index above the limit', () => {
  it('splits by business, each part within the limit, and the parts together list every entry once', async () => {
    // the same routes on the same database with a limit of 10 entries (the real one is 50,000)
    const small = Fastify();
    small.decorate('db', t.db);
    small.decorate('config', t.config);
    await small.register(sitemapRoutes, { maxUrls: 10 });
    await small.ready();
    try {
      const full = locs((await get('/sitemap.xml')).body).sort();
      const index = await small.inject({ url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const parts = locs(index.body);
      expect(parts.length).toBeGreaterThanOrEqual(2);
      const seen: string[] = [];
      for (const part of parts) {
        expect(part).toMatch(new RegExp(`^${BASE}/sitemap/\\d+-\\d+\\.xml$`));
        const res = await small.inject({ url: part.slice(BASE.length) });
        expect(res.statusCode).toBe(200);
        const l = locs(res.body);
        // a business bigger than the limit alone fills a part (A: 12 entries)
        if (l.length > 10) expect(new Set(l.map((u) => /\/qr\/([^/?]+)/.exec(u)![1])).size).toBe(1);
        seen.push(...l);
      }
      expect(seen.sort()).toEqual(full);
      expect((await small.inject({ url: '/sitemap/abc.xml' })).statusCode).toBe(404);
      expect((await small.inject({ url: '/sitemap/9-1.xml' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('planParts keeps each part within the limit without splitting a business', () => {
    const sizes = [
      { userId: 1, languages: 0, categories: 3 }, // 5
      { userId: 4, languages: 1, categories: 1 }, // 6
      { userId: 9, languages: 0, categories: 0 }, // 2
      { userId: 12, languages: 5, categories: 10 }, // 72
      { userId: 13, languages: 0, categories: 1 }, // 3
    ];
    expect(planParts(sizes, 10)).toEqual([{ from: 1, to: 1 }, { from: 4, to: 9 }, { from: 12, to: 12 }, { from: 13, to: 13 }]);
    expect(planParts(sizes, 50_000)).toEqual([{ from: 1, to: 13 }]);
    expect(planParts([], 10)).toEqual([]);
  });
});
