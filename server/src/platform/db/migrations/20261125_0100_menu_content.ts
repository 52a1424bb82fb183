import type { Kysely, Migration } from 'kysely';

/**
 * Menu content: sold out (distinct from Pasif), allergen and label codes (comma-separated),
 * portions (JSON `[{name, price}]`, prices in kuruş). `sort_order` exists since the first migration.
 */
export const menuContent: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('products').addColumn('sold_out', 'text', (c) => c.notNull().defaultTo('0')).execute();
    await db.schema.alterTable('products').addColumn('allergens', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('products').addColumn('labels', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('products').addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  },
  async down(db: Kysely<any>) {
    for (const col of ['variants', 'labels', 'allergens', 'sold_out']) {
      await db.schema.alterTable('products').dropColumn(col).execute();
    }
  },
};
