import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../helpers.js';
import { addCategory, createBusiness } from '../menu-helpers.js';
import { jpeg, sendForm } from '../owner-helpers.js';

/**
 * Concurrent writers: many owners writing at the same moment — photos, products,
 * settings — while menu views are counted and flushed, never fail (no SQLITE_BUSY, no deadlock,
 * no lost row). On SQLite every statement and transaction goes through one connection
 * (Kysely's mutex) with WAL and busy_timeout; on PostgreSQL through the pool. Runs on both.
 */
let t: TestApp;
const owners: Array<Awaited<ReturnType<typeof createBusiness>> & { categoryId: number }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 4; i++) {
    const biz = await createBusiness(t.app, `Eşzamanlı Kafe ${i + 1}`);
    owners.push({ ...biz, categoryId: (await addCategory(t.app, biz.token, { name: 'Ana Yemekler' })).id });
  }
});
afterAll(async () => t?.close());

describe('concurrent writers', () => {
  it('80 writes from 4 owners at once, with views flushing in between: every one acknowledged and stored', async () => {
    const photo = await jpeg(320, 240);
    const writes: Array<Promise<{ owner: number; kind: string; status: number }>> = [];
    owners.forEach((o, i) => {
      for (let n = 0; n < 6; n++) {
        writes.push(
          sendForm(t.app, '/api/store-category', o.token, { name: `Kategori ${i}-${n}`, status: '1' }, n % 2 ? { data: photo } : undefined).then((r) => ({ owner: i, kind: 'category', status: r.json().status })),
        );
      }
      for (let n = 0; n < 10; n++) {
        writes.push(
          sendForm(t.app, '/api/store-product', o.token, { category_id: o.categoryId, name: `Ürün ${i}-${n}`, selling_price: '42.5', status: '1' }).then((r) => ({ owner: i, kind: 'product', status: r.json().status })),
        );
      }
      for (let n = 0; n < 4; n++) {
        writes.push(
          t.app
            .inject({ method: 'POST', url: '/api/update-setting', headers: bearer(o.token), payload: { name: 'Ayşe Yılmaz', companyname: `Eşzamanlı Kafe ${i + 1}`, city: 34, tel: '0216 555 11 22', deskcount: 10 + n } })
            .then((r) => ({ owner: i, kind: 'settings', status: r.json().status })),
        );
      }
    });
    // diners open the menus meanwhile, and the counter flushes while the writes run
    const reads = owners.flatMap((o) => Array.from({ length: 10 }, () => t.app.inject({ url: `/qr/${o.slug}` })));
    const flushes = Array.from({ length: 5 }, (_, i) => new Promise((r) => setTimeout(r, i * 20)).then(() => t.app.views.flush()));

    const results = await Promise.all(writes);
    const pages = await Promise.all(reads);
    await Promise.all(flushes);
    await t.app.views.flush();

    expect(results).toHaveLength(80);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(pages.every((p) => p.statusCode === 200)).toBe(true);
    for (const [i, o] of owners.entries()) {
      const cats = await t.db.selectFrom('categories').select('name').where('user_id', '=', o.userId).execute();
      const prods = await t.db.selectFrom('products').select('name').where('user_id', '=', o.userId).execute();
      const s = await t.db.selectFrom('settings').select(['count', 'deskcount']).where('user_id', '=', o.userId).executeTakeFirstOrThrow();
      expect(cats.map((c) => c.name).sort()).toEqual(['Ana Yemekler', ...Array.from({ length: 6 }, (_, n) => `Kategori ${i}-${n}`)].sort());
      expect(prods).toHaveLength(10);
      expect(Number(s.count)).toBe(10);
      expect([10, 11, 12, 13]).toContain(Number(s.deskcount));
    }
  });
});
