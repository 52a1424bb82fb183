import { sql, type Transaction } from 'kysely';
import { parseLanguages, type MenuLanguage } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { bulkWriter, dialectOf } from '../../platform/db/database.js';
import { type Database } from '../../platform/db/schema.js';
import { foldName, type ImportMenu, type ImportPlan, type RowTranslations, type RowValues, type StoredTranslation } from './import-plan.js';
import { recordPriceChanges, type PriceChangeRow } from './price-history.repository.js';
import { listProducts } from '../catalog/index.js';

/** The owner's whole menu for export and import. Every query carries the owner id in its WHERE. */

type Q = DB | Transaction<Database>;
/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

/** The owner's product translations in these languages: product id → language → texts. */
async function productTexts(db: Q, userId: number, langs: readonly MenuLanguage[]) {
  const out = new Map<number, Map<string, StoredTranslation>>();
  if (langs.length === 0) return out;
  const rows = await db
    .selectFrom('product_translations')
    .select(['product_id', 'lang', 'name', 'description', 'variants'])
    .where('user_id', '=', userId)
    .where('lang', 'in', [...langs])
    .execute();
  for (const r of rows) {
    let m = out.get(r.product_id);
    if (!m) out.set(r.product_id, (m = new Map<string, StoredTranslation>()));
    m.set(r.lang, { name: r.name, description: r.description, variants: r.variants });
  }
  return out;
}

/** Every product in menu order, the enabled languages and the products' texts in them. */
export async function menuForExport(db: DB, userId: number) {
  const s = await db.selectFrom('settings').select('languages').where('user_id', '=', userId).executeTakeFirst();
  const languages = parseLanguages(s?.languages);
  const [products, translations] = await Promise.all([listProducts(db, userId), productTexts(db, userId, languages)]);
  return { products, languages, translations };
}

async function menuForImport(db: Q, userId: number, languages: readonly MenuLanguage[]): Promise<ImportMenu> {
  const [categories, products, translations] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    listProducts(db, userId),
    productTexts(db, userId, languages),
  ]);
  return { categories, products, languages, translations };
}

/**
 * Reads the menu, plans and (unless `dryRun`, the plan has errors, or it would pass the plan's
 * product limit) applies it, all in one transaction: the plan is made from the data it writes
 * over, and an error anywhere leaves everything as it was. The write goes through `bulkWriter`:
 * on SQLite the diners' reads are not held up by it.
 */
export async function importMenu(
  db: DB,
  userId: number,
  opts: { dryRun: boolean; now: string; plan: (menu: ImportMenu) => Promise<ImportPlan> | ImportPlan; limit: (userlevel: string | undefined) => number },
): Promise<{ plan: ImportPlan; overLimit: boolean; count: number }> {
  const run = async (q: Q, write: boolean) => {
    const s = await q
      .selectFrom('settings')
      .select(['userlevel', 'languages'])
      .where('user_id', '=', userId)
      .$if(write && dialectOf(db) === 'postgres', (b) => b.forUpdate())
      .executeTakeFirst();
    const menu = await menuForImport(q, userId, parseLanguages(s?.languages));
    const plan = await opts.plan(menu);
    const count = menu.products.length + plan.creates.length;
    const overLimit = plan.creates.length > 0 && count > opts.limit(s?.userlevel);
    if (write && plan.errors.length === 0 && !overLimit) await applyPlan(q, userId, plan, opts.now);
    return { plan, overLimit, count };
  };
  if (opts.dryRun) return run(db, false);
  // on SQLite its own connection: the menu's reads go on while it writes (see bulkWriter)
  return bulkWriter(db).transaction().execute((trx) => run(trx, true));
}

async function applyPlan(trx: Q, userId: number, plan: ImportPlan, now: string) {
  const categoryIds = new Map<string, number>();
  if (plan.newCategories.size > 0) {
    const { max } = await trx.selectFrom('categories').select((e) => e.fn.max('sort_order').as('max')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    let order = Number(max ?? 0);
    const entries = [...plan.newCategories];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const part = entries.slice(i, i + CHUNK);
      const ids = await trx
        .insertInto('categories')
        .values(part.map(([, name]) => ({ user_id: userId, name, description: null, image: null, status: '1', sort_order: ++order, created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      part.forEach(([key], j) => categoryIds.set(key, ids[j].id));
    }
  }
  if (plan.creates.length > 0) {
    const existing = await trx.selectFrom('categories').select(['id', 'name']).where('user_id', '=', userId).execute();
    for (const c of existing) if (!categoryIds.has(foldName(c.name))) categoryIds.set(foldName(c.name), c.id);
    const maxRows = await trx
      .selectFrom('products')
      .select(['category_id', (e) => e.fn.max('sort_order').as('max')])
      .where('user_id', '=', userId)
      .groupBy('category_id')
      .execute();
    const order = new Map(maxRows.map((r) => [r.category_id, Number(r.max ?? 0)]));
    const rows = plan.creates.map((c) => {
      const category_id = categoryIds.get(c.categoryKey)!;
      const sort_order = (order.get(category_id) ?? 0) + 1;
      order.set(category_id, sort_order);
      return {
        user_id: userId, category_id, name: c.name, description: c.values.description ?? null, selling_price: c.values.selling_price ?? null,
        original_price: c.values.original_price ?? null, allergen: c.values.allergen ?? null, image: null, status: c.values.status ?? '1',
        sold_out: c.values.sold_out ?? '0', allergens: c.values.allergens ?? '', labels: c.values.labels ?? '', variants: c.values.variants ?? '[]',
        amount: c.values.amount ?? null, amount_unit: c.values.amount_unit ?? null,
        sort_order, created_at: now, updated_at: now,
      };
    });
    const created: Array<{ id: number; translations: RowTranslations }> = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const ids = await trx.insertInto('products').values(rows.slice(i, i + CHUNK)).returning('id').execute();
      ids.forEach((r, j) => created.push({ id: r.id, translations: plan.creates[i + j].translations }));
    }
    await writeTranslations(trx, userId, created, new Map());
  }
  await updateMany(trx, userId, plan.updates, now);
  await writeTranslations(trx, userId, plan.updates.map((u) => ({ id: u.product.id, translations: u.translations })), plan.stored);
  const history: PriceChangeRow[] = [];
  for (const u of plan.updates) {
    const selling = u.values.selling_price === undefined ? u.product.selling_price : u.values.selling_price;
    const original = u.values.original_price === undefined ? u.product.original_price : u.values.original_price;
    if (selling !== u.product.selling_price || original !== u.product.original_price) {
      history.push({ product_id: u.product.id, old_selling: u.product.selling_price, new_selling: selling, old_original: u.product.original_price, new_original: original });
    }
  }
  await recordPriceChanges(trx, userId, history, 'import', now);
}

/**
 * The sheet's translations into product_translations: a text whose column is absent keeps the
 * stored one, portion names stay; a translation left with no text at all is removed (as on the
 * Çeviriler page).
 */
async function writeTranslations(trx: Q, userId: number, items: Array<{ id: number; translations: RowTranslations }>, stored: ImportPlan['stored']) {
  for (const { id, translations } of items) {
    for (const [lang, t] of translations) {
      const current = stored.get(id)?.get(lang);
      const row = { name: t.name ?? current?.name ?? '', description: t.description ?? current?.description ?? '', variants: current?.variants ?? '[]' };
      const portions = JSON.parse(row.variants || '[]') as unknown[];
      if (!row.name && !row.description && portions.every((v) => !v)) {
        if (current) await trx.deleteFrom('product_translations').where('product_id', '=', id).where('lang', '=', lang).where('user_id', '=', userId).execute();
        continue;
      }
      await trx
        .insertInto('product_translations')
        .values({ product_id: id, lang, user_id: userId, ...row })
        .onConflict((oc) => oc.columns(['product_id', 'lang']).doUpdateSet(row))
        .execute();
    }
  }
}

const INT_FIELDS = new Set(['selling_price', 'original_price']);

/**
 * Updates many products, 200 per statement: `SET f = CASE id WHEN … THEN … END` runs the same on
 * SQLite and PostgreSQL (the plan was read in this transaction, so current values are current).
 */
async function updateMany(trx: Q, userId: number, updates: ImportPlan['updates'], now: string) {
  if (updates.length === 0) return;
  for (let i = 0; i < updates.length; i += CHUNK) {
    const part = updates.slice(i, i + CHUNK);
    // a row without a value for a field (an empty Durum) keeps the product's current one
    const fields = [...new Set(part.flatMap((u) => Object.keys(u.values)))] as Array<keyof RowValues>;
    const set: Record<string, unknown> = { updated_at: now };
    for (const f of fields) {
      const when = part.map((u) => {
        const v = f in u.values ? (u.values[f] ?? null) : u.product[f];
        if (f === 'amount') return sql`WHEN ${u.product.id} THEN CAST(${v} AS DOUBLE PRECISION)`;
        return INT_FIELDS.has(f) ? sql`WHEN ${u.product.id} THEN CAST(${v} AS INTEGER)` : sql`WHEN ${u.product.id} THEN CAST(${v} AS TEXT)`;
      });
      set[f] = sql`CASE id ${sql.join(when, sql` `)} END`;
    }
    await trx
      .updateTable('products')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', 'in', part.map((u) => u.product.id))
      .execute();
  }
}
