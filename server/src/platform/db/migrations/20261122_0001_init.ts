import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/** Initial schema: accounts, business profiles, tokens, menu, contact messages, views, slug history. */
export const init: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) =>
      pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

    await id(db.schema.createTable('users'))
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('email', 'text', (c: any) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c: any) => c.notNull())
      .addColumn('role', 'text', (c: any) => c.notNull().check(sql`role in ('admin', 'user')`))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();

    await id(db.schema.createTable('settings'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('companyname', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('city', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('tel', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('deskcount', 'integer')
      .addColumn('qrlink', 'text')
      .addColumn('companyengname', 'text', (c: any) => c.unique())
      .addColumn('count', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('qr_status', 'integer', (c: any) => c.notNull().defaultTo(1))
      .addColumn('status', 'integer', (c: any) => c.notNull().defaultTo(1))
      .addColumn('userlevel', 'text', (c: any) => c.notNull().defaultTo('0'))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();

    await id(db.schema.createTable('access_tokens'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('expires_at', 'text', (c: any) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

    await id(db.schema.createTable('categories'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('image', 'text')
      .addColumn('count', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('1'))
      .addColumn('sort_order', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('categories_user_idx').on('categories').columns(['user_id', 'status']).execute();

    await id(db.schema.createTable('products'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c: any) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('selling_price', 'integer')
      .addColumn('original_price', 'integer')
      .addColumn('allergen', 'text')
      .addColumn('image', 'text')
      .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('1'))
      .addColumn('sort_order', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('updated_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'status']).execute();
    await db.schema.createIndex('products_user_idx').on('products').column('user_id').execute();

    await id(db.schema.createTable('messages'))
      .addColumn('name', 'text', (c: any) => c.notNull())
      .addColumn('surname', 'text')
      .addColumn('companyname', 'text')
      .addColumn('mail', 'text', (c: any) => c.notNull())
      .addColumn('tel', 'text', (c: any) => c.notNull())
      .addColumn('message', 'text', (c: any) => c.notNull())
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .execute();

    await db.schema
      .createTable('daily_views')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('daily_views_pk', ['user_id', 'day'])
      .execute();

    await db.schema
      .createTable('slug_redirects')
      .addColumn('old_slug', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>) {
    for (const t of ['slug_redirects', 'daily_views', 'messages', 'products', 'categories', 'access_tokens', 'settings', 'users']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
