import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Products by business, then status: `(user_id, status)` instead of `(user_id)` (it serves every
 * lookup the old one did). The admin's product list filtered by a business name and a status
 * ("güneş", passive: 1,250 businesses of 25,000) counts each business's rows of that status in the
 * index, instead of reading all 100,000 passive products of the million and keeping those of the
 * named businesses (PostgreSQL, 180–290 ms).
 */
export const productsUserStatus: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('products_user_status_idx').on('products').columns(['user_id', 'status']).execute();
    await db.schema.dropIndex('products_user_idx').execute();
    // SQLite: where ANALYZE has run (the old index had statistics), the new one gets them too; without
    // them the planner takes it for ~10 rows per business and drives a search's page from the users
    if (dialectOf(db) === 'sqlite') {
      const stats = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
      if (Number(stats.rows[0]?.n) > 0) await sql`analyze products_user_status_idx`.execute(db);
    }
  },

  async down(db: Kysely<any>) {
    await db.schema.createIndex('products_user_idx').on('products').column('user_id').execute();
    await db.schema.dropIndex('products_user_status_idx').execute();
  },
};
