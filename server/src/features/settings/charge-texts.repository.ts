import { announcedCharge, isMenuLanguage, type MenuLanguage } from '@qrmenu/contract';
import type { z } from 'zod';
import type { chargeTextSchema } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { storedPortionNames as portionNames } from '../../platform/db/stored-portions.js';

export type ChargeText = z.infer<typeof chargeTextSchema>;


/**
 * The owner's texts, written before the charge rule (contract price-rules.ts), that announce a
 * service or cover charge: the about text and menu note, category and product names, descriptions
 * and portion names, and their translations. The menu hides them; the welcome screen lists them.
 */
export async function findChargeTexts(db: DB, userId: number): Promise<ChargeText[]> {
  const [settings, categories, products, catTr, prodTr] = await Promise.all([
    db.selectFrom('settings').select(['about', 'service_note']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('categories').select(['id', 'name', 'description']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('products').select(['id', 'name', 'description', 'variants']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('category_translations').select(['category_id', 'lang', 'name', 'description']).where('user_id', '=', userId).execute(),
    db.selectFrom('product_translations').select(['product_id', 'lang', 'name', 'description', 'variants']).where('user_id', '=', userId).execute(),
  ]);
  const out: ChargeText[] = [];
  const check = (kind: ChargeText['kind'], id: number | null, name: string | null, field: ChargeText['field'], lang: MenuLanguage | null, text: string | null) => {
    if (text && announcedCharge(text)) out.push({ kind, id, name, field, lang, text });
  };
  check('about', null, null, 'about', null, settings?.about ?? null);
  check('service_note', null, null, 'service_note', null, settings?.service_note ?? null);
  const catName = new Map(categories.map((c) => [c.id, c.name]));
  const prodName = new Map(products.map((p) => [p.id, p.name]));
  for (const c of categories) {
    check('category', c.id, c.name, 'name', null, c.name);
    check('category', c.id, c.name, 'description', null, c.description);
  }
  for (const p of products) {
    check('product', p.id, p.name, 'name', null, p.name);
    check('product', p.id, p.name, 'description', null, p.description);
    check('product', p.id, p.name, 'variants', null, portionNames(p.variants).find((n) => announcedCharge(n)) ?? null);
  }
  for (const t of catTr) {
    const lang = isMenuLanguage(t.lang) ? t.lang : null;
    check('category', t.category_id, catName.get(t.category_id) ?? null, 'name', lang, t.name);
    check('category', t.category_id, catName.get(t.category_id) ?? null, 'description', lang, t.description);
  }
  for (const t of prodTr) {
    const lang = isMenuLanguage(t.lang) ? t.lang : null;
    check('product', t.product_id, prodName.get(t.product_id) ?? null, 'name', lang, t.name);
    check('product', t.product_id, prodName.get(t.product_id) ?? null, 'description', lang, t.description);
    check('product', t.product_id, prodName.get(t.product_id) ?? null, 'variants', lang, portionNames(t.variants).find((n) => announcedCharge(n)) ?? null);
  }
  return out;
}
