import type { Kysely, Migration } from 'kysely';

/**
 * Menu languages: the owner's extra languages (comma codes on settings) and the translations of
 * categories and products (name, description; portion names as a JSON array). A translation goes
 * with its category or product (foreign key, on delete cascade).
 */
export const languages: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('settings').addColumn('languages', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema
      .createTable('category_translations')
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('category_translations_pk', ['category_id', 'lang'])
      .execute();
    await db.schema
      .createTable('product_translations')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'lang'])
      .execute();
    await db.schema.createIndex('category_translations_user').on('category_translations').columns(['user_id', 'lang']).execute();
    await db.schema.createIndex('product_translations_user').on('product_translations').columns(['user_id', 'lang']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('product_translations').execute();
    await db.schema.dropTable('category_translations').execute();
    await db.schema.alterTable('settings').dropColumn('languages').execute();
  },
};
