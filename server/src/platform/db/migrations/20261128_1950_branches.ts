import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Branches (şube, issue 43 item 1). An account's `settings` row stays its **main branch** (its slug,
 * address, phone, Wi-Fi and QR codes unchanged: every existing business is a one-branch account
 * without moving data). `branches` holds the account's extra branches, each with its own public
 * address (`slug`, unique here and never equal to a business slug or an old one: the code checks
 * those) and settings. Categories and products stay shared by `user_id`; `branch_products` is a
 * branch's override of one product: its price (kuruş, null = the shared price), left off there
 * (`unavailable`) or sold out there (`sold_out`).
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
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('branch_products').ifExists().execute();
    await db.schema.dropTable('branches').ifExists().execute();
  },
};
