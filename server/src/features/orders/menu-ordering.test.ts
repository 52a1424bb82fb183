import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { dbStats } from '../../platform/db/database.js';
import { flushVersionSyncs } from '../price-list/index.js';

/**
 * A table's menu pages (`?masa=N`) cost no database query once cached, whether the business takes
 * orders or not: whether the page offers ordering (and gives the device its seat) is decided when
 * the page is computed and cached with it; the owner's ordering settings end the cached pages.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let cat: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Sorgusuz Kafe');
  cat = (await addCategory(t.app, a.token, { name: 'Çorbalar' })).id;
  await addProduct(t.app, a.token, cat, { name: 'Mercimek', selling_price: '90' });
});
afterAll(async () => t.close());

const pages = () => [`/qr/${a.slug}?masa=3`, `/qr/${a.slug}/category?masa=3`, `/qr/${a.slug}/category/${cat}?masa=3`, `/qr/${a.slug}/ara?masa=3`];
const queries = () => dbStats(t.db)!.queries;
/** Opens every table page `times` times: the queries it cost and whether each answer gave a seat. */
async function open(times: number) {
  // the pages' view counts are written in the background (views.ts, every 500 ms): held off while counting
  await t.app.views.flush();
  // and the price list's comparison after the owner's last write (price-list/versions.ts: 1 s after it,
  // a timer that a slow machine's counting window could otherwise catch)
  await flushVersionSyncs(t.app.db);
  const hold = vi.spyOn(t.app.views, 'flush').mockResolvedValue();
  const before = queries();
  const seats: boolean[] = [];
  try {
    for (let i = 0; i < times; i++) {
      for (const url of pages()) {
        const res = await t.app.inject({ url, headers: { 'accept-language': 'tr-TR' } });
        expect(res.statusCode, url).toBe(200);
        seats.push(/qrm_masa=/.test(String(res.headers['set-cookie'] ?? '')));
      }
    }
    return { queries: queries() - before, seats: [...new Set(seats)] };
  } finally {
    hold.mockRestore();
    await t.app.views.flush();
  }
}
const setOrdering = (body: object) => t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: body });

describe('table pages and the ordering setting', () => {
  it('ordering off: cached table pages cost no query and give no seat', async () => {
    await open(1); // computed and cached
    expect(await open(10)).toEqual({ queries: 0, seats: [false] });
  });

  it('ordering on: the setting ends the cached pages; then each cached page gives the seat with no query', async () => {
    expect((await setOrdering({ enabled: true })).json().status).toBe(200);
    const first = await open(1);
    expect(first.seats).toEqual([true]);
    expect(first.queries).toBeGreaterThan(0);
    expect(await open(10)).toEqual({ queries: 0, seats: [true] });
    // the forms are there, rendered by the page
    expect((await t.app.inject({ url: `/qr/${a.slug}/category/${cat}?masa=3` })).body).toContain('Sepete ekle');
  });

  it('a paused table and ordering off again: no seat, still no query once cached', async () => {
    await setOrdering({ enabled: true, paused: [3] });
    expect((await open(1)).seats).toEqual([false]);
    expect(await open(5)).toEqual({ queries: 0, seats: [false] });
    await setOrdering({ enabled: false, paused: [] });
    expect((await open(1)).seats).toEqual([false]);
    expect(await open(5)).toEqual({ queries: 0, seats: [false] });
  });
});
