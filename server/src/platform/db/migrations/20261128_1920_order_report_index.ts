import type { Kysely, Migration } from 'kysely';

/**
 * The reports (issue 42 item 5): the admin dashboard counts every business's orders since a day
 * (`created_at >=`), which the orders' per-business index cannot serve; this index seeks them.
 * A business's report uses `orders_user_idx` (user_id, status, created_at).
 */
export const orderReportIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_created_idx').ifExists().execute();
  },
};
