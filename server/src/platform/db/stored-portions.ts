import { isAmountUnit, type AmountUnit } from '@qrmenu/contract';

/** One portion as `products.variants` stores it (JSON): the price in kuruş, an optional amount. */
export interface StoredPortion {
  name: string;
  price: number;
  amount?: number;
  unit?: AmountUnit;
}

const parsed = (stored: string | null | undefined): unknown[] => {
  try {
    const list = JSON.parse(stored || '[]') as unknown;
    return Array.isArray(list) ? (list as unknown[]) : [];
  } catch {
    return [];
  }
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `products.variants` → its portions; entries without a name and a numeric price, or unreadable JSON, are none. */
export function storedPortions(stored: string | null | undefined): StoredPortion[] {
  return parsed(stored).flatMap((v) => {
    if (!isRecord(v) || typeof v.name !== 'string' || typeof v.price !== 'number') return [];
    const amount = typeof v.amount === 'number' && isAmountUnit(v.unit) ? { amount: v.amount, unit: v.unit } : {};
    return [{ name: v.name, price: v.price, ...amount }];
  });
}

/** The portion names of `products.variants` (a plain string entry is a name too; anything else is ''). */
export function storedPortionNames(stored: string | null | undefined): string[] {
  return parsed(stored).map((v) => (typeof v === 'string' ? v : isRecord(v) && typeof v.name === 'string' ? v.name : ''));
}
