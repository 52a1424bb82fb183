import type { MenuLanguage } from '@qrmenu/contract';
import { storedPortions, type StoredPortion } from '../../platform/db/stored-portions.js';

/**
 * What a price list shows, as a value: the content of a version (stored as JSON, so a past version
 * prints exactly as it did) and the way two versions differ. Prices in kuruş.
 */

/** A portion on the list: as stored (kuruş). */
export type ListPortion = StoredPortion;
export interface ListItem {
  id: number;
  name: string;
  /** selling price (kuruş), or null when only the portions have prices */
  price: number | null;
  /** the campaign's struck-through "was" price, only when above the price */
  was: number | null;
  amount: number | null;
  unit: string | null;
  portions: ListPortion[];
  /** translated name and portion names per language */
  i18n: Partial<Record<MenuLanguage, { name: string; portions: string[] }>>;
}
export interface ListCategory {
  id: number;
  name: string;
  i18n: Partial<Record<MenuLanguage, string>>;
  items: ListItem[];
}
export interface ListContent {
  business: { name: string; address: string; slug: string };
  categories: ListCategory[];
}

/** The main branch's list and each product's stored "was" price (kuruş), for the branches' lists. */
export interface MainList {
  content: ListContent;
  originals: Map<number, number | null>;
}

/** An extra branch's override of a product as its list applies it (features/branches). */
export interface ListOverride {
  /** Kuruş; null = the shared price. */
  price: number | null;
  unavailable: boolean;
}

/**
 * The list at an extra branch, as its menu serves the products: its name ("Çınar Kafe – Kadıköy"),
 * address and slug; its own price where it has one (the campaign's "was" price shown only when
 * above it); without the products left off there (a category left empty goes too). Sold out stays:
 * the product is still on the branch's menu.
 */
export function atBranchList(main: MainList, at: ListContent['business'], overrides: Map<number, ListOverride>): ListContent {
  const categories = main.content.categories.flatMap((c) => {
    const items = c.items.flatMap((i) => {
      const o = overrides.get(i.id);
      if (o?.unavailable) return [];
      if (o?.price == null) return [i];
      const original = main.originals.get(i.id) ?? null;
      return [{ ...i, price: o.price, was: original != null && original > o.price ? original : null }];
    });
    return items.length ? [{ ...c, items }] : [];
  });
  return { business: at, categories };
}

/** Stored portions (JSON, kuruş) as the list shows them. */
export function portionsOf(stored: string | null): ListPortion[] {
  return storedPortions(stored);
}

export const itemsOf = (c: ListContent) => c.categories.flatMap((cat) => cat.items);

/** What a line of the list shows (name, amount, prices, translations): changes are counted on it. */
const shown = (i: ListItem) => JSON.stringify([i.name, i.amount, i.unit, i.portions.map((p) => [p.name, p.amount, p.unit]), i.i18n]);
const priced = (i: ListItem) => JSON.stringify([i.price, i.was, i.portions.map((p) => p.price)]);

/** Products added, removed or changed between two lists; price changes among them. */
export function diffLists(before: ListContent | null, after: ListContent): { changes: number; priceChanges: number } {
  const old = new Map((before ? itemsOf(before) : []).map((i) => [i.id, i]));
  let changes = 0;
  let priceChanges = 0;
  for (const item of itemsOf(after)) {
    const was = old.get(item.id);
    old.delete(item.id);
    if (!was) {
      changes++;
      continue;
    }
    const repriced = priced(was) !== priced(item);
    if (repriced) priceChanges++;
    if (repriced || shown(was) !== shown(item)) changes++;
  }
  changes += old.size;
  // the business's name or address, or a category's name: one change
  if (before && JSON.stringify([before.business, before.categories.map((c) => [c.name, c.i18n])]) !== JSON.stringify([after.business, after.categories.map((c) => [c.name, c.i18n])]) && changes === 0) {
    changes = 1;
  }
  return { changes, priceChanges };
}
