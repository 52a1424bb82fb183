import type { Kysely, Migration } from 'kysely';

/**
 * The folded search text of the businesses in an index: SQLite computes its generated (VIRTUAL)
 * columns at every read, and the index holds them computed, so a contains-search over 25,000
 * businesses reads the index instead of folding every row again.
 */
export const settingsSearchIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('settings_search_key_idx').on('settings').columns(['search_key', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('settings_search_key_idx').ifExists().execute();
  },
};
