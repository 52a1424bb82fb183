/** Prices are stored as integer kuruş and exchanged as decimal TL numbers. */
export function kurusToTl(kurus: number | null | undefined): number | null {
  return kurus == null ? null : kurus / 100;
}
export function tlToKurus(tl: number | null | undefined): number | null {
  return tl == null ? null : Math.round(tl * 100);
}

/**
 * A formatter made at its first use: building an Intl formatter loads locale and time-zone data,
 * tens of milliseconds on a phone, which a page that formats nothing (the sign-in screen loads
 * this module too) should not pay while it starts.
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const numberFormat = lazy(() => new Intl.NumberFormat('tr-TR'));
const dateFormat = lazy(() => new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' }));
const dateTimeFormat = lazy(() => new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' }));
const dayFormat = lazy(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }));

/**
 * 1234.5 → "₺1.234,50", exactly as Intl.NumberFormat('tr-TR', TRY) writes it (format.test.ts compares
 * them), by hand because a page's first Intl formatter costs 50–90 ms of main thread in Chromium.
 */
export function formatPrice(tl: number | null | undefined): string {
  if (tl == null) return '';
  const kurus = Math.round(Math.abs(tl) * 100);
  const lira = String(Math.floor(kurus / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${tl < 0 && kurus > 0 ? '-' : ''}₺${lira},${String(kurus % 100).padStart(2, '0')}`;
}
/**
 * The price a list shows: the single price, or for a product with portions (prices in TL) their
 * range, "₺120,00 – ₺180,00" ('' when neither).
 */
export function formatPriceRange(selling: number | null | undefined, portions: ReadonlyArray<{ price: number }> | null | undefined): string {
  if (selling != null) return formatPrice(selling);
  if (!portions?.length) return '';
  const prices = portions.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return lo === hi ? formatPrice(lo) : `${formatPrice(lo)} – ${formatPrice(hi)}`;
}
/** 12345 → "12.345" */
export function formatNumber(n: number | null | undefined): string {
  return numberFormat().format(n ?? 0);
}
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat().format(new Date(iso)) : '';
}
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat().format(new Date(iso)) : '';
}
/** Turkish-aware upper case (i → İ). */
export const upperTr = (s: string) => s.toLocaleUpperCase('tr');
export const lowerTr = (s: string) => s.toLocaleLowerCase('tr');

/** Calendar day in Türkiye (Europe/Istanbul) as YYYY-MM-DD: the key of `daily_views`. */
export function istanbulDay(date: Date = new Date()): string {
  return dayFormat().format(date);
}
/** First day (YYYY-MM-DD) of the month of `date` in Türkiye: monthly view quotas count from it. */
export function istanbulMonthStart(date: Date = new Date()): string {
  return istanbulDay(date).slice(0, 8) + '01';
}
