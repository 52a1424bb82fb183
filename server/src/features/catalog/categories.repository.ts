import type { DB } from '../../platform/db/database.js';
import { first, fixedQuery } from '../../platform/db/fixed-query.js';
import type { Category } from '../../platform/db/schema.js';

/** Categories of one owner. Every query carries the owner id in its WHERE. */

export async function listCategories(db: DB, userId: number) {
  return db
    .selectFrom('categories as c')
    .select([
      'c.id', 'c.name', 'c.description', 'c.image', 'c.count', 'c.status', 'c.sort_order', 'c.service_hours', 'c.service_outside',
      (eb) => eb.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.category_id', '=', 'c.id').where('p.user_id', '=', userId).as('product_count'),
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function listCategoryNames(db: DB, userId: number) {
  return db.selectFrom('categories').select(['id', 'name', 'sort_order']).where('user_id', '=', userId).orderBy('sort_order').orderBy('id').execute();
}

const categoryQuery = fixedQuery(['id', 'user'], (db, v) => db.selectFrom('categories').selectAll().where('id', '=', v.id).where('user_id', '=', v.user));

export async function findCategory(db: DB, userId: number, id: number): Promise<Category | undefined> {
  return first(db, categoryQuery(db, { id, user: userId }));
}

/** A category's writable fields; the service hours only when given (absent: unchanged, null on create). */
export interface CategoryValues {
  name: string;
  description: string | null;
  image: string | null;
  status: string;
  service_hours?: string | null;
  service_outside?: string | null;
}

export async function createCategory(db: DB, userId: number, v: CategoryValues, now: string) {
  const { max } = await db.selectFrom('categories').select((e) => e.fn.max('sort_order').as('max')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('categories')
    .values({ user_id: userId, ...v, sort_order: Number(max ?? 0) + 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: DB, userId: number, id: number, v: CategoryValues, now: string) {
  const r = await db.updateTable('categories').set({ ...v, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countProductsInCategory(db: DB, userId: number, categoryId: number): Promise<number> {
  const { n } = await db
    .selectFrom('products')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Deletes an empty category; false when it is not the owner's or still has products. */
export async function deleteEmptyCategory(db: DB, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('categories')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('products').select('id').whereRef('products.category_id', '=', 'categories.id'))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
