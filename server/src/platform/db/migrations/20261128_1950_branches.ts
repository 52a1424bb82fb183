import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Branches (şube, issue 43 item 1). An account's `settings` row stays its **main branch** (its slug,
 * address, phone, Wi-Fi and QR codes unchanged: every existing business is a one-branch account
 * without moving data). `branches` holds the account's extra branches, each with its own public
 * address (`slug`, unique here and never equal to a business slug or an old one: the code checks
 * those) and settings. Categories and products stay shared by `user_id`; `branch_products` is a
 * branch's override of one product: its price (kuruş, null = the shared price), left off there
 * (`unavailable`) or sold out there (`sold_out`). `price_operation_branch_items` keeps a bulk price
 * change's branch prices for its undo; `price_history.branch_id` says which branch a change was of.
 */
export const branches: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) => (pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement()));

    await id(db.schema.createTable('branches'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c: any) => c.notNull().unique())
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('address', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('city', 'integer', (c: any) => c.notNull())
      .addColumn('tel', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('deskcount', 'integer')
      .addColumn('wifi_name', 'text')
      .addColumn('wifi_password', 'text')
      .addColumn('hours', 'text')
      // views of its menu (features/menu/views), besides its account's
      .addColumn('count', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('branches_user_idx').on('branches').column('user_id').execute();

    await db.schema
      .createTable('branch_products')
      .addColumn('branch_id', 'integer', (c: any) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c: any) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('price', 'integer')
      .addColumn('unavailable', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('sold_out', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .addPrimaryKeyConstraint('branch_products_pk', ['branch_id', 'product_id'])
      .execute();
    await db.schema.createIndex('branch_products_product_idx').on('branch_products').column('product_id').execute();

    // a bulk price change of extra branches: each branch's price before and after (undo restores it)
    await db.schema
      .createTable('price_operation_branch_items')
      .addColumn('operation_id', 'integer', (c: any) => c.notNull().references('price_operations.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c: any) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c: any) => c.notNull().references('products.id').onDelete('cascade'))
      /** The branch's own price before (null: it had the shared price) and after. */
      .addColumn('old_price', 'integer')
      .addColumn('new_price', 'integer', (c: any) => c.notNull())
      .addPrimaryKeyConstraint('price_operation_branch_items_pk', ['operation_id', 'branch_id', 'product_id'])
      .execute();
    // price history per branch: null = the main branch (the product's own price)
    await db.schema.alterTable('price_history').addColumn('branch_id', 'integer').execute();
    // waiter calls and survey answers at an extra branch name it (null: the main branch)
    for (const t of ['waiter_calls', 'feedback']) {
      await db.schema.alterTable(t).addColumn('branch_id', 'integer').execute();
      await db.schema.createIndex(`${t}_branch_idx`).on(t).columns(['user_id', 'branch_id']).execute();
    }
    // the branches a staff member works at (JSON ids, 0 the main branch); null: every branch
    await db.schema.alterTable('staff_members').addColumn('branch_ids', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('staff_members').dropColumn('branch_ids').execute();
    for (const t of ['waiter_calls', 'feedback']) {
      await db.schema.dropIndex(`${t}_branch_idx`).ifExists().execute();
      await db.schema.alterTable(t).dropColumn('branch_id').execute();
    }
    await db.deleteFrom('price_history').where('branch_id', 'is not', null).execute();
    await db.schema.alterTable('price_history').dropColumn('branch_id').execute();
    await db.schema.dropTable('price_operation_branch_items').ifExists().execute();
    await db.schema.dropTable('branch_products').ifExists().execute();
    await db.schema.dropTable('branches').ifExists().execute();
  },
};
