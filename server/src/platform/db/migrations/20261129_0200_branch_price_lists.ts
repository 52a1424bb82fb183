import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The printed price lists per branch (issue 43 item 1): an extra branch's dated versions (its own
 * numbering, the content each one printed: its prices, without the products left off there, its
 * name and address) and which of its versions was last printed for the door and for the tables.
 * The main branch keeps `price_list_versions` and `price_list_prints` as they are; a branch's go
 * with it (and with its account).
 */
export const branchPriceLists: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const table = db.schema.createTable('branch_price_list_versions');
    await (pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('changes', 'integer', (c) => c.notNull())
      .addColumn('price_changes', 'integer', (c) => c.notNull())
      .addColumn('products', 'integer', (c) => c.notNull())
      // the list as it printed (JSON): a past version reproduces exactly from it
      .addColumn('content', 'text', (c) => c.notNull())
      .addUniqueConstraint('branch_price_list_versions_branch_version', ['branch_id', 'version'])
      .execute();
    await db.schema.createIndex('branch_price_list_versions_user_idx').on('branch_price_list_versions').column('user_id').execute();

    await db.schema
      .createTable('branch_price_list_prints')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('printed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('branch_price_list_prints_pk', ['branch_id', 'format'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('branch_price_list_prints').ifExists().execute();
    await db.schema.dropTable('branch_price_list_versions').ifExists().execute();
  },
};
