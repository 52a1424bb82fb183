import { announcedCharge, type AnyLanguage, type MenuLanguage, type PublicCategory, type PublicProduct } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { businessTranslation, categoryTranslations, orderedProductTranslations, productTranslations } from '../translations/index.js';
import type { PublicBusiness } from './public-menu.repository.js';

/**
 * The diner's menu in a language: each name, description and portion name replaced by its
 * translation where there is one, the Turkish kept item by item (field by field) where not. A
 * translation that announces a service or cover charge (saved before the rule) is not used.
 */

/** The translation when there is one that announces no charge, else the Turkish. */
const or = (translated: string | undefined, turkish: string): string => (translated && !announcedCharge(translated) ? translated : turkish);
const orNull = (translated: string | undefined, turkish: string | null): string | null => (translated && !announcedCharge(translated) ? translated : turkish);

export async function translateCategories<C extends PublicCategory>(db: DB, lang: MenuLanguage | undefined, categories: C[]): Promise<C[]> {
  if (!lang || categories.length === 0) return categories;
  const tr = await categoryTranslations(db, lang, categories.map((c) => c.id));
  return categories.map((c) => {
    const t = tr.get(c.id);
    return t ? { ...c, name: or(t.name, c.name), description: orNull(t.description, c.description) } : c;
  });
}

type WithCategory = { category?: { id: number; name: string } };

export async function translateProducts<P extends PublicProduct & WithCategory>(db: DB, lang: MenuLanguage | undefined, products: P[]): Promise<P[]> {
  if (!lang || products.length === 0) return products;
  const tr = await productTranslations(db, lang, products.map((p) => p.id));
  const catIds = [...new Set(products.flatMap((p) => (p.category ? [p.category.id] : [])))];
  const cats = await categoryTranslations(db, lang, catIds);
  return products.map((p) => {
    const t = tr.get(p.id);
    const out = t
      ? {
          ...p,
          name: or(t.name, p.name),
          description: orNull(t.description, p.description),
          variants: p.variants.map((v, i) => ({ ...v, name: or(t.variants[i], v.name) })),
          allergen: orNull(t.allergen, p.allergen),
        }
      : { ...p };
    if (p.category) out.category = { ...p.category, name: or(cats.get(p.category.id)?.name, p.category.name) };
    return out;
  });
}

/** The business's own texts (about, menu note, Wi-Fi name) in the language where translated. */
export async function translateBusiness<B extends PublicBusiness>(db: DB, lang: MenuLanguage | undefined, business: B): Promise<B> {
  if (!lang) return business;
  const t = await businessTranslation(db, lang, business.userId);
  if (!t) return business;
  const b = business.company.branding;
  if (!b) return business;
  const branding = { ...b, about: b.about && orNull(t.about, b.about), service_note: b.service_note && orNull(t.service_note, b.service_note), wifi_name: b.wifi_name && (business.branchId ? b.wifi_name : orNull(t.wifi_name, b.wifi_name)) };
  return { ...business, company: { ...business.company, branding } };
}

/** An ordered item's product name and portion name (Turkish, as ordered) as the diner's page shows them. */
export type OrderedNames = (productId: number | null | undefined, name: string, portion: string) => { name: string; portion: string };

/**
 * Names of ordered products (a table's basket lines, its orders, its bill) in the diner's
 * language, as the menu names them: the owner's translation of the product's name and of the
 * portion's name (by its place in the product's portions) where there is one, the Turkish as
 * ordered where not, field by field. A name or portion the product no longer has (renamed since)
 * keeps the Turkish it was ordered under. Turkish (or no item): no query.
 */
export async function orderedNames(db: DB, lang: AnyLanguage | undefined, userId: number, productIds: Array<number | null | undefined>): Promise<OrderedNames> {
  const ids = [...new Set(productIds.filter((id): id is number => typeof id === 'number'))];
  const tr = lang && lang !== 'tr' && ids.length > 0 ? await orderedProductTranslations(db, lang, userId, ids) : undefined;
  return (id, name, portion) => {
    const t = id == null ? undefined : tr?.get(id);
    if (!t) return { name, portion };
    const k = portion ? t.source.variants.indexOf(portion) : -1;
    return { name: t.source.name === name ? or(t.name, name) : name, portion: k >= 0 ? or(t.variants[k], portion) : portion };
  };
}
