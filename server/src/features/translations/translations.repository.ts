import type { BusinessTexts, MenuLanguage, SaveTranslationsInput, TranslationItem, TranslationText } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { storedPortionNames as namesOf } from '../../platform/db/stored-portions.js';

/**
 * Translations of an owner's categories and products (name, description, portion names, the
 * free-text allergen line) and of the business's own texts (about, menu note, Wi-Fi name) into the
 * menu languages. Every query is scoped by the owner; a row goes with its item (on delete cascade).
 */


const text = (name: string, description: string | null, variants?: string[], allergen?: string | null): TranslationText => ({
  name,
  description: description ?? '',
  ...(variants && variants.length > 0 ? { variants } : {}),
  ...(allergen != null ? { allergen } : {}),
});

const BUSINESS_FIELDS = ['about', 'service_note', 'wifi_name'] as const;

/** The business's own texts in Turkish, and in `lang` (null: none saved). */
export async function businessTexts(db: DB, userId: number, lang: MenuLanguage): Promise<{ source: BusinessTexts; translation: BusinessTexts | null }> {
  const [s, t] = await Promise.all([
    db.selectFrom('settings').select(BUSINESS_FIELDS).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('business_translations').select(BUSINESS_FIELDS).where('user_id', '=', userId).where('lang', '=', lang).executeTakeFirst(),
  ]);
  return { source: { about: s?.about ?? '', service_note: s?.service_note ?? '', wifi_name: s?.wifi_name ?? '' }, translation: t ?? null };
}

/** Texts counted by the completeness figure: [Turkish, translation] pairs; only those written in Turkish count. */
function completenessOf(items: TranslationItem[], business: { source: BusinessTexts; translation: BusinessTexts | null }): number {
  const pairs: Array<[string, string | undefined]> = [];
  for (const i of items) {
    pairs.push([i.source.name || '·', i.translation?.name]);
    (i.source.variants ?? []).forEach((v, k) => pairs.push([v, i.translation?.variants?.[k]]));
    if (i.source.allergen) pairs.push([i.source.allergen, i.translation?.allergen]);
  }
  for (const f of BUSINESS_FIELDS) pairs.push([business.source[f], business.translation?.[f]]);
  const counted = pairs.filter(([tr]) => tr.trim() !== '');
  const done = counted.filter(([, t]) => t !== undefined && t.trim() !== '').length;
  return counted.length === 0 ? 100 : Math.floor((done / counted.length) * 100);
}

/**
 * Every category and product of the owner (categories in menu order, each followed by its
 * products), the business's texts, and the completeness figure.
 */
export async function listTranslations(
  db: DB,
  userId: number,
  lang: MenuLanguage,
): Promise<{ items: TranslationItem[]; business: { source: BusinessTexts; translation: BusinessTexts | null }; completeness: number }> {
  const [categories, products, catTr, prodTr] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'description']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('products').select(['id', 'category_id', 'name', 'description', 'variants', 'allergen']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('category_translations').select(['category_id', 'name', 'description']).where('user_id', '=', userId).where('lang', '=', lang).execute(),
    db.selectFrom('product_translations').select(['product_id', 'name', 'description', 'variants', 'allergen']).where('user_id', '=', userId).where('lang', '=', lang).execute(),
  ]);
  const business = await businessTexts(db, userId, lang);
  const catMap = new Map(catTr.map((t) => [t.category_id, t]));
  const prodMap = new Map(prodTr.map((t) => [t.product_id, t]));
  const items: TranslationItem[] = [];
  for (const c of categories) {
    const t = catMap.get(c.id);
    items.push({ type: 'category', id: c.id, source: text(c.name, c.description), translation: t ? text(t.name, t.description) : null });
    for (const p of products) {
      if (p.category_id !== c.id) continue;
      const portions = namesOf(p.variants);
      const tp = prodMap.get(p.id);
      const tv = tp ? namesOf(tp.variants) : [];
      items.push({
        type: 'product',
        id: p.id,
        category_id: c.id,
        source: text(p.name, p.description, portions, p.allergen || null),
        translation: tp ? text(tp.name, tp.description, portions.length ? portions.map((_, i) => tv[i] ?? '') : undefined, p.allergen ? tp.allergen : null) : null,
      });
    }
  }
  return { items, business, completeness: completenessOf(items, business) };
}

/**
 * Saves translations in one transaction. Returns false, with nothing saved, when an id is not one
 * of the owner's. An item with every field empty removes its translation.
 */
export async function saveTranslations(db: DB, userId: number, input: SaveTranslationsInput): Promise<boolean> {
  const lang = input.lang;
  const catIds = [...new Set(input.items.filter((i) => i.type === 'category').map((i) => i.id))];
  const prodIds = [...new Set(input.items.filter((i) => i.type === 'product').map((i) => i.id))];
  return db.transaction().execute(async (trx) => {
    const cats = catIds.length ? await trx.selectFrom('categories').select('id').where('user_id', '=', userId).where('id', 'in', catIds).execute() : [];
    const prods = prodIds.length ? await trx.selectFrom('products').select('id').where('user_id', '=', userId).where('id', 'in', prodIds).execute() : [];
    if (cats.length !== catIds.length || prods.length !== prodIds.length) return false;
    for (const item of input.items) {
      const variants = (item.variants ?? []).map((v) => v);
      const empty = !item.name && !item.description && variants.every((v) => !v) && !item.allergen;
      if (item.type === 'category') {
        if (empty) {
          await trx.deleteFrom('category_translations').where('category_id', '=', item.id).where('lang', '=', lang).execute();
          continue;
        }
        const row = { name: item.name, description: item.description };
        await trx
          .insertInto('category_translations')
          .values({ category_id: item.id, lang, user_id: userId, ...row })
          .onConflict((oc) => oc.columns(['category_id', 'lang']).doUpdateSet(row))
          .execute();
      } else {
        if (empty) {
          await trx.deleteFrom('product_translations').where('product_id', '=', item.id).where('lang', '=', lang).execute();
          continue;
        }
        const row = { name: item.name, description: item.description, variants: JSON.stringify(variants), ...(item.allergen !== undefined ? { allergen: item.allergen } : {}) };
        await trx
          .insertInto('product_translations')
          .values({ product_id: item.id, lang, user_id: userId, ...row })
          .onConflict((oc) => oc.columns(['product_id', 'lang']).doUpdateSet(row))
          .execute();
      }
    }
    if (input.business) {
      const row = input.business;
      if (!row.about && !row.service_note && !row.wifi_name) {
        await trx.deleteFrom('business_translations').where('user_id', '=', userId).where('lang', '=', lang).execute();
      } else {
        await trx
          .insertInto('business_translations')
          .values({ user_id: userId, lang, ...row })
          .onConflict((oc) => oc.columns(['user_id', 'lang']).doUpdateSet(row))
          .execute();
      }
    }
    return true;
  });
}

export interface TranslatedText {
  name: string;
  description: string;
  variants: string[];
  allergen: string;
}

/** A language's translations of some categories / products (for the diner's pages), by id. */
export async function categoryTranslations(db: DB, lang: MenuLanguage, ids: number[]): Promise<Map<number, TranslatedText>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('category_translations').select(['category_id', 'name', 'description']).where('lang', '=', lang).where('category_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.category_id, { name: r.name, description: r.description, variants: [], allergen: '' }]));
}

export async function productTranslations(db: DB, lang: MenuLanguage, ids: number[]): Promise<Map<number, TranslatedText>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('product_translations').select(['product_id', 'name', 'description', 'variants', 'allergen']).where('lang', '=', lang).where('product_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.product_id, { name: r.name, description: r.description, variants: namesOf(r.variants), allergen: r.allergen }]));
}

/** A translation of an ordered product, with the product's Turkish name and portion names as they are now. */
export interface OrderedTranslation {
  name: string;
  variants: string[];
  source: { name: string; variants: string[] };
}

/**
 * A language's translations of products a table ordered (the diner's basket, orders and bill), by
 * id, with the Turkish they translate (to tell an item ordered under that name and portion). Only
 * the owner's products.
 */
export async function orderedProductTranslations(db: DB, lang: MenuLanguage, userId: number, ids: number[]): Promise<Map<number, OrderedTranslation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_translations as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['t.product_id', 't.name', 't.variants', 'p.name as source_name', 'p.variants as source_variants'])
    .where('t.lang', '=', lang)
    .where('p.user_id', '=', userId)
    .where('t.product_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.product_id), { name: r.name, variants: namesOf(r.variants), source: { name: r.source_name, variants: namesOf(r.source_variants) } }]));
}

/** A language's translation of a business's own texts (about, menu note, Wi-Fi name), if saved. */
export async function businessTranslation(db: DB, lang: MenuLanguage, userId: number): Promise<BusinessTexts | undefined> {
  return db.selectFrom('business_translations').select(BUSINESS_FIELDS).where('lang', '=', lang).where('user_id', '=', userId).executeTakeFirst();
}
