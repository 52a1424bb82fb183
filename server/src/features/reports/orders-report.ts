import { addDays, daysBetween, istanbulDay, REPORT_DAY_TOP, REPORT_TOP, type OrdersReport, type ReportDay } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { BranchScope } from '../branches/index.js';
import { istanbulDayHour, istanbulDayStart } from './istanbul-time.js';
import { orderBuckets, platformOrderHours, countOrderingOn, soldProducts, type HourBucket, type SoldProduct } from './reports.repository.js';

/**
 * The day's report (contract/src/reports.ts says what counts): the range's Istanbul days, each
 * zero-filled, from the database's per-hour sums; its totals with the payment split; the best
 * sellers; orders per Istanbul hour.
 */

const tl = (kurus: number) => Math.round(kurus) / 100;
const average = (kurus: number, tables: number) => (tables ? tl(Math.round(kurus / tables)) : 0);
const bucketInstant = (hour: string) => new Date(`${hour}:00:00.000Z`);

/** The range's UTC bounds: the first day's start (included) to the day after the last one's (excluded). */
export const rangeBounds = (from: string, to: string) => ({ fromIso: istanbulDayStart(from), toIso: istanbulDayStart(addDays(to, 1)) });

type Share = { tables: Set<number>; revenue: number };

export function buildReport(from: string, to: string, buckets: HourBucket[], sold: Array<SoldProduct & { hour: string }>): OrdersReport {
  const days = new Map<string, ReportDay & { sessions: Set<number>; sold: SoldProduct[] }>();
  for (let i = 0; i < daysBetween(from, to); i++) {
    const day = addDays(from, i);
    days.set(day, { day, orders: 0, items: 0, revenue: 0, tables: 0, average: 0, hours: Array<number>(24).fill(0), best_sellers: [], sessions: new Set(), sold: [] });
  }
  const hours = Array<number>(24).fill(0);
  const sessions = new Set<number>();
  const shares: Record<'nakit' | 'kart' | 'acik', Share> = { nakit: { tables: new Set(), revenue: 0 }, kart: { tables: new Set(), revenue: 0 }, acik: { tables: new Set(), revenue: 0 } };
  let orders = 0;
  let items = 0;
  let revenue = 0;
  for (const b of buckets) {
    const { day, hour } = istanbulDayHour(bucketInstant(b.hour));
    const d = days.get(day);
    if (!d) continue;
    d.orders += b.orders;
    d.items += b.items;
    d.revenue += b.revenue;
    d.hours[hour] += b.orders;
    d.sessions.add(b.session);
    hours[hour] += b.orders;
    sessions.add(b.session);
    const share = shares[b.payment ?? 'acik'];
    share.tables.add(b.session);
    share.revenue += b.revenue;
    orders += b.orders;
    items += b.items;
    revenue += b.revenue;
  }
  // latest hours first: a renamed product is listed under its latest name
  for (const { hour, ...s } of [...sold].sort((x, y) => (x.hour < y.hour ? 1 : -1))) days.get(istanbulDayHour(bucketInstant(hour)).day)?.sold.push(s);
  const share = (s: Share) => ({ tables: s.tables.size, revenue: tl(s.revenue) });
  return {
    from,
    to,
    timezone: 'Europe/Istanbul',
    days: [...days.values()].map(({ sessions: s, sold: daySold, ...d }) => ({
      ...d, revenue: tl(d.revenue), tables: s.size, average: average(d.revenue, s.size), best_sellers: bestSellers(daySold, REPORT_DAY_TOP),
    })),
    totals: {
      orders, items, revenue: tl(revenue), tables: sessions.size, average: average(revenue, sessions.size),
      payments: { nakit: share(shares.nakit), kart: share(shares.kart), acik: share(shares.acik) },
    },
    best_sellers: bestSellers([...days.values()].flatMap((d) => d.sold), REPORT_TOP),
    hours,
  };
}

/** The `top` products by quantity (then revenue, then name); a renamed product's rows are one, under the name seen first. */
export function bestSellers(sold: SoldProduct[], top: number): OrdersReport['best_sellers'] {
  const merged = new Map<string, SoldProduct>();
  for (const s of sold) {
    const key = s.product_id == null ? `n:${s.name}` : `p:${s.product_id}`;
    const m = merged.get(key);
    if (!m) merged.set(key, { ...s });
    else {
      m.quantity += s.quantity;
      m.revenue += s.revenue;
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name, 'tr'))
    .slice(0, top)
    .map((s) => ({ ...s, revenue: tl(s.revenue) }));
}

/** A business's report over the Istanbul days `from`…`to` (checked by the caller), of the branches of `scope` (default: all). */
export async function ordersReport(db: DB, userId: number, from: string, to: string, scope: BranchScope = {}): Promise<OrdersReport> {
  const { fromIso, toIso } = rangeBounds(from, to);
  const [buckets, sold] = await Promise.all([orderBuckets(db, userId, fromIso, toIso, scope), soldProducts(db, userId, fromIso, toIso, scope)]);
  return buildReport(from, to, buckets, sold);
}

/** The platform's counted orders today, in the last 7 and 30 Istanbul days, and the businesses taking orders. */
export async function platformOrders(db: DB, now: Date) {
  const today = istanbulDay(now);
  const since = addDays(today, -29);
  const rows = await platformOrderHours(db, istanbulDayStart(since));
  const week = addDays(today, -6);
  const out = { today: 0, last7: 0, last30: 0, ordering_on: await countOrderingOn(db) };
  for (const r of rows) {
    const { day } = istanbulDayHour(bucketInstant(r.hour));
    if (day > today) continue;
    out.last30 += r.orders;
    if (day >= week) out.last7 += r.orders;
    if (day === today) out.today += r.orders;
  }
  return out;
}
