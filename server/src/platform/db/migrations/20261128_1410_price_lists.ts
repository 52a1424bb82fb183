import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The price lists the law asks for (issue 41): an optional amount on products ("250 g"; portions
 * keep theirs in their JSON), the dated versions of each owner's list with the content each one
 * printed, and which version was last printed for the door and for the tables.
 */
export const priceLists: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await db.schema.alterTable('products').addColumn('amount', pg ? 'double precision' : 'real').execute();
    await db.schema.alterTable('products').addColumn('amount_unit', 'text').execute();

    const table = db.schema.createTable('price_list_versions');
    await (pg ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('changes', 'integer', (c) => c.notNull())
      .addColumn('price_changes', 'integer', (c) => c.notNull())
      .addColumn('products', 'integer', (c) => c.notNull())
      // the list as it printed (JSON): a past version reproduces exactly from it
      .addColumn('content', 'text', (c) => c.notNull())
      .addUniqueConstraint('price_list_versions_user_version', ['user_id', 'version'])
      .execute();

    await db.schema
      .createTable('price_list_prints')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('printed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('price_list_prints_pk', ['user_id', 'format'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('price_list_prints').ifExists().execute();
    await db.schema.dropTable('price_list_versions').ifExists().execute();
    await db.schema.alterTable('products').dropColumn('amount_unit').execute();
    await db.schema.alterTable('products').dropColumn('amount').execute();
  },
};
