import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.js';
import { createBusiness } from '../../../../test/menu-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { menuCacheMb: 1 } });
});
afterAll(async () => t.close());

const body = (n: number) => async () => ({ statusCode: 200, contentType: 'text/plain', body: `${n}`.padEnd(20_000, '.'), cacheable: true });

describe('menu cache', () => {
  it('stays within MENU_CACHE_MB, evicting the least recently used entries', async () => {
    const cache = t.app.menuCache;
    for (let i = 0; i < 200; i++) await cache.resolve(`k${i}`, body(i));
    const s = cache.stats();
    expect(s.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(s.entries).toBeGreaterThan(5);
    expect(s.entries).toBeLessThan(200);
    // the newest entry is still there, the oldest is gone
    const misses = cache.stats().misses;
    await cache.resolve('k199', body(-1));
    expect(cache.stats().misses).toBe(misses);
    expect((await cache.resolve('k0', body(-2))).body.toString().startsWith('-2')).toBe(true);
  });

  it('does not store answers marked not cacheable (not-found pages: unbounded names)', async () => {
    const cache = t.app.menuCache;
    let n = 0;
    const compute = async () => ({ statusCode: 404, contentType: 'text/html', body: `${++n}`, cacheable: false });
    await cache.resolve('nf', compute);
    await cache.resolve('nf', compute);
    expect(n).toBe(2);
  });

  it('honours Accept-Encoding preferences and q=0', async () => {
    const b = await createBusiness(t.app, 'Kodlama Kafe');
    const url = `/qr/${b.slug}`;
    const enc = async (accept: string) => (await t.app.inject({ url, headers: { 'accept-encoding': accept } })).headers['content-encoding'];
    expect(await enc('br;q=0, gzip')).toBe('gzip');
    expect(await enc('br;q=0, gzip')).toBe('gzip'); // the same header again (parsed once, remembered)
    expect(await enc('gzip;q=0, deflate')).toBeUndefined();
    expect(await enc('identity')).toBeUndefined();
    expect(await enc('deflate, gzip;q=0.5, br;q=0.8')).toBe('br');
  });

  it('concurrent misses of one key share one computation', async () => {
    const cache = t.app.menuCache;
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      computed++;
      await gate;
      return { statusCode: 200, contentType: 'text/plain', body: `sayfa ${computed}`, cacheable: true };
    };
    const joinedBefore = cache.stats().joined;
    const waiting = Array.from({ length: 20 }, () => cache.resolve('stampede', compute));
    release();
    const answers = await Promise.all(waiting);
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set(['sayfa 1']));
    expect(cache.stats().joined - joinedBefore).toBe(19);
    // stored: the next request is a hit
    expect((await cache.resolve('stampede', compute)).body.toString()).toBe('sayfa 1');
    expect(computed).toBe(1);
  });

  it('a request after an edit does not wait for a computation started before it', async () => {
    const cache = t.app.menuCache;
    let version = 'eski';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      const seen = version;
      await gate;
      return { statusCode: 200, contentType: 'text/plain', body: seen, cacheable: true };
    };
    const before = cache.resolve('edited', slow);
    version = 'yeni';
    await cache.bump();
    const after = cache.resolve('edited', async () => ({ statusCode: 200, contentType: 'text/plain', body: version, cacheable: true }));
    release();
    expect((await after).body.toString()).toBe('yeni');
    expect((await before).body.toString()).toBe('eski');
    // the answer read before the edit was not stored
    expect((await cache.resolve('edited', slow)).body.toString()).toBe('yeni');
  });

  it("a bump of one business ends its answers and those of no business, and only those", async () => {
    const cache = t.app.menuCache;
    let n = 0;
    const answer = (business?: number) => async () => ({ statusCode: 200, contentType: 'text/plain', body: `${++n}`, business, cacheable: true });
    const first = {
      b1: (await cache.resolve('s:b1', answer(1))).body.toString(),
      b2: (await cache.resolve('s:b2', answer(2))).body.toString(),
      none: (await cache.resolve('s:none', answer())).body.toString(),
    };
    await cache.bump(1);
    expect((await cache.resolve('s:b1', answer(1))).body.toString()).not.toBe(first.b1);
    expect((await cache.resolve('s:b2', answer(2))).body.toString()).toBe(first.b2);
    expect((await cache.resolve('s:none', answer())).body.toString()).not.toBe(first.none);
    const b2 = (await cache.resolve('s:b2', answer(2))).body.toString();
    await cache.bump(); // everything
    expect((await cache.resolve('s:b2', answer(2))).body.toString()).not.toBe(b2);
  });

  it("a reader of a business never stores what it read before that business's edit; another business's reader does", async () => {
    const cache = t.app.menuCache;
    let calls = 0;
    const reading = (business: number) => async () => {
      const v = `${business}:${++calls}`;
      await cache.bump(1); // business 1 is edited while this reader reads
      return { statusCode: 200, contentType: 'text/plain', body: v, business, cacheable: true };
    };
    await cache.resolve('r:1', reading(1));
    await cache.resolve('r:2', reading(2));
    const misses = cache.stats().misses;
    await cache.resolve('r:2', reading(2)); // stored
    expect(cache.stats().misses).toBe(misses);
    await cache.resolve('r:1', reading(1)); // not stored: computed again
    expect(cache.stats().misses).toBe(misses + 1);
  });

  it('a request that joined a computation of a business edited meanwhile gets a fresh answer', async () => {
    const cache = t.app.menuCache;
    let version = 'eski';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = async () => {
      const seen = version;
      if (seen === 'eski') await gate;
      return { statusCode: 200, contentType: 'text/plain', body: seen, business: 7, cacheable: true };
    };
    const before = cache.resolve('joined', read);
    version = 'yeni';
    await cache.bump(7);
    const after = cache.resolve('joined', read); // arrives after the edit, while the old read runs
    release();
    expect((await before).body.toString()).toBe('eski');
    expect((await after).body.toString()).toBe('yeni');
    expect((await cache.resolve('joined', read)).body.toString()).toBe('yeni');
  });

  it('a failed computation fails its waiters once, and the next request computes again', async () => {
    const cache = t.app.menuCache;
    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('veritabanı yok');
    };
    const results = await Promise.allSettled([cache.resolve('fails', failing), cache.resolve('fails', failing), cache.resolve('fails', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    expect((await cache.resolve('fails', body(7))).body.toString().startsWith('7')).toBe(true);
  });

  it('MENU_CACHE_MB=0 turns the cache off', async () => {
    const off = await buildTestApp({ config: { menuCacheMb: 0 } });
    try {
      await off.app.menuCache.resolve('x', body(1));
      expect(off.app.menuCache.stats().entries).toBe(0);
    } finally {
      await off.close();
    }
  });
});
