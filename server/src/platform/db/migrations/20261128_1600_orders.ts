import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Ordering at the table (issue 42): the business's switch and its paused tables, each table's
 * shared basket, the table's session (opened by its first order, closed with the payment), the
 * orders sent and their items (name and price as they were when sent).
 */
export const orders: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) =>
      pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
    const owner = (c: any) => c.notNull().references('users.id').onDelete('cascade');

    await db.schema
      .createTable('order_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      // paused tables, comma-separated numbers ('' = none)
      .addColumn('paused', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await id(db.schema.createTable('basket_items'))
      .addColumn('user_id', 'integer', owner)
      .addColumn('masa', 'integer', (c: any) => c.notNull())
      .addColumn('product_id', 'integer', (c: any) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('portion', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c: any) => c.notNull())
      .addColumn('note', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('basket_items_table_idx').on('basket_items').columns(['user_id', 'masa']).execute();

    await id(db.schema.createTable('table_sessions'))
      .addColumn('user_id', 'integer', owner)
      .addColumn('masa', 'integer', (c: any) => c.notNull())
      .addColumn('opened_at', 'text', (c: any) => c.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('payment', 'text')
      .addColumn('total', 'integer', (c: any) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('table_sessions_open_idx').on('table_sessions').columns(['user_id', 'masa', 'closed_at']).execute();

    await id(db.schema.createTable('orders'))
      .addColumn('user_id', 'integer', owner)
      .addColumn('session_id', 'integer', (c: any) => c.notNull().references('table_sessions.id').onDelete('cascade'))
      .addColumn('masa', 'integer', (c: any) => c.notNull())
      .addColumn('status', 'text', (c: any) => c.notNull())
      .addColumn('cancel_reason', 'text')
      .addColumn('total', 'integer', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('orders_session_idx').on('orders').columns(['session_id']).execute();

    await id(db.schema.createTable('order_items'))
      .addColumn('user_id', 'integer', owner)
      .addColumn('order_id', 'integer', (c: any) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer')
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('portion', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c: any) => c.notNull())
      .addColumn('unit_price', 'integer', (c: any) => c.notNull())
      .addColumn('note', 'text', (c: any) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('order_items_order_idx').on('order_items').columns(['order_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('order_items').ifExists().execute();
    await db.schema.dropTable('orders').ifExists().execute();
    await db.schema.dropTable('table_sessions').ifExists().execute();
    await db.schema.dropTable('basket_items').ifExists().execute();
    await db.schema.dropTable('order_settings').ifExists().execute();
  },
};
