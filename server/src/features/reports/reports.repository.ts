import { sql } from 'kysely';
import type { DB } from '../../platform/db/database.js';
import { branchNo, type BranchScope } from '../branches/index.js';

/**
 * The report's reads. Orders are summed in the database per UTC hour (`created_at` is ISO 8601
 * UTC text in both dialects, so its first 13 characters are the hour); the domain puts each hour
 * on its Istanbul day and hour. Cancelled orders never count. Amounts in kuruş.
 */

const HOUR = sql<string>`substr(o.created_at, 1, 13)`;
const n = (v: unknown) => Number(v ?? 0);

/** One UTC hour of one table session: its counted orders, items and revenue, and the session's payment. */
export interface HourBucket {
  /** 'YYYY-MM-DDTHH' (UTC) */
  hour: string;
  session: number;
  payment: 'nakit' | 'kart' | null;
  orders: number;
  items: number;
  revenue: number;
}

/** The business's counted orders (of the branches of `scope`) from `fromIso` (included) to `toIso` (excluded), per UTC hour and table session. */
export async function orderBuckets(db: DB, userId: number, fromIso: string, toIso: string, scope: BranchScope = {}): Promise<HourBucket[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('table_sessions as s', 's.id', 'o.session_id')
    .select([
      HOUR.as('hour'),
      'o.session_id',
      's.payment',
      (eb) => eb.fn.count<number>('o.id').distinct().as('orders'),
      (eb) => eb.fn.sum<number>('i.quantity').as('items'),
      sql<number>`sum(i.quantity * i.unit_price)`.as('revenue'),
    ])
    .where('o.user_id', '=', userId)
    .where('o.status', '!=', 'iptal')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .$if(scope.branch !== undefined, (q) => q.where(branchNo('o.branch_id'), '=', scope.branch!))
    .$if(scope.only !== undefined, (q) => q.where(branchNo('o.branch_id'), 'in', [...scope.only!, -1]))
    .groupBy([HOUR, 'o.session_id', 's.payment'])
    .execute();
  return rows.map((r) => ({ hour: r.hour, session: n(r.session_id), payment: r.payment, orders: n(r.orders), items: n(r.items), revenue: n(r.revenue) }));
}

export interface SoldProduct {
  product_id: number | null;
  name: string;
  quantity: number;
  revenue: number;
}

/** What each product sold per UTC hour in the range (every portion together), as named on its orders. */
export async function soldProducts(db: DB, userId: number, fromIso: string, toIso: string, scope: BranchScope = {}): Promise<Array<SoldProduct & { hour: string }>> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([HOUR.as('hour'), 'i.product_id', 'i.name', (eb) => eb.fn.sum<number>('i.quantity').as('quantity'), sql<number>`sum(i.quantity * i.unit_price)`.as('revenue')])
    .where('o.user_id', '=', userId)
    .where('o.status', '!=', 'iptal')
    .where('o.created_at', '>=', fromIso)
    .where('o.created_at', '<', toIso)
    .$if(scope.branch !== undefined, (q) => q.where(branchNo('o.branch_id'), '=', scope.branch!))
    .$if(scope.only !== undefined, (q) => q.where(branchNo('o.branch_id'), 'in', [...scope.only!, -1]))
    .groupBy([HOUR, 'i.product_id', 'i.name'])
    .execute();
  return rows.map((r) => ({ hour: r.hour, product_id: r.product_id == null ? null : n(r.product_id), name: r.name, quantity: n(r.quantity), revenue: n(r.revenue) }));
}

/** Every business's counted orders since `fromIso`, per UTC hour (the admin dashboard). */
export async function platformOrderHours(db: DB, fromIso: string): Promise<Array<{ hour: string; orders: number }>> {
  const rows = await db
    .selectFrom('orders as o')
    .select([HOUR.as('hour'), (eb) => eb.fn.countAll<number>().as('orders')])
    .where('o.status', '!=', 'iptal')
    .where('o.created_at', '>=', fromIso)
    .groupBy(HOUR)
    .execute();
  return rows.map((r) => ({ hour: r.hour, orders: n(r.orders) }));
}

/** Businesses whose `Masadan sipariş` is on. */
export async function countOrderingOn(db: DB): Promise<number> {
  const r = await db.selectFrom('order_settings').select((eb) => eb.fn.countAll<number>().as('n')).where('enabled', '=', 1).executeTakeFirst();
  return n(r?.n);
}
