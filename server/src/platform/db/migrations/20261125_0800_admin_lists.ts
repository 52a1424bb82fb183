import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';
import { foldSqlText } from '../fold.js';

/**
 * Admin lists at national scale (25,000 businesses, 1,000,000 products), paged on the server:
 *
 * - `search_key`: the Turkish-folded search text, a generated column (so every writer — forms,
 *   import, seed, bench — keeps it right without knowing it): products and categories fold their
 *   name, settings business name, owner name and slug, messages the sender, business, address and
 *   text, the audit log the administrator's e-mail and the action. PostgreSQL stores it; SQLite computes
 *   it (VIRTUAL: ALTER TABLE cannot add a stored one) and keeps it in the indexes.
 * - Contains-search: PostgreSQL uses pg_trgm GIN indexes on `search_key` when the extension can be
 *   created (else the LIKE scans the table: correct, slower); SQLite uses FTS5 trigram tables
 *   (`products_search`, `categories_search`, external content, kept by triggers).
 * - Sort indexes `(column, id)` for every sortable column of the large tables, and a covering
 *   index of daily views by day for the dashboard.
 */
const SORT_INDEXES: Array<[string, string, string[]]> = [
  ['products_search_key_idx', 'products', ['search_key', 'id']],
  ['products_price_idx', 'products', ['selling_price', 'id']],
  ['products_created_idx', 'products', ['created_at', 'id']],
  ['products_status_idx', 'products', ['status', 'id']],
  ['categories_search_key_idx', 'categories', ['search_key', 'id']],
  ['categories_count_idx', 'categories', ['count', 'id']],
  ['categories_created_idx', 'categories', ['created_at', 'id']],
  ['categories_status_idx', 'categories', ['status', 'id']],
  ['settings_created_idx', 'settings', ['created_at', 'id']],
  ['settings_companyname_idx', 'settings', ['companyname', 'id']],
  ['messages_created_idx', 'messages', ['created_at', 'id']],
  ['audit_log_at_idx', 'audit_log', ['at', 'id']],
  // the dashboard's month and 30-day sums read only this index
  ['daily_views_day_idx', 'daily_views', ['day', 'user_id', 'count']],
];

const SEARCHED: Array<[table: string, expr: string]> = [
  ['products', 'name'],
  ['categories', 'name'],
  ['settings', "companyname || ' ' || name || ' ' || coalesce(companyengname, '')"],
  ['messages', "name || ' ' || coalesce(surname, '') || ' ' || coalesce(companyname, '') || ' ' || mail || ' ' || message"],
  ['audit_log', "admin_email || ' ' || action"],
];

/** SQLite FTS5 trigram tables over search_key (external content: the text stays in the table). */
const FTS: Array<[fts: string, table: string]> = [
  ['products_search', 'products'],
  ['categories_search', 'categories'],
];

export const adminLists: Migration = {
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const pg = dialect === 'postgres';
    for (const [table, expr] of SEARCHED) {
      const gen = `generated always as (${foldSqlText(dialect, expr)}) ${pg ? 'stored' : 'virtual'}`;
      await sql.raw(`alter table ${table} add column search_key text ${gen}`).execute(db);
    }
    for (const [name, table, cols] of SORT_INDEXES) await db.schema.createIndex(name).on(table).columns(cols).execute();

    if (pg) {
      // Trusted since PostgreSQL 13 (a database owner may create it); a server without the
      // contrib package keeps working with sequential scans.
      await sql.raw(`do $$ begin create extension if not exists pg_trgm; exception when others then raise notice 'pg_trgm unavailable: %', sqlerrm; end $$`).execute(db);
      const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (Number(trgm.rows[0]?.n) > 0) {
        for (const [table] of SEARCHED) await sql.raw(`create index ${table}_search_trgm on ${table} using gin (search_key gin_trgm_ops)`).execute(db);
      }
      return;
    }
    for (const [fts, table] of FTS) await createExternalContentFts(db, fts, table);
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    if (pg) for (const [table] of SEARCHED) await sql.raw(`drop index if exists ${table}_search_trgm`).execute(db);
    else
      for (const [fts] of FTS) {
        for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
        await sql.raw(`drop table if exists ${fts}`).execute(db);
      }
    for (const [name] of SORT_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
    for (const [table] of SEARCHED) await db.schema.alterTable(table).dropColumn('search_key').execute();
  },
};

/** A FTS5 trigram table over `table`'s search_key, external content (the text stays in the table), kept by triggers. */
export async function createExternalContentFts(db: Kysely<any>, fts: string, table: string) {
  await sql.raw(`create virtual table ${fts} using fts5(search_key, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, search_key) values (new.id, new.search_key); end`).execute(db);
  await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, search_key) values ('delete', old.id, old.search_key); end`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_au after update of name on ${table} begin ` +
        `insert into ${fts}(${fts}, rowid, search_key) values ('delete', old.id, old.search_key); ` +
        `insert into ${fts}(rowid, search_key) values (new.id, new.search_key); end`,
    )
    .execute(db);
}
