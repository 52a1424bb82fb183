import type { DB } from '../src/platform/db/database.js';

/**
 * Menu rows for the admin tests, written straight into the database (the owner area's own tests
 * cover creating them through the API; the admin tests only read them back).
 */
export async function insertCategory(db: DB, userId: number, name: string, status = '1'): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db.insertInto('categories').values({ user_id: userId, name, description: null, image: null, status, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertProduct(db: DB, userId: number, categoryId: number, name: string, kurus: number | null, status = '1'): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('products')
    .values({ user_id: userId, category_id: categoryId, name, description: null, selling_price: kurus, original_price: null, allergen: null, image: null, status, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
