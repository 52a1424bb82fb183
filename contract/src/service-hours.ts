import { z } from 'zod';
import { HOURS_MSG, parseHours, rangeMinutes, storedHours, WEEKDAY_NAMES_TR, WEEKDAYS, type WeekHours } from './opening-hours.js';

/**
 * Menus that follow the clock (issue 43): a category or a product may have service hours — the
 * week in the shape of the opening hours (`WeekHours`, 1 = Monday, one or two ranges a day,
 * Europe/Istanbul). A range whose end is before its start runs past midnight and belongs to the day
 * it starts (22:00–02:00 on Friday is Friday night); such a range ends by 06:00. Outside its hours
 * an item is hidden, or shown greyed with its hours (`service_outside: 'show'`). A product may
 * have a happy-hour price with hours of its own.
 */

export const SERVICE_MAX_RANGES_PER_DAY = 2;
/** The latest end of a range that runs past midnight (minutes): later is taken as a typo. */
export const SERVICE_OVERNIGHT_END = 6 * 60;

export const SERVICE_OUTSIDE = ['hide', 'show'] as const;
export type ServiceOutside = (typeof SERVICE_OUTSIDE)[number];

export const SERVICE_MSG = {
  shape: 'Servis saatleri her gün için boş ya da bir veya iki saat aralığı (örneğin 08:00–12:00) olmalıdır.',
  empty: 'En az bir gün için servis saati girin ya da servis saatlerini kaldırın.',
  same: (day: string) => `${day}: başlangıç ve bitiş saati aynı olamaz.`,
  order: (day: string) => `${day}: başlangıç saati bitişten önce olmalıdır (gece yarısını geçen bir aralık en geç 06:00'da biter).`,
  outside: 'Servis saatleri dışında ürün ya gizlenir ya da saatleriyle gösterilir ("hide" veya "show").',
  happyShape: 'Happy hour bir saat aralığı ve bir fiyattan oluşmalıdır.',
  happyPrice: 'Happy hour fiyatı 0 veya daha büyük, en fazla iki ondalıklı bir tutar olmalıdır (örneğin 45,50).',
  happyNotLower: 'Happy hour fiyatı satış fiyatından düşük olmalıdır.',
  happyNoPrice: 'Happy hour için önce ürünün satış fiyatını girin.',
  happyVariants: 'Porsiyonlu ürünlerde happy hour fiyatı girilemez; porsiyon fiyatlarını kullanın.',
} as const;

export type ServiceHoursResult = { ok: true; value: WeekHours | null } | { ok: false; message: string };

/** Hours as a client sends them (any shape `parseHours` reads), with the rules of service hours. */
export function parseServiceHours(v: unknown): ServiceHoursResult {
  const r = parseHours(v === 'null' ? null : v);
  if (!r.ok) return { ok: false, message: r.message === HOURS_MSG.shape ? SERVICE_MSG.shape : r.message };
  const week = r.value;
  if (!week) return r;
  if (WEEKDAYS.every((d) => week[d].length === 0)) return { ok: false, message: SERVICE_MSG.empty };
  for (const d of WEEKDAYS) {
    for (const range of week[d]) {
      const [open, close] = rangeMinutes(range);
      if (close - open === 1440) return { ok: false, message: SERVICE_MSG.same(WEEKDAY_NAMES_TR[d]) };
      if (close > 1440 && close - 1440 > SERVICE_OVERNIGHT_END) return { ok: false, message: SERVICE_MSG.order(WEEKDAY_NAMES_TR[d]) };
    }
  }
  return r;
}

/** Stored service hours (JSON text) → WeekHours, or null. */
export const storedServiceHours = storedHours;

const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A form's `service_hours`: absent → unchanged; '' or 'null' → none; else JSON hours (any shape parseHours reads). */
export const serviceHoursField = z
  .unknown()
  .transform((v, ctx): WeekHours | null | undefined => {
    if (v === undefined) return undefined;
    const r = parseServiceHours(v);
    return r.ok ? r.value : issue(ctx, r.message);
  })
  .optional();

/** A form's `service_outside`: absent → unchanged; 'hide' or 'show'. */
export const serviceOutsideField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.enum(SERVICE_OUTSIDE, { error: SERVICE_MSG.outside }).optional(),
);

export interface HappyHour {
  hours: WeekHours;
  /** TL */
  price: number;
}

/** A TL amount ('45,50', 45.5) or undefined when it is not one. */
function tl(v: unknown): number | undefined {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,8}([.,]\d{1,2})?$/.test(s)) return undefined;
  return Number(s.replace(',', '.'));
}

/** A form's `happy_hour`: absent → unchanged; '' or 'null' → none; else JSON `{ hours, price }` (price in TL). */
export const happyHourField = z
  .unknown()
  .transform((v, ctx): HappyHour | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null || v === '' || v === 'null') return null;
    let o: unknown = v;
    if (typeof v === 'string') {
      try {
        o = JSON.parse(v);
      } catch {
        return issue(ctx, SERVICE_MSG.happyShape);
      }
    }
    if (o === null) return null;
    if (typeof o !== 'object' || Array.isArray(o)) return issue(ctx, SERVICE_MSG.happyShape);
    const { hours, price } = o as { hours?: unknown; price?: unknown };
    const h = parseServiceHours(hours);
    if (!h.ok) return issue(ctx, h.message);
    if (!h.value) return issue(ctx, SERVICE_MSG.happyShape);
    const p = tl(price);
    if (p === undefined) return issue(ctx, SERVICE_MSG.happyPrice);
    return { hours: h.value, price: p };
  })
  .optional();
