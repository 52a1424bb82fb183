import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';
import { foldSqlText } from '../fold.js';

/**
 * Branches in the admin's lists and per-branch daily views (issue 43 item 1):
 *
 * - `branches.search_key`: the branch's name and slug, Turkish-folded (the same folding as
 *   settings.search_key), a generated column so every writer keeps it right. The admin's business
 *   search (`q`, `branch`) finds an account by it: PostgreSQL through a pg_trgm GIN index (where the
 *   extension exists), SQLite through the `(search_key, user_id)` index, where the folded text is
 *   stored (the column itself is VIRTUAL there).
 * - `branch_daily_views`: a branch's menu views per Europe/Istanbul day, besides `branches.count`
 *   (the total) and the account's `daily_views`, with the account's `user_id`. A deleted branch
 *   takes its rows with it.
 */
export const branchAdminViews: Migration = {
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const pg = dialect === 'postgres';
    const gen = `generated always as (${foldSqlText(dialect, "name || ' ' || slug")}) ${pg ? 'stored' : 'virtual'}`;
    await sql.raw(`alter table branches add column search_key text ${gen}`).execute(db);
    await db.schema.createIndex('branches_search_key_idx').on('branches').columns(['search_key', 'user_id']).execute();
    if (pg) {
      const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (Number(trgm.rows[0]?.n) > 0) await sql.raw('create index branches_search_trgm on branches using gin (search_key gin_trgm_ops)').execute(db);
    }

    await db.schema
      .createTable('branch_daily_views')
      .addColumn('branch_id', 'integer', (c: any) => c.notNull().references('branches.id').onDelete('cascade'))
      // the account's: owner queries are scoped by it, and the KVKK export and erasure find the rows
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c: any) => c.notNull())
      .addColumn('count', 'integer', (c: any) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('branch_daily_views_pk', ['branch_id', 'day'])
      .execute();
    // the main branch's days: the account's less the sum of its branches' (by owner and day)
    await db.schema.createIndex('branch_daily_views_user_day_idx').on('branch_daily_views').columns(['user_id', 'day', 'count']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('branch_daily_views').ifExists().execute();
    await sql.raw('drop index if exists branches_search_trgm').execute(db);
    await db.schema.dropIndex('branches_search_key_idx').ifExists().execute();
    await db.schema.alterTable('branches').dropColumn('search_key').execute();
  },
};
