/** Prices are stored as integer kuruş and exchanged as decimal TL numbers. */
export function kurusToTl(kurus: number | null | undefined): number | null {
  return kurus == null ? null : kurus / 100;
}
export function tlToKurus(tl: number | null | undefined): number | null {
  return tl == null ? null : Math.round(tl * 100);
}

const priceFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const numberFormat = new Intl.NumberFormat('tr-TR');
const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' });
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** 1234.5 → "₺1.234,50" */
export function formatPrice(tl: number | null | undefined): string {
  return tl == null ? '' : priceFormat.format(tl);
}
/** 12345 → "12.345" */
export function formatNumber(n: number | null | undefined): string {
  return numberFormat.format(n ?? 0);
}
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '';
}
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '';
}
/** Turkish-aware upper case (i → İ). */
export const upperTr = (s: string) => s.toLocaleUpperCase('tr');
export const lowerTr = (s: string) => s.toLocaleLowerCase('tr');

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Calendar day in Türkiye (Europe/Istanbul) as YYYY-MM-DD: the key of `daily_views`. */
export function istanbulDay(date: Date = new Date()): string {
  return dayFormat.format(date);
}
/** First day (YYYY-MM-DD) of the month of `date` in Türkiye: monthly view quotas count from it. */
export function istanbulMonthStart(date: Date = new Date()): string {
  return istanbulDay(date).slice(0, 8) + '01';
}
