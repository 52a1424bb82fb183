import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';
import { createExternalContentFts } from './20261125_0800_admin_lists.js';

/**
 * Product searches that mix a common longer word with a 1–2-character one ("hünkar beğendi 42"):
 * the longer words find 50,000 candidates in the trigram index, and the short word was checked on
 * every candidate's row (PostgreSQL read 36,000 table pages, SQLite folded 50,000 names: 160–330 ms).
 *
 * - PostgreSQL: a GIN index of each product's two-character pieces (`search_pairs`: the pieces at
 *   even and at odd offsets, each followed by a space, so the text parser keeps each as a word; a
 *   word of two letters or digits occurs in the name only where it is one of them), so the short
 *   word's candidates come from an index too and the two are intersected before any row is read.
 *   The function is declared expensive (COST) so the planner never computes it row by row: with a
 *   low estimate of the trigram matches it otherwise did, 340 ms instead of 50.
 * - SQLite: the FTS5 trigram table keeps its own copy of the folded name (a normal FTS5 table
 *   instead of external content), so the short word is checked on that narrow copy instead of
 *   folding each product's name again. Categories get the same table for one shape of both.
 */
const FTS: Array<[fts: string, table: string]> = [
  ['products_search', 'products'],
  ['categories_search', 'categories'],
];

export const searchPairs: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create function search_pairs(t text) returns tsvector language plpgsql immutable strict parallel safe cost 100000 as $$ ` +
            `begin return to_tsvector('simple', regexp_replace(t, '(..)', '\\1 ', 'g') || ' ' || regexp_replace(substr(t, 2), '(..)', '\\1 ', 'g')); end $$`,
        )
        .execute(db);
      await sql.raw('create index products_search_pairs on products using gin (search_pairs(search_key))').execute(db);
      return;
    }
    for (const [fts, table] of FTS) {
      for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
      await sql.raw(`drop table if exists ${fts}`).execute(db);
      await sql.raw(`create virtual table ${fts} using fts5(search_key, tokenize='trigram')`).execute(db);
      await sql.raw(`insert into ${fts}(rowid, search_key) select id, search_key from ${table}`).execute(db);
      await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, search_key) values (new.id, new.search_key); end`).execute(db);
      await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin delete from ${fts} where rowid = old.id; end`).execute(db);
      await sql
        .raw(`create trigger ${fts}_au after update of name on ${table} begin update ${fts} set search_key = new.search_key where rowid = new.id; end`)
        .execute(db);
    }
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql.raw('drop index if exists products_search_pairs').execute(db);
      await sql.raw('drop function if exists search_pairs(text)').execute(db);
      return;
    }
    for (const [fts, table] of FTS) {
      for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
      await sql.raw(`drop table if exists ${fts}`).execute(db);
      await createExternalContentFts(db, fts, table);
    }
  },
};
