import { istanbulDay, istanbulMonthStart, PLANS, planOf, USER_LEVELS, type AdminDashboard } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { unreadMessageCount } from '../messages/index.js';
import { keptCount } from './admin-list.js';

const num = (v: unknown) => Number(v ?? 0);

/**
 * Figures of the admin home page. Every figure is an aggregate in the database (a national
 * platform has tens of thousands of businesses and a million products: nothing is loaded whole).
 */
export async function dashboardFigures(db: DB, now: Date): Promise<AdminDashboard> {
  const monthStart = istanbulMonthStart(now);
  // every profile is a business (only role `user` accounts get one)
  const groups = await db
    .selectFrom('settings as s')
    .select(['s.userlevel', 's.status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('s.count').as('views')])
    .groupBy(['s.userlevel', 's.status'])
    .execute();
  const byPlan: Record<'0' | '1' | '2', number> = { '0': 0, '1': 0, '2': 0 };
  let total = 0;
  let active = 0;
  let totalViews = 0;
  for (const g of groups) {
    byPlan[planOf(g.userlevel).level] += num(g.n);
    total += num(g.n);
    if (num(g.status) === 1) active += num(g.n);
    totalViews += num(g.views);
  }

  const month = await db.selectFrom('daily_totals').select((eb) => eb.fn.sum<number>('count').as('views')).where('day', '>=', monthStart).executeTakeFirst();
  const thisMonth = num(month?.views);

  // Over quota this month: only businesses above the smallest finite monthly quota are read.
  const limits = USER_LEVELS.map((l) => PLANS[l].monthlyViews).filter((v): v is number => v != null);
  const overQuota: AdminDashboard['overQuota'] = [];
  if (limits.length) {
    // each business's views per month are kept by triggers (monthly_views): one row per business of the month
    const sums = await db
      .selectFrom('monthly_views')
      .select(['user_id', (eb) => eb.fn.sum<number>('count').as('views')])
      .where('month', '>=', monthStart.slice(0, 7))
      .groupBy('user_id')
      .having((eb) => eb.fn.sum('count'), '>', Math.min(...limits))
      .execute();
    const profiles = sums.length
      ? await db.selectFrom('settings').select(['user_id', 'companyname', 'name', 'userlevel']).where('user_id', 'in', sums.map((r) => r.user_id)).execute()
      : [];
    const viewsOf = new Map(sums.map((r) => [r.user_id, num(r.views)]));
    const heavy = profiles.map((p) => ({ ...p, views: viewsOf.get(p.user_id) ?? 0 }));
    for (const b of heavy) {
      const limit = planOf(b.userlevel).monthlyViews;
      const views = num(b.views);
      if (limit != null && views > limit) overQuota.push({ user_id: b.user_id, companyname: b.companyname, name: b.name, userlevel: b.userlevel, views, limit });
    }
    overQuota.sort((a, b) => b.views / b.limit - a.views / a.limit);
  }

  // The last 30 Istanbul days, zero-filled, for the chart.
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) days.push(istanbulDay(new Date(now.getTime() - i * 86_400_000)));
  const dailyRows = await db.selectFrom('daily_totals').select(['day', 'count as views']).where('day', '>=', days[0]).execute();
  const perDay = new Map(dailyRows.map((r) => [r.day, num(r.views)]));
  const daily = [...new Set(days)].map((day) => ({ day, count: perDay.get(day) ?? 0 }));

  const newest = await db
    .selectFrom('settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.name', 's.companyname', 'u.email', 's.userlevel', 's.status', 's.created_at'])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(5)
    .execute();

  return {
    businesses: { total, active, passive: total - active, byPlan },
    categories: { total: await keptCount(db, 'categories') },
    products: { total: await keptCount(db, 'products'), active: await keptCount(db, 'products', '1') },
    views: { total: totalViews, thisMonth, monthStart, daily },
    overQuota,
    unreadMessages: await unreadMessageCount(db),
    newest: newest.map((b) => ({ user_id: b.user_id, name: b.name, companyname: b.companyname, email: b.email, userlevel: b.userlevel, status: num(b.status), created_at: b.created_at })),
  };
}
