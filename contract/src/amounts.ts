import { z } from 'zod';

/**
 * The amount of a product or portion (issue 41): a value and a unit, as the price-list regulation
 * asks for döner, iskender and hamburger ("250 g"). Optional everywhere.
 */
export const AMOUNT_UNITS = ['g', 'kg', 'ml', 'cl', 'L', 'adet', 'porsiyon'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];
export const isAmountUnit = (v: unknown): v is AmountUnit => typeof v === 'string' && (AMOUNT_UNITS as readonly string[]).includes(v);

export const AMOUNT_MSG = {
  value: 'Miktar 0’dan büyük, en fazla üç ondalıklı bir sayı olmalıdır (örneğin 250 veya 0,5).',
  unit: `Miktar birimi şunlardan biri olmalıdır: ${AMOUNT_UNITS.join(', ')}.`,
  pair: 'Miktar ile birimi birlikte girilmelidir (örneğin 250 ve g).',
} as const;

/** 250, '250', '0,5', '1.5' → number; '' / null → null (none); anything else NaN. */
export function parseAmountValue(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 && v < 1_000_000 && Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6 ? v : NaN;
  if (typeof v !== 'string' || !/^\d{1,6}([.,]\d{1,3})?$/.test(v.trim())) return NaN;
  const n = Number(v.trim().replace(',', '.'));
  return n > 0 ? n : NaN;
}

/** The unit as written ("gr", "G", "lt", "litre" are read too); '' / null → null; unknown → the text itself (invalid). */
export function parseAmountUnit(v: unknown): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (typeof v !== 'string') return '?';
  const s = v.trim();
  const lower = s.toLocaleLowerCase('tr');
  const alias: Record<string, AmountUnit> = { g: 'g', gr: 'g', gram: 'g', kg: 'kg', ml: 'ml', cl: 'cl', l: 'L', lt: 'L', litre: 'L', adet: 'adet', porsiyon: 'porsiyon' };
  return alias[lower] ?? s;
}

export const amountValueField = z.preprocess(parseAmountValue, z.number({ error: AMOUNT_MSG.value }).nullable().optional());
export const amountUnitField = z.preprocess(parseAmountUnit, z.enum(AMOUNT_UNITS, { error: AMOUNT_MSG.unit }).nullable().optional());

/** 250 → "250", 0.5 → "0,5", 1500 → "1.500" (tr-TR). */
export function formatAmountValue(n: number): string {
  const [int, dec] = String(n).split('.');
  return `${int.replace(/\B(?=(\d{3})+$)/g, '.')}${dec ? `,${dec}` : ''}`;
}
/** (250, 'g') → "250 g"; nothing when either is missing. */
export function formatAmount(value: number | null | undefined, unit: string | null | undefined): string {
  return value == null || !unit ? '' : `${formatAmountValue(value)} ${unit}`;
}
