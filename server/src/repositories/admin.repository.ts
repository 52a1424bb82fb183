import { istanbulDay, istanbulMonthStart, kurusToTl, planOf, type AdminCategoryRow, type AdminDashboard, type AdminMessageRow, type AdminProductRow } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import { nowIso } from '../db/schema.js';
import { isUniqueViolation } from './users.repository.js';

const num = (v: unknown) => Number(v ?? 0);

/** Every category of every business, with the business (company) and owner name. */
export async function listAllCategories(db: DB): Promise<AdminCategoryRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('settings as s', 's.user_id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.name', 'c.description', 'c.image', 'c.count', 'c.status', 'c.created_at', 's.companyname', 'u.name as owner_name'])
    .select((eb) => eb.selectFrom('products as p').whereRef('p.category_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('product_count'))
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    name: r.name,
    description: r.description,
    image: r.image,
    count: num(r.count),
    status: r.status,
    created_at: r.created_at,
    companyname: r.companyname || r.owner_name,
    owner_name: r.owner_name,
    product_count: num(r.product_count),
  }));
}

/** Every product of every business, with its category and business; prices in TL. */
export async function listAllProducts(db: DB): Promise<AdminProductRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('settings as s', 's.user_id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.category_id',
      'c.name as category_name',
      'p.name',
      'p.description',
      'p.selling_price',
      'p.original_price',
      'p.allergen',
      'p.image',
      'p.status',
      'p.created_at',
      's.companyname',
      'u.name as owner_name',
    ])
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    category_id: r.category_id,
    category: { name: r.category_name },
    name: r.name,
    description: r.description,
    selling_price: kurusToTl(r.selling_price),
    original_price: kurusToTl(r.original_price),
    allergen: r.allergen,
    image: r.image,
    status: r.status,
    created_at: r.created_at,
    companyname: r.companyname || r.owner_name,
    owner_name: r.owner_name,
  }));
}

/** Contact messages, newest first. */
export async function listMessages(db: DB): Promise<AdminMessageRow[]> {
  const rows = await db.selectFrom('messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    surname: m.surname,
    companyname: m.companyname,
    mail: m.mail,
    tel: m.tel,
    message: m.message,
    read: m.read_at != null,
    read_at: m.read_at,
    answered_at: m.answered_at,
    created_at: m.created_at,
  }));
}

export async function unreadMessageCount(db: DB): Promise<number> {
  const row = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return num(row.n);
}

/** Marks a message read (keeps the first read time) or unread; false when it does not exist. */
export async function setMessageRead(db: DB, id: number, read: boolean): Promise<boolean> {
  const exists = await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  if (read) await db.updateTable('messages').set({ read_at: nowIso() }).where('id', '=', id).where('read_at', 'is', null).execute();
  else await db.updateTable('messages').set({ read_at: null }).where('id', '=', id).execute();
  return true;
}

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

/** Updates an admin's name and (normalised) e-mail; 'taken' when the e-mail belongs to another account. */
export async function updateAdminAccount(db: DB, userId: number, name: string, email: string): Promise<'ok' | 'taken'> {
  const other = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  if (other) return 'taken';
  try {
    await db.updateTable('users').set({ name, email, updated_at: nowIso() }).where('id', '=', userId).execute();
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}
