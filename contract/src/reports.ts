import { z } from 'zod';

/**
 * The day's report (issue 42 item 5): a business's orders per Istanbul day over a date range,
 * its totals, best sellers and orders per hour, and the request's Turkish messages.
 *
 * What counts: every order that is not cancelled (`iptal`), on the Istanbul day it was sent.
 * Revenue is TL including VAT, from the prices fixed when the order was sent (the order's items).
 * A table ("masa") is a table session (opened by its first order, closed with the payment) with at
 * least one counted order that day; the average per table is the revenue divided by those
 * sessions. A session whose orders fall on two days (past midnight) counts on both days, and
 * once in the range's totals.
 */

/** The longest range a report covers (days, both ends included). */
export const REPORT_MAX_DAYS = 366;
/** The range when none is given: the last 7 days, today included. */
export const REPORT_DEFAULT_DAYS = 7;
/** How many best-selling products the report lists. */
export const REPORT_TOP = 10;
/** How many best-selling products each day lists. */
export const REPORT_DAY_TOP = 3;
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_MSG = {
  loaded: 'Rapor hazırlandı.',
  invalid: 'Lütfen tarih aralığını düzeltin.',
  badDay: 'Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalıdır.',
  fromAfterTo: 'Başlangıç tarihi bitiş tarihinden sonra olamaz.',
  tooLong: `Tarih aralığı en fazla ${REPORT_MAX_DAYS} gün olabilir.`,
  badFormat: 'Dosya biçimi "csv" veya "xlsx" olmalıdır.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day YYYY-MM-DD that exists (not 2026-02-30). */
export function isDay(s: unknown): s is string {
  if (typeof s !== 'string' || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
/** `day` moved by `n` calendar days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
/** Days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dayField = z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: REPORT_MSG.badDay }).refine(isDay, REPORT_MSG.badDay).optional());

/** `GET /api/reports/orders?from=&to=` (and its export, with `format`). */
export const reportQuerySchema = z.object({ from: dayField, to: dayField });
export const reportExportQuerySchema = reportQuerySchema.extend({
  format: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v ?? 'xlsx'), z.enum(REPORT_FORMATS, { error: REPORT_MSG.badFormat })),
});

/**
 * The range a query asks for, with the defaults (to: today; from: 6 days before `to`), or the
 * field errors (Turkish) when it is reversed or longer than REPORT_MAX_DAYS.
 */
export function resolveReportRange(q: { from?: string; to?: string }, today: string): { from: string; to: string } | { errors: Record<string, string[]> } {
  const to = q.to ?? (q.from ? addDays(q.from, REPORT_DEFAULT_DAYS - 1) : today);
  const from = q.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) return { errors: { from: [REPORT_MSG.fromAfterTo] } };
  if (daysBetween(from, to) > REPORT_MAX_DAYS) return { errors: { to: [REPORT_MSG.tooLong] } };
  return { from, to };
}

const count = z.number().int().min(0);
const tl = z.number().min(0).meta({ description: 'TL, KDV dahil (sipariş anında sabitlenen fiyatlarla)' });
const hours = z.array(count).length(24).meta({ description: 'Saat başına sipariş (0–23, İstanbul saati)' });
const share = z.object({ tables: count, revenue: tl });

export const reportBestSellerSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  quantity: count,
  revenue: tl,
});
export const reportDaySchema = z.object({
  day: z.string().meta({ description: 'İstanbul günü, YYYY-AA-GG' }),
  orders: count.meta({ description: 'İptal edilmemiş siparişler' }),
  items: count.meta({ description: 'Ürün adedi (porsiyon adetleri toplamı)' }),
  revenue: tl,
  tables: count.meta({ description: 'O gün sipariş veren masa oturumları' }),
  average: tl.meta({ description: 'Masa başına ortalama: ciro / masa oturumu (oturum yoksa 0)' }),
  hours,
  best_sellers: z.array(reportBestSellerSchema).meta({ description: `O günün adede göre en çok satan ${REPORT_DAY_TOP} ürünü` }),
});
export const ordersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.literal('Europe/Istanbul'),
  days: z.array(reportDaySchema),
  totals: z.object({
    orders: count,
    items: count,
    revenue: tl,
    tables: count,
    average: tl,
    payments: z
      .object({ nakit: share, kart: share, acik: share })
      .meta({ description: 'Cironun masa oturumunun ödemesine göre dağılımı: nakit, kart, açık (henüz kapatılmamış masa)' }),
  }),
  best_sellers: z.array(reportBestSellerSchema).meta({ description: `Adede göre en çok satan ${REPORT_TOP} ürün (eşitlikte ciroya göre)` }),
  hours,
});
export type OrdersReport = z.infer<typeof ordersReportSchema>;
export type ReportDay = z.infer<typeof reportDaySchema>;
export const ordersReportResponseSchema = z.object({ status: z.literal(200), message: z.string(), report: ordersReportSchema });

/** The platform's orders on the admin dashboard (not cancelled; Istanbul days). */
export const platformOrdersSchema = z.object({
  today: count,
  last7: count.meta({ description: 'Son 7 gün (bugün dahil)' }),
  last30: count.meta({ description: 'Son 30 gün (bugün dahil)' }),
  ordering_on: count.meta({ description: 'Masadan siparişi açık işletme sayısı' }),
});
export type PlatformOrders = z.infer<typeof platformOrdersSchema>;
