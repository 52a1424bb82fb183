import { afterAll, describe, expect, it } from 'vitest';
import { migrateDownOne, migrateToLatest } from '../../src/platform/db/migrate.js';
import { createStore } from '../../src/platform/storage/index.js';
import { seedDemo } from '../../src/features/demo/seed.js';
import { seedDemoFeedback } from '../../src/features/demo/seed-feedback.js';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../helpers.js';
import { addCategory, createBusiness } from '../menu-helpers.js';
import { schemaSnapshot, tableNames } from '../db-tables.js';
import type { DB } from '../../src/platform/db/database.js';

/**
 * Every migration runs both ways (README "Migrations"): a database, empty or full of data, is
 * taken down to zero one `down` at a time and migrated up again, and ends with the same schema a
 * fresh database gets. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** A database at the latest migration, with its app closed (no timer touches it meanwhile). */
async function freshDatabase(fill?: (t: TestApp) => Promise<void>): Promise<{ db: DB; t: TestApp }> {
  const t = await buildTestApp();
  opened.push(t);
  if (fill) await fill(t);
  await t.app.views.flush();
  await t.app.close();
  return { db: t.db, t };
}

/** Down to zero, one migration at a time; returns the names undone, latest first. */
async function downToZero(db: DB): Promise<string[]> {
  const undone: string[] = [];
  for (let name = await migrateDownOne(db); name; name = await migrateDownOne(db)) undone.push(name);
  return undone;
}

let latest: string[] | undefined;
let undoneOrder: string[] | undefined;

describe('migrations, down to zero and up again', () => {
  it('an empty database: every down runs, nothing of the schema is left, and up gives the same schema again', async () => {
    const { db } = await freshDatabase();
    latest = await schemaSnapshot(db);
    expect(latest.length).toBeGreaterThan(20);
    undoneOrder = await downToZero(db);
    expect(undoneOrder.length).toBeGreaterThanOrEqual(16);
    expect(new Set(undoneOrder).size).toBe(undoneOrder.length);
    expect(await schemaSnapshot(db)).toEqual([]);
    expect(await tableNames(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await schemaSnapshot(db)).toEqual(latest);
    // and a second round trip, from a database that has been down and up once
    expect(await downToZero(db)).toEqual(undoneOrder);
    await migrateToLatest(db);
    expect(await schemaSnapshot(db)).toEqual(latest);
  }, 120_000);

  it('a seeded database (demo menu, survey, translations, owners, calls, messages, price changes, audit): down to zero and up again', async () => {
    const { db, t } = await freshDatabase(async (t) => {
      expect(await seedDemo(t.db, t.config, t.app.storage, t.app.clock.now())).toBe(true);
      expect(await seedDemoFeedback(t.db, t.app.clock.now())).toBe(true);
      const biz = await createBusiness(t.app, 'Göç Kafe');
      const cat = await addCategory(t.app, biz.token, { name: 'Çorbalar' });
      const p = await t.app.inject({ method: 'POST', url: '/api/store-product', headers: bearer(biz.token), payload: { name: 'Mercimek', category_id: cat.id, selling_price: '60', status: '1' } });
      expect(p.json().status, p.body).toBe(200);
      const bulk = await t.app.inject({ method: 'POST', url: '/api/bulk-price', headers: bearer(biz.token), payload: { scope: 'all', mode: 'percent', value: 10, round: 1 } });
      expect(bulk.json().status, bulk.body).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/call-waiter/${biz.slug}`, payload: { masa: 3, type: 'garson' } })).json().status).toBe(200);
      expect((await t.app.inject({ url: `/qr/${biz.slug}` })).statusCode).toBe(200);
      const msg = await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: 'Ali', mail: 'ali@example.com', tel: '05321234567', message: 'Merhaba' } });
      expect(msg.json().status, msg.body).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: biz.email } });
      const admin = await createAdmin(t.app);
      const other = await registerOwner(t.app);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${other.userId}`, headers: bearer(admin.token) })).json().status).toBe(200);
      await t.app.mailer.idle();
    });
    const filled: string[] = [];
    for (const table of await tableNames(db, { searchIndexes: false })) {
      const row = await db.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(row.n) > 0) filled.push(table);
    }
    for (const table of ['users', 'settings', 'categories', 'products', 'product_translations', 'category_translations', 'feedback', 'waiter_calls', 'messages', 'price_history', 'price_operations', 'audit_log', 'account_tokens', 'access_tokens', 'daily_views']) {
      expect(filled, table).toContain(table);
    }

    const undone = await downToZero(db);
    if (undoneOrder) expect(undone).toEqual(undoneOrder);
    expect(await tableNames(db)).toEqual([]);
    await migrateToLatest(db);
    if (latest) expect(await schemaSnapshot(db)).toEqual(latest);
    // the database is as new: the demo seeds again, and its menu is whole
    expect(await seedDemo(db, t.config, createStore(t.config), t.app.clock.now())).toBe(true);
    expect(await db.selectFrom('products').select('id').execute()).toHaveLength(20);
  }, 240_000); // the demo's photos go through sharp twice
});
