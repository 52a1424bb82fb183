import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Whole-menu work: bulk price operations (with the old and new prices of each product, for undo)
 * and the price history of every product (edit form, import, bulk update, undo).
 */
export const bulk: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) =>
      pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

    await id(db.schema.createTable('price_operations'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c: any) => c.notNull())
      .addColumn('mode', 'text', (c: any) => c.notNull())
      .addColumn('value', 'text', (c: any) => c.notNull())
      .addColumn('round', 'text', (c: any) => c.notNull())
      .addColumn('product_count', 'integer', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('undone_at', 'text')
      .execute();
    await db.schema.createIndex('price_operations_user_idx').on('price_operations').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('price_operation_items')
      .addColumn('operation_id', 'integer', (c) => c.notNull().references('price_operations.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('old_selling', 'integer')
      .addColumn('new_selling', 'integer')
      .addColumn('old_original', 'integer')
      .addColumn('new_original', 'integer')
      // portions as stored (JSON, kuruş): undo restores them with the prices
      .addColumn('old_variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('new_variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .addPrimaryKeyConstraint('price_operation_items_pk', ['operation_id', 'product_id'])
      .execute();
    await db.schema.createIndex('price_operation_items_product_idx').on('price_operation_items').column('product_id').execute();

    await id(db.schema.createTable('price_history'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c: any) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('old_selling', 'integer')
      .addColumn('new_selling', 'integer')
      .addColumn('old_original', 'integer')
      .addColumn('new_original', 'integer')
      .addColumn('source', 'text', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('price_history_product_idx').on('price_history').columns(['product_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['price_history', 'price_operation_items', 'price_operations']) await db.schema.dropTable(t).ifExists().execute();
  },
};
