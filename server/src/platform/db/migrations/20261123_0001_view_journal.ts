import type { Kysely, Migration } from 'kysely';

/**
 * Journal files of menu views applied to the counters (features/menu/views/views.ts): written in the same
 * transaction as the counts, so a journal replayed after a crash is never counted twice.
 */
export const viewJournal: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('view_flushes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('view_flushes').ifExists().execute();
  },
};
