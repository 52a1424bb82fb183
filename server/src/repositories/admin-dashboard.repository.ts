import { istanbulDay, istanbulMonthStart, planOf, type AdminDashboard } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import { unreadMessageCount } from './messages.repository.js';

const num = (v: unknown) => Number(v ?? 0);

/** Figures of the admin home page. */
export async function dashboardFigures(db: DB, now: Date = new Date()): Promise<AdminDashboard> {
  const monthStart = istanbulMonthStart(now);
  const businesses = await db
    .selectFrom('settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('u.role', '=', 'user')
    .select(['s.user_id', 's.name', 's.companyname', 's.userlevel', 's.status', 's.count', 's.created_at', 'u.email'])
    .execute();
  const byPlan: Record<'0' | '1' | '2', number> = { '0': 0, '1': 0, '2': 0 };
  let active = 0;
  let totalViews = 0;
  for (const b of businesses) {
    byPlan[planOf(b.userlevel).level]++;
    if (num(b.status) === 1) active++;
    totalViews += num(b.count);
  }

  const monthViews = await db
    .selectFrom('daily_views')
    .select(['user_id', (eb) => eb.fn.sum<number>('count').as('views')])
    .where('day', '>=', monthStart)
    .groupBy('user_id')
    .execute();
  const viewsOf = new Map(monthViews.map((r) => [r.user_id, num(r.views)]));
  const thisMonth = [...viewsOf.values()].reduce((a, b) => a + b, 0);

  const overQuota: AdminDashboard['overQuota'] = [];
  for (const b of businesses) {
    const limit = planOf(b.userlevel).monthlyViews;
    const views = viewsOf.get(b.user_id) ?? 0;
    if (limit != null && views > limit) overQuota.push({ user_id: b.user_id, companyname: b.companyname, name: b.name, userlevel: b.userlevel, views, limit });
  }
  overQuota.sort((a, b) => b.views / b.limit - a.views / a.limit);

  // The last 30 Istanbul days, zero-filled, for the chart.
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) days.push(istanbulDay(new Date(now.getTime() - i * 86_400_000)));
  const dailyRows = await db
    .selectFrom('daily_views')
    .select(['day', (eb) => eb.fn.sum<number>('count').as('views')])
    .where('day', '>=', days[0]!)
    .groupBy('day')
    .execute();
  const perDay = new Map(dailyRows.map((r) => [r.day, num(r.views)]));
  const daily = [...new Set(days)].map((day) => ({ day, count: perDay.get(day) ?? 0 }));

  const cat = await db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const prod = await db
    .selectFrom('products')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('status', '=', '1').then(1).else(0).end()).as('active')])
    .executeTakeFirstOrThrow();

  const newest = [...businesses]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.user_id - a.user_id))
    .slice(0, 5)
    .map((b) => ({ user_id: b.user_id, name: b.name, companyname: b.companyname, email: b.email, userlevel: b.userlevel, status: num(b.status), created_at: b.created_at }));

  return {
    businesses: { total: businesses.length, active, passive: businesses.length - active, byPlan },
    categories: { total: num(cat.n) },
    products: { total: num(prod.n), active: num(prod.active) },
    views: { total: totalViews, thisMonth, monthStart, daily },
    overQuota,
    unreadMessages: await unreadMessageCount(db),
    newest,
  };
}
