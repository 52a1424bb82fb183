import { ALLERGEN_CODES, kurusToTl, LABEL_CODES, tlToKurus, type AllergenCode, type LabelCode, type ProductContent, type Variant } from '@qrmenu/contract';
import { storedPortions } from '../../platform/db/stored-portions.js';

/**
 * Menu content columns of a product (sold_out, allergens, labels, variants) between the database
 * (comma-separated codes, JSON with kuruş) and the answers (arrays, TL).
 */

export interface ContentRow {
  sold_out: string;
  allergens: string;
  labels: string;
  variants: string;
  sort_order: number;
}

const codesOf = <C extends string>(known: readonly C[], stored: string | null | undefined): C[] => {
  if (!stored) return [];
  const set = new Set(stored.split(','));
  return known.filter((c) => set.has(c));
};
export const allergensOf = (stored: string | null | undefined): AllergenCode[] => codesOf(ALLERGEN_CODES, stored);
export const labelsOf = (stored: string | null | undefined): LabelCode[] => codesOf(LABEL_CODES, stored);

/** Stored portions (kuruş) → TL; anything unreadable is no portion. */
export function variantsOf(stored: string | null | undefined): Variant[] {
  if (!stored || stored === '[]') return [];
  return storedPortions(stored).map((v) => ({ ...v, price: kurusToTl(v.price)! }));
}

export const storeVariants = (variants: Variant[]) =>
  JSON.stringify(variants.map((v) => ({ name: v.name, price: tlToKurus(v.price), ...(v.amount != null && v.unit ? { amount: v.amount, unit: v.unit } : {}) })));

export function presentContent(r: ContentRow): ProductContent {
  return {
    sold_out: r.sold_out === '1' ? '1' : '0',
    allergens: allergensOf(r.allergens),
    labels: labelsOf(r.labels),
    variants: variantsOf(r.variants),
    sort_order: Number(r.sort_order),
  };
}
