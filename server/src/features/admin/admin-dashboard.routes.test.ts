import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istanbulDay, istanbulMonthStart } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { insertCategory, insertProduct } from '../../../test/admin-rows.js';
import { describeAdminGuard, type GuardedRoute } from '../../../test/admin-guard.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createAdmin(t.app)).token;
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const addCategory = (userId: number, name: string, status?: string) => insertCategory(t.db, userId, name, status);
const addProduct = (userId: number, categoryId: number, name: string, kurus: number | null, status?: string) => insertProduct(t.db, userId, categoryId, name, kurus, status);
async function addMessage(name: string, createdAt: string, readAt: string | null = null) {
  const { id } = await t.db
    .insertInto('messages')
    .values({ name, surname: null, companyname: null, mail: 'a@b.co', tel: '0555', message: `${name} mesajı`, read_at: readAt, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ROUTES: GuardedRoute[] = [
  ['GET', '/api/admin/dashboard'],
];

describeAdminGuard(() => t, ROUTES);

describe('GET /api/admin/dashboard', () => {
  it('counts businesses per plan and status, products, views this month, over-quota businesses and unread messages', async () => {
    const before = (await get('/api/admin/dashboard', adminToken)).json().dashboard;
    const std = await registerOwner(t.app, { company: 'Kota Aşan' });
    const passive = await registerOwner(t.app);
    await t.db.updateTable('settings').set({ userlevel: '1', count: 12_000 }).where('user_id', '=', std.userId).execute();
    await t.db.updateTable('settings').set({ status: 0, userlevel: '2' }).where('user_id', '=', passive.userId).execute();
    const cat = await addCategory(std.userId, 'Kahvaltı');
    await addProduct(std.userId, cat, 'Menemen', 9000);
    await addProduct(std.userId, cat, 'Sucuklu', 11000, '0');
    const today = istanbulDay();
    await t.db.insertInto('daily_views').values({ user_id: std.userId, day: today, count: 10_001 }).execute();
    // before this month: not counted this month
    await t.db.insertInto('daily_views').values({ user_id: passive.userId, day: '2020-01-01', count: 50 }).execute();
    await addMessage('Okunmamış', new Date().toISOString());

    const res = await get('/api/admin/dashboard', adminToken);
    expect(res.statusCode).toBe(200);
    const d = res.json().dashboard;
    expect(d.businesses.total).toBe(before.businesses.total + 2);
    expect(d.businesses.active).toBe(before.businesses.active + 1);
    expect(d.businesses.passive).toBe(before.businesses.passive + 1);
    expect(d.businesses.byPlan['1']).toBe(before.businesses.byPlan['1'] + 1);
    expect(d.businesses.byPlan['2']).toBe(before.businesses.byPlan['2'] + 1);
    expect(d.products.total).toBe(before.products.total + 2);
    expect(d.products.active).toBe(before.products.active + 1);
    expect(d.categories.total).toBe(before.categories.total + 1);
    expect(d.views.total).toBe(before.views.total + 12_000);
    expect(d.views.thisMonth).toBe(before.views.thisMonth + 10_001);
    expect(d.views.monthStart).toBe(istanbulMonthStart());
    expect(d.views.daily).toHaveLength(30);
    expect(d.views.daily.at(-1)).toEqual({ day: today, count: before.views.daily.at(-1).count + 10_001 });
    expect(d.overQuota).toContainEqual(expect.objectContaining({ user_id: std.userId, companyname: 'Kota Aşan', views: 10_001, limit: 10_000 }));
    expect(d.unreadMessages).toBe(before.unreadMessages + 1);
    expect(d.newest[0].user_id).toBe(passive.userId);
    expect(d.newest.length).toBeLessThanOrEqual(5);
  });

  it('the views per day and the business\'s month follow the view flush (upsert), direct writes and an erased business (kept totals)', async () => {
    const o = await registerOwner(t.app);
    const today = istanbulDay();
    const sums = async () =>
      Object.fromEntries((await t.db.selectFrom('daily_views').select(['day', (eb) => eb.fn.sum<number>('count').as('n')]).groupBy('day').execute()).map((r) => [r.day, Number(r.n)]));
    const check = async () => {
      const d = (await get('/api/admin/dashboard', adminToken)).json().dashboard;
      const all = await sums();
      for (const { day, count } of d.views.daily) expect(count, day).toBe(all[day] ?? 0);
      const month = Object.entries(all).filter(([day]) => day >= d.views.monthStart).reduce((a, [, n]) => a + n, 0);
      expect(d.views.thisMonth).toBe(month);
      // the business's month, kept for the over-quota list, is the sum of its days
      const kept = await t.db.selectFrom('monthly_views').select('count').where('user_id', '=', o.userId).where('month', '=', today.slice(0, 7)).executeTakeFirst();
      const own = await t.db.selectFrom('daily_views').select((eb) => eb.fn.sum<number>('count').as('n')).where('user_id', '=', o.userId).where('day', '>=', d.views.monthStart).executeTakeFirst();
      expect(Number(kept?.count ?? 0)).toBe(Number(own?.n ?? 0));
    };
    // the view flush's statement: insert, then the same row again (the conflict updates it)
    const flush = (n: number) =>
      sql`insert into daily_views (user_id, day, count) values (${o.userId}, ${today}, ${n}) on conflict (user_id, day) do update set count = daily_views.count + excluded.count`.execute(t.db);
    await flush(3);
    await check();
    await flush(4);
    await check();
    await t.db.updateTable('daily_views').set({ count: 1 }).where('user_id', '=', o.userId).execute();
    await check();
    await t.db.deleteFrom('daily_views').where('user_id', '=', o.userId).execute();
    await check();
  });
});
