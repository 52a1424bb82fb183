import { planOf, type Plan } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import { dialectOf } from '../db/database.js';
import { nowIso } from '../db/schema.js';

/** Products of one owner. Every query carries the owner id in its WHERE. */

const productColumns = [
  'p.id', 'p.category_id', 'p.name', 'p.description', 'p.selling_price', 'p.original_price', 'p.allergen', 'p.image', 'p.status', 'c.name as category_name',
] as const;

export async function listProducts(db: DB, userId: number) {
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

export async function findProduct(db: DB, userId: number, id: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(productColumns)
    .where('p.id', '=', id)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
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
}

/**
 * Inserts a product unless the owner's plan is full — the one place the product limit is checked.
 * The owner's settings row is locked first (PostgreSQL), so two parallel requests cannot both pass
 * the count; SQLite serialises write transactions anyway. Returns the new id, or the full plan.
 */
export async function createProductWithinLimit(db: DB, userId: number, v: ProductValues): Promise<{ id: number } | { full: Plan }> {
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
    const now = nowIso();
    const row = await trx
      .insertInto('products')
      .values({ user_id: userId, ...v, sort_order: Number(max ?? 0) + 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

export async function updateProduct(db: DB, userId: number, id: number, v: ProductValues) {
  const r = await db.updateTable('products').set({ ...v, updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteProduct(db: DB, userId: number, id: number) {
  const r = await db.deleteFrom('products').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
