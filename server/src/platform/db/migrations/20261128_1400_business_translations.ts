import type { Kysely, Migration } from 'kysely';

/**
 * Translations of the texts the owner writes for the whole menu (issue 38): the about text, the
 * menu note (`service_note`) and the Wi-Fi name, one row per business and language; and the
 * product's free-text allergen line in its translations. A row goes with its owner (on delete cascade).
 */
export const businessTranslations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('business_translations')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('service_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('wifi_name', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('business_translations_pk', ['user_id', 'lang'])
      .execute();
    await db.schema.alterTable('product_translations').addColumn('allergen', 'text', (c) => c.notNull().defaultTo('')).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('product_translations').dropColumn('allergen').execute();
    await db.schema.dropTable('business_translations').execute();
  },
};
