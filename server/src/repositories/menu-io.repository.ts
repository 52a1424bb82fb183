import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.js';
import { dialectOf } from '../db/database.js';
import { nowIso, type Database } from '../db/schema.js';
import { foldName, type ImportPlan, type MenuCategory, type MenuProduct, type RowValues } from '../menu-io/import-plan.js';
import { recordPriceChanges, type PriceChangeRow } from './price-history.repository.js';

/** The owner's whole menu for export and import. Every query carries the owner id in its WHERE. */

type Q = DB | Transaction<Database>;
/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

export async function menuForExport(db: Q, userId: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(['p.id', 'p.name', 'p.description', 'p.selling_price', 'p.original_price', 'p.allergen', 'p.status', 'c.name as category_name'])
    .where('p.user_id', '=', userId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

export async function menuForImport(db: Q, userId: number): Promise<{ categories: MenuCategory[]; products: MenuProduct[] }> {
  const [categories, products] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute(),
    db
      .selectFrom('products')
      .select(['id', 'category_id', 'name', 'description', 'selling_price', 'original_price', 'allergen', 'status'])
      .where('user_id', '=', userId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return { categories, products };
}

/**
 * Reads the menu, plans and (unless `dryRun`, the plan has errors, or it would pass the plan's
 * product limit) applies it, all in one transaction: the plan is made from the data it writes
 * over, and an error anywhere leaves everything as it was.
 */
export async function importMenu(
  db: DB,
  userId: number,
  opts: { dryRun: boolean; plan: (menu: Awaited<ReturnType<typeof menuForImport>>) => ImportPlan; limit: (userlevel: string | undefined) => number },
): Promise<{ plan: ImportPlan; overLimit: boolean; count: number }> {
  const run = async (q: Q, write: boolean) => {
    const s = await q
      .selectFrom('settings')
      .select('userlevel')
      .where('user_id', '=', userId)
      .$if(write && dialectOf(db) === 'postgres', (b) => b.forUpdate())
      .executeTakeFirst();
    const menu = await menuForImport(q, userId);
    const plan = opts.plan(menu);
    const count = menu.products.length + plan.creates.length;
    const overLimit = plan.creates.length > 0 && count > opts.limit(s?.userlevel);
    if (write && plan.errors.length === 0 && !overLimit) await applyPlan(q, userId, plan);
    return { plan, overLimit, count };
  };
  if (opts.dryRun) return run(db, false);
  return db.transaction().execute((trx) => run(trx, true));
}

async function applyPlan(trx: Q, userId: number, plan: ImportPlan) {
  const now = nowIso();
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
      part.forEach(([key], j) => categoryIds.set(key, ids[j]!.id));
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
        sort_order, created_at: now, updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK) await trx.insertInto('products').values(rows.slice(i, i + CHUNK)).execute();
  }
  await updateMany(trx, userId, plan.updates, now);
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
