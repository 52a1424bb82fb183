import type { Kysely, Migration } from 'kysely';

/**
 * Paused tables per branch (issue 43): an extra branch's tables that take no orders at the moment
 * (`Masadan sipariş`), comma-separated numbers ('' = none), as `order_settings.paused` holds the
 * main branch's. The switch itself stays the account's (`order_settings.enabled`). A branch's row
 * goes with the branch, and with its account.
 */
export const branchOrderSettings: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('branch_order_settings')
      .addColumn('branch_id', 'integer', (c) => c.primaryKey().references('branches.id').onDelete('cascade'))
      // the account's: owner queries are scoped by it, and the account's erasure takes the rows
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('paused', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('branch_order_settings_user_idx').on('branch_order_settings').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('branch_order_settings').ifExists().execute();
  },
};
