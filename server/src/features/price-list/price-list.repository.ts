import { MENU_LANGUAGES, type MenuLanguage } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { portionsOf, type ListCategory, type ListItem, type MainList } from './price-list-content.js';

/** Queries of the price lists. Every query carries the owner id in its WHERE. */

export async function findListBusiness(db: DB, userId: number) {
  return db
    .selectFrom('settings')
    .select(['companyname', 'companyengname', 'address', 'about', 'service_note', 'languages'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

const isLang = (l: string): l is MenuLanguage => (MENU_LANGUAGES as readonly string[]).includes(l);

/**
 * The main branch's list as the menu stands: every active product of every active category, in
 * menu order; with each product's campaign "was" price as stored (kuruş), which a branch's own
 * price is compared with (price-list-content.ts `atBranchList`).
 */
export async function readCurrentList(db: DB, userId: number): Promise<MainList | undefined> {
  const s = await findListBusiness(db, userId);
  if (!s?.companyengname) return undefined;
  const [categories, products, catTr, prodTr] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).where('user_id', '=', userId).where('status', '=', '1').orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('products')
      .select(['id', 'category_id', 'name', 'selling_price', 'original_price', 'amount', 'amount_unit', 'variants'])
      .where('user_id', '=', userId)
      .where('status', '=', '1')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('category_translations').select(['category_id', 'lang', 'name']).where('user_id', '=', userId).orderBy('lang').execute(),
    db.selectFrom('product_translations').select(['product_id', 'lang', 'name', 'variants']).where('user_id', '=', userId).orderBy('lang').execute(),
  ]);
  const byCategory = new Map<number, ListItem[]>();
  const originals = new Map<number, number | null>();
  const productI18n = new Map<number, ListItem['i18n']>();
  for (const t of prodTr) {
    if (!isLang(t.lang) || !t.name.trim()) continue;
    let names: string[] = [];
    try {
      const v = JSON.parse(t.variants || '[]') as unknown;
      if (Array.isArray(v)) names = v.map((x) => (typeof x === 'string' ? x : ''));
    } catch {
      names = [];
    }
    productI18n.set(t.product_id, { ...productI18n.get(t.product_id), [t.lang]: { name: t.name.trim(), portions: names } });
  }
  const categoryI18n = new Map<number, ListCategory['i18n']>();
  for (const t of catTr) if (isLang(t.lang) && t.name.trim()) categoryI18n.set(t.category_id, { ...categoryI18n.get(t.category_id), [t.lang]: t.name.trim() });
  for (const p of products) {
    const list = byCategory.get(p.category_id) ?? [];
    const hasAmount = p.amount != null && p.amount_unit != null;
    originals.set(p.id, p.original_price);
    list.push({
      id: p.id,
      name: p.name,
      price: p.selling_price,
      was: p.original_price != null && p.selling_price != null && p.original_price > p.selling_price ? p.original_price : null,
      amount: hasAmount ? Number(p.amount) : null,
      unit: hasAmount ? p.amount_unit : null,
      portions: portionsOf(p.variants),
      i18n: productI18n.get(p.id) ?? {},
    });
    byCategory.set(p.category_id, list);
  }
  const content = {
    business: { name: s.companyname || 'QR Menü', address: s.address ?? '', slug: s.companyengname },
    categories: categories.filter((c) => byCategory.has(c.id)).map((c) => ({ id: c.id, name: c.name, i18n: categoryI18n.get(c.id) ?? {}, items: byCategory.get(c.id)! })),
  };
  return { content, originals };
}

/** Every text a diner reads (the business's, active categories' and products', their translations), for the no-charge rule. */
export async function readChargeTexts(db: DB, userId: number): Promise<Array<{ where: string; text: string; productId: number | null; productName: string | null }>> {
  const [s, categories, products, catTr, prodTr] = await Promise.all([
    findListBusiness(db, userId),
    db.selectFrom('categories').select(['id', 'name', 'description']).where('user_id', '=', userId).where('status', '=', '1').execute(),
    db.selectFrom('products').select(['id', 'name', 'description', 'allergen']).where('user_id', '=', userId).where('status', '=', '1').orderBy('id').execute(),
    db.selectFrom('category_translations').select(['category_id', 'name', 'description']).where('user_id', '=', userId).execute(),
    db.selectFrom('product_translations').select(['product_id', 'name', 'description']).where('user_id', '=', userId).execute(),
  ]);
  const out: Array<{ where: string; text: string; productId: number | null; productName: string | null }> = [];
  const add = (where: string, text: string | null | undefined, productId: number | null = null, productName: string | null = null) => {
    if (text) out.push({ where, text, productId, productName });
  };
  add('İşletme adı', s?.companyname);
  add('Menü notu', s?.service_note);
  add('Hakkımızda yazısı', s?.about);
  const catName = new Map(categories.map((c) => [c.id, c.name]));
  for (const c of categories) add(`«${c.name}» kategorisi`, `${c.name}. ${c.description ?? ''}`);
  for (const t of catTr) if (catName.has(t.category_id)) add(`«${catName.get(t.category_id)}» kategorisinin çevirisi`, `${t.name}. ${t.description}`);
  const prodName = new Map(products.map((p) => [p.id, p.name]));
  for (const p of products) add(`«${p.name}» ürünü`, `${p.name}. ${p.description ?? ''}. ${p.allergen ?? ''}`, p.id, p.name);
  for (const t of prodTr) {
    const name = prodName.get(t.product_id);
    if (name) add(`«${name}» ürününün çevirisi`, `${t.name}. ${t.description}`, t.product_id, name);
  }
  return out;
}

export async function findOwnProduct(db: DB, userId: number, id: number) {
  return db.selectFrom('products').select(['selling_price', 'original_price']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}
