import type { Transaction } from 'kysely';
import { planOf, type Plan } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/database.js';
import { first, fixedQuery } from '../../platform/db/fixed-query.js';
import type { Database } from '../../platform/db/schema.js';

/** Products of one owner. Every query carries the owner id in its WHERE. */

const productColumns = [
  'p.id', 'p.category_id', 'p.name', 'p.description', 'p.selling_price', 'p.original_price', 'p.allergen', 'p.image', 'p.status', 'c.name as category_name',
  'p.sold_out', 'p.allergens', 'p.labels', 'p.variants', 'p.sort_order', 'p.amount', 'p.amount_unit',
  'p.service_hours', 'p.service_outside', 'p.happy_hour',
] as const;

/**
 * Every product of the owner with its category's name, in menu order (categories, then products
 * in their order): the product list, the spreadsheet export and the import read the same rows.
 */
export async function listProducts(db: DB | Transaction<Database>, userId: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(productColumns)
    .where('p.user_id', '=', userId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

const productQuery = fixedQuery(['id', 'user'], (db, v) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', v.user))
    .select(productColumns)
    .where('p.id', '=', v.id)
    .where('p.user_id', '=', v.user),
);

export async function findProduct(db: DB, userId: number, id: number) {
  return first(db, productQuery(db, { id, user: userId }));
}
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export async function countProducts(db: DB, userId: number): Promise<number> {
  const { n } = await db.selectFrom('products').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(n);
}

export interface ProductValues {
  category_id: number;
  name: string;
  description: string | null;
  selling_price: number | null;
  original_price: number | null;
  allergen: string | null;
  image: string | null;
  status: string;
  sold_out: string;
  /** comma-separated codes */
  allergens: string;
  labels: string;
  /** JSON, kuruş */
  variants: string;
  /** "250 g": both or neither */
  amount: number | null;
  amount_unit: string | null;
  /** Service hours (JSON WeekHours), 'show'/null, happy hour (JSON): absent → unchanged (null on create). */
  service_hours?: string | null;
  service_outside?: string | null;
  happy_hour?: string | null;
}

/**
 * Inserts a product unless the owner's plan is full — the one place the product limit is checked.
 * The owner's settings row is locked first (PostgreSQL), so two parallel requests cannot both pass
 * the count; SQLite serialises write transactions anyway. Returns the new id, or the full plan.
 */
export async function createProductWithinLimit(db: DB, userId: number, v: ProductValues, now: string): Promise<{ id: number } | { full: Plan }> {
  const pg = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    const s = await trx
      .selectFrom('settings')
      .select('userlevel')
      .where('user_id', '=', userId)
      .$if(pg, (q) => q.forUpdate())
      .executeTakeFirst();
    const plan = planOf(s?.userlevel);
    if ((await countProducts(trx, userId)) >= plan.productLimit) return { full: plan };
    const { max } = await trx.selectFrom('products').select((e) => e.fn.max('sort_order').as('max')).where('category_id', '=', v.category_id).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('products')
      .values({ user_id: userId, ...v, sort_order: Number(max ?? 0) + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** The columns an edit may change (ProductValues), read in the edit's transaction to write only what differs. */
const editableColumns = [
  'category_id', 'name', 'description', 'selling_price', 'original_price', 'allergen', 'image', 'status', 'sold_out',
  'allergens', 'labels', 'variants', 'amount', 'amount_unit', 'service_hours', 'service_outside', 'happy_hour',
] as const satisfies ReadonlyArray<keyof ProductValues>;
const editableQuery = fixedQuery(['id', 'user'], (db, v) => db.selectFrom('products').select(editableColumns).where('id', '=', v.id).where('user_id', '=', v.user));

/**
 * The values of `v` that differ from the stored row. An edit that changes only a price then leaves
 * the name's search index, its trigger and the other indexes untouched (fewer pages written and
 * synced per edit). A value read back in another type (a driver's string for a number) counts as
 * changed and is written: never a change skipped.
 */
function changedValues(stored: Record<(typeof editableColumns)[number], unknown>, v: ProductValues): Partial<ProductValues> {
  const changed: Record<string, unknown> = {};
  for (const column of editableColumns) {
    if (v[column] !== undefined && v[column] !== stored[column]) changed[column] = v[column];
  }
  return changed;
}

/**
 * Updates a product, writing only the columns that change (and `updated_at`); moved to another
 * category, it goes last there. `priced` runs in the same transaction with the prices before and
 * after (kuruş) when either changed: the price history is written with the change, one commit for both.
 */
export async function updateProduct(db: DB, userId: number, id: number, v: ProductValues, now: string, priced?: (trx: DB, before: Prices, after: Prices) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    const current = await first(trx, editableQuery(trx, { id, user: userId }));
    if (!current) return false;
    let sortOrder: number | undefined;
    if (Number(current.category_id) !== v.category_id) {
      const { max } = await trx.selectFrom('products').select((e) => e.fn.max('sort_order').as('max')).where('category_id', '=', v.category_id).executeTakeFirstOrThrow();
      sortOrder = Number(max ?? 0) + 1;
    }
    const r = await trx
      .updateTable('products')
      .set({ ...changedValues(current, v), ...(sortOrder != null ? { sort_order: sortOrder } : {}), updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    if (priced && (current.selling_price !== v.selling_price || current.original_price !== v.original_price)) {
      await priced(trx, { selling: current.selling_price, original: current.original_price }, { selling: v.selling_price, original: v.original_price });
    }
    return true;
  });
}

/** A product's selling and original price (kuruş; null: none). */
export interface Prices {
  selling: number | null;
  original: number | null;
}

export async function deleteProduct(db: DB, userId: number, id: number) {
  const r = await db.deleteFrom('products').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Sets the owner's category order: `ids` must be exactly the owner's categories, each once;
 * otherwise nothing changes and false is returned.
 */
export async function sortCategories(db: DB, userId: number, ids: number[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom('categories').select('id').where('user_id', '=', userId).execute();
    if (!sameIds(own.map((r) => r.id), ids)) return false;
    await renumber(ids, (id, order) => trx.updateTable('categories').set({ sort_order: order }).where('id', '=', id).where('user_id', '=', userId).execute());
    return true;
  });
}

/** Same for the products of one of the owner's categories. */
export async function sortProducts(db: DB, userId: number, categoryId: number, ids: number[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom('products').select('id').where('user_id', '=', userId).where('category_id', '=', categoryId).execute();
    if (!sameIds(own.map((r) => r.id), ids)) return false;
    await renumber(ids, (id, order) => trx.updateTable('products').set({ sort_order: order }).where('id', '=', id).where('user_id', '=', userId).execute());
    return true;
  });
}

function sameIds(own: number[], ids: number[]): boolean {
  if (own.length !== ids.length || new Set(ids).size !== ids.length) return false;
  const set = new Set(own.map(Number));
  return ids.every((id) => set.has(id));
}

async function renumber(ids: number[], set: (id: number, order: number) => Promise<unknown>) {
  for (const [i, id] of ids.entries()) await set(id, i + 1);
}

export async function setSoldOut(db: DB, userId: number, id: number, soldOut: '1' | '0', now: string) {
  const r = await db.updateTable('products').set({ sold_out: soldOut, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
