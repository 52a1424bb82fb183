import { AMOUNT_MSG, formatPriceRange, isAmountUnit, parseAmountValue, type Variant } from '@qrmenu/contract';
import { PRODUCT_CONTENT_TEXT as C } from '../../texts/content';
import { PRODUCT_TEXT } from '../../texts/user';

/**
 * Prices on the owner's product screens (tested in productPrices.test.ts): the list's price
 * column with contract's formatPrice (₺1.234,50), and the form's typed prices in Turkish decimals.
 */

/** The price column: the single price, or the portions' range (₺60,00 – ₺90,00), or — without any. */
export function priceSummary(p: { selling_price?: number | null; variants?: Variant[] }): string {
  return formatPriceRange(p.selling_price, p.variants) || PRODUCT_TEXT.noPrice;
}

/** 12.5 → '12,50' in the form's price fields (the server accepts both decimal marks); none → ''. */
export const priceText = (n: number | null | undefined) => (n == null ? '' : n.toFixed(2).replace('.', ','));

/** A portion row as typed (the price is text until it is sent). */
export interface PortionDraft {
  name: string;
  price: string;
  /** "250" and "g": the portion's amount, both or neither (absent: none typed) */
  amount?: string;
  unit?: string;
}

/** 0.5 → '0,5' as the form shows amounts. */
export const amountText = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','));

/** An amount as typed → the API's value, none, or a Turkish error. */
export function amountToSend(amount: string, unit: string): { amount?: number; unit?: Variant['unit'] } | { error: string } {
  if (!amount.trim() && !unit) return {};
  if (!amount.trim() || !unit) return { error: AMOUNT_MSG.pair };
  const n = parseAmountValue(amount);
  if (typeof n !== 'number' || Number.isNaN(n)) return { error: AMOUNT_MSG.value };
  if (!isAmountUnit(unit)) return { error: AMOUNT_MSG.unit };
  return { amount: n, unit };
}

/** Stored portions → rows, whole prices without ',00' (60 → '60', 165.5 → '165,50'). */
export const portionDrafts = (variants: Variant[] | undefined): PortionDraft[] =>
  (variants ?? []).map((v) => ({
    name: v.name,
    price: priceText(v.price).replace(/,00$/, ''),
    ...(v.amount != null || v.unit ? { amount: amountText(v.amount), unit: v.unit ?? '' } : {}),
  }));

/** The drafts as the API wants them, or a Turkish error; blank rows are dropped. */
export function portionsToSend(drafts: PortionDraft[]): { variants: Variant[] } | { error: string } {
  const variants: Variant[] = [];
  for (const d of drafts) {
    const name = d.name.trim();
    const price = d.price.trim();
    if (!name && !price) continue;
    if (!name || name.length > 40) return { error: C.portionNameMissing };
    if (!/^\d{1,8}([.,]\d{1,2})?$/.test(price)) return { error: C.portionPriceInvalid };
    const amount = amountToSend(d.amount ?? '', d.unit ?? '');
    if ('error' in amount) return amount;
    variants.push({ name, price: Number(price.replace(',', '.')), ...amount });
  }
  return { variants };
}
