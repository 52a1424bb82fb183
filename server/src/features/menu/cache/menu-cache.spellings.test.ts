import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../../test/menu-helpers.js';
import { menuFastPath } from './menu-fast-path.js';

/**
 * Hostile addresses: 200,000 distinct spellings of existing menu addresses (case, percent-encoding,
 * query strings, a trailing slash) leave the cache within MENU_CACHE_MB with one entry per menu,
 * and every menu is still answered correctly.
 */
const BUDGET_MB = 1;
const SPELLINGS = 200_000;
let t: TestApp;
let menus: Array<{ prefix: string; param: string; suffix: string }>;

beforeAll(async () => {
  t = await buildTestApp({ config: { menuCacheMb: BUDGET_MB } });
  const biz = await createBusiness(t.app, 'Çınar Kafe');
  const categoryId = (await addCategory(t.app, biz.token, { name: 'Tatlılar' })).id;
  await addProduct(t.app, biz.token, categoryId, { name: 'Künefe', selling_price: '145.5' });
  menus = [
    { prefix: '/qr/', param: biz.slug, suffix: '' },
    { prefix: '/qr/', param: biz.slug, suffix: '/category' },
    { prefix: '/qr/', param: biz.slug, suffix: `/category/${categoryId}` },
    { prefix: '/api/getCategory/', param: biz.slug, suffix: '' },
    { prefix: '/api/getProduct/', param: String(categoryId), suffix: '' },
  ];
});
afterAll(async () => t?.close());

const address = (m: (typeof menus)[number]) => m.prefix + m.param + m.suffix;

/** Spelling `i` of a menu address: the bits of `i` choose upper case or %XX per character of its slug or id, then a query string (after a trailing slash for odd `i`). */
function spelling(m: (typeof menus)[number], i: number): string {
  let bits = i;
  let out = '';
  for (const ch of m.param) {
    const b = bits & 3;
    bits >>= 2;
    if (b === 1 && /[a-z]/.test(ch)) out += ch.toUpperCase();
    else if (b === 2) out += `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
    else out += ch;
  }
  return `${m.prefix}${out}${m.suffix}${i % 2 ? '/' : ''}?n=${i}`;
}

describe('menu cache under many spellings of the same menus', () => {
  it(`${SPELLINGS.toLocaleString('en')} distinct spellings: the cache stays within its budget, one entry per menu, every answer right`, async () => {
    const canonical = new Map<string, string>();
    for (const m of menus) {
      const res = await t.app.inject({ url: address(m) });
      expect(res.statusCode).toBe(200);
      canonical.set(address(m), res.body);
    }
    const entries = t.app.menuCache.stats().entries;
    expect(entries).toBe(menus.length);

    const handle = menuFastPath(t.app);
    const res = { writeHead: () => res, end: () => res } as unknown as http.ServerResponse;
    const seen = new Set<string>();
    let served = 0;
    for (let i = 0; i < SPELLINGS; i++) {
      const m = menus[i % menus.length];
      const url = spelling(m, Math.floor(i / menus.length) + 1);
      seen.add(url);
      const req = { method: 'GET', url, rawHeaders: ['Accept-Encoding', 'br'], socket: {} } as unknown as http.IncomingMessage;
      if (handle(req, res)) served++;
      // every 500th goes through Fastify too: the same menu, no new entry
      if (i % 500 === 0) {
        const answer = await t.app.inject({ url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).toBe(canonical.get(address(m)));
      }
    }
    expect(seen.size).toBe(SPELLINGS);
    expect(served).toBe(0); // only the canonical address takes the fast path; nothing was indexed
    const s = t.app.menuCache.stats();
    expect(s.entries).toBe(entries);
    expect(s.bytes).toBeLessThanOrEqual(BUDGET_MB * 1024 * 1024);

    // and the canonical addresses still take the fast path
    for (const m of menus) {
      const req = { method: 'GET', url: address(m), rawHeaders: [], socket: {} } as unknown as http.IncomingMessage;
      expect(handle(req, res), address(m)).toBe(true);
    }
  });
});
