import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * PostgreSQL: products by business, then status: `(user_id, status)` instead of `(user_id)` (it
 * serves every lookup the old one did). The admin's product list filtered by a business name and
 * a status ("güneş", passive: 1,250 businesses of 25,000) counts each business's rows of that
 * status in the index alone, instead of reading all 100,000 passive products of the million and
 * keeping those of the named businesses (180–290 ms).
 * SQLite keeps `(user_id)`: with the status in it, its planner answered `status=1` (900,000 rows)
 * by walking every business's products and sorting them (0.8 s) instead of walking the ids; its
 * business + status filter was within target already (35–55 ms).
 */
export const productsUserStatus: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres') return;
    await db.schema.createIndex('products_user_status_idx').on('products').columns(['user_id', 'status']).execute();
    await db.schema.dropIndex('products_user_idx').execute();
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres') return;
    await db.schema.createIndex('products_user_idx').on('products').column('user_id').execute();
    await db.schema.dropIndex('products_user_status_idx').execute();
  },
};
