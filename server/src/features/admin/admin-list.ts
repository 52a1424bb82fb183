import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ADMIN_TOTAL_CAP, searchWords } from '@qrmenu/contract';
import { dialectOf, type DB } from '../../platform/db/database.js';

/**
 * Shared mechanics of the admin lists (users, categories, products, messages, audit): the counts
 * and the folded search words. Each repository builds its own filtered query; the pages are read by
 * keyset (admin-list-keyset.ts).
 */

/** The exact row count of products or categories (all, or by status), kept by triggers in admin_counts. */
export async function keptCount(db: DB, table: 'products' | 'categories', status?: string): Promise<number> {
  const row = await db.selectFrom('admin_counts').select('n').where('key', '=', status == null ? table : `${table}:${status}`).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The number of rows a search matches, exactly up to ADMIN_TOTAL_CAP: counting stops at the cap
 * (a common word in a million products matches 50,000+ rows; visiting them all costs more than a page).
 */
export async function cappedCount<D, TB extends keyof D, O>(
  db: DB,
  filtered: SelectQueryBuilder<D, TB, O>,
  onlyWords?: { table: 'products' | 'categories'; words: string[] },
): Promise<{ total: number; capped: boolean }> {
  // SQLite, words of 3+ letters and nothing else: the FTS5 table alone answers (its doclists, no row read)
  const sqliteWords = onlyWords && dialectOf(db) === 'sqlite' ? onlyWords : undefined;
  const fts = sqliteWords?.words.every((w) => w.length >= 3) ? `${sqliteWords.table}_search` : undefined;
  // SQLite, only words of 1–2 letters (no trigram): the (search_key, id) index, where the key is
  // stored folded, read until the cap (a common short word stops early)
  const shortOnly = sqliteWords?.words.every((w) => w.length < 3) ? sqliteWords : undefined;
  const cap = ADMIN_TOTAL_CAP + 1;
  const matches: RawBuilder<unknown> = fts
    ? sql`(select 1 as one from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsQuery(sqliteWords!.words)} limit ${cap})`
    : shortOnly
      ? sql`(select 1 as one from ${sql.table(shortOnly.table)} indexed by ${sql.id(`${shortOnly.table}_search_key_idx`)} where ${sql.join(
          shortOnly.words.map((w) => sql`search_key like ${`%${w}%`}`),
          sql` and `,
        )} limit ${cap})`
      : sql`${filtered.select(sql.lit(1).as('one')).limit(cap)}`;
  const row = await sql<{ n: number | string }>`select count(*) as n from ${matches} as m`.execute(db);
  const n = Number(row.rows[0]?.n ?? 0);
  return n > ADMIN_TOTAL_CAP ? { total: ADMIN_TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/**
 * The `total` of a catalogue list (categories or products): the counts kept by triggers when
 * nothing is searched; else the matches, counted up to the cap (name words alone may be counted
 * in the search table).
 */
export async function catalogTotal<D, TB extends keyof D, O>(
  db: DB,
  table: 'products' | 'categories',
  filtered: SelectQueryBuilder<D, TB, O>,
  search: { words: string[]; business: string[]; status: string | undefined },
): Promise<{ total: number; capped: boolean }> {
  const { words, business, status } = search;
  if (!words.length && !business.length) return { total: await keptCount(db, table, status), capped: false };
  return cappedCount(db, filtered, business.length || status != null ? undefined : { table, words });
}

/** The query's words, folded as slugs are (İ/ı/I → i, Ş → s …), at most 10. */
export const searchTerms = (q: string) => searchWords(q);

/** The folded search text columns the lists search (`alias.search_key`) and the e-mail beside it. */
export type SearchColumn = 'search_key' | `${'p' | 'c' | 's' | 'bs'}.search_key` | 'u.email';

/** `column LIKE '%word%'` (the words are [a-z0-9] only, so they carry no LIKE wildcards). */
export function contains(column: SearchColumn, word: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${word}%`}`;
}

type Alias = 'p' | 'c' | 's' | 'bs';
type Searched = 'products' | 'categories' | 'settings';

/**
 * `alias.search_key` contains `word`. On SQLite the generated column is VIRTUAL (folded again at
 * every read of the row), so the scan reads the `(search_key, id)` index instead, where it is
 * stored folded.
 */
export function keyContains(db: DB, alias: Alias, table: Searched, word: string): Expression<SqlBool> {
  if (dialectOf(db) === 'postgres') return contains(`${alias}.search_key`, word);
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select id from ${sql.table(table)} indexed by ${sql.id(`${table}_search_key_idx`)} where search_key like ${`%${word}%`})`;
}

/**
 * Rows whose folded name contains every word: on SQLite through the FTS5 trigram table (words of
 * 3+ letters find the rows; shorter ones are checked on the table's own copy of the folded name,
 * or alone through the search_key index), on PostgreSQL with LIKE on search_key (pg_trgm GIN
 * index; a 2-character word beside a longer one also through the index of two-character pieces).
 */
export function nameMatches(db: DB, alias: 'p' | 'c', table: 'products' | 'categories', words: string[], dense = false): Expression<SqlBool> {
  const long = words.filter((w) => w.length >= 3);
  const short = words.filter((w) => w.length < 3);
  if (dialectOf(db) === 'postgres') {
    // beside a longer word's trigram candidates, a two-character word comes from the index of
    // pieces, intersected with them before any row is read; its exact check is `strpos`, which the
    // trigram index cannot take: as a LIKE it joined the trigram scan, whose estimate then fell to
    // one row and the planner left the pieces' index out (50,000 rows read: 470 ms, now 40)
    const paired = (w: string) => long.length > 0 && table === 'products' && w.length === 2;
    const parts = words.map((w) => (paired(w) ? sql<SqlBool>`strpos(${sql.ref(`${alias}.search_key`)}, ${w}) > 0` : contains(`${alias}.search_key`, w)));
    for (const w of words.filter(paired)) parts.push(sql<SqlBool>`search_pairs(${sql.ref(`${alias}.search_key`)}) @@ to_tsquery('simple', ${w})`);
    return all(parts);
  }
  // dense matches (more than the cap): checked on the rows read in the page's order, which find a
  // page after a few rows each (the folded text is in the name index), instead of listing every match
  if (dense) return all(words.map((w) => contains(`${alias}.search_key`, w)));
  const fts = sql.table(`${table}_search`);
  if (long.length) {
    const shortLikes = short.map((w) => sql` and search_key like ${`%${w}%`}`);
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${ftsQuery(long)}${sql.join(shortLikes, sql``)})`;
  }
  // alone, through the (search_key, id) index
  return all(short.map((w) => keyContains(db, alias, table, w)));
}

/** Every condition holds (`true` for none). */
export const all = (parts: Expression<SqlBool>[]): Expression<SqlBool> => (parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`);

/**
 * SQLite, words of 3+ letters mixed with shorter ones: the ids of the matching rows, up to the cap
 * and one more, in one pass over the FTS5 table (the short words checked on its copy of the folded
 * name). The count and the page both come from this list instead of each running the search.
 * Anything else: undefined.
 */
export async function mixedWordMatches(db: DB, table: 'products' | 'categories', words: string[]): Promise<number[] | undefined> {
  const long = words.filter((w) => w.length >= 3);
  const short = words.filter((w) => w.length < 3);
  if (dialectOf(db) !== 'sqlite' || !long.length || !short.length) return undefined;
  const fts = sql.table(`${table}_search`);
  const likes = sql.join(short.map((w) => sql`search_key like ${`%${w}%`}`), sql` and `);
  const found = await sql<{ id: number }>`select rowid as id from ${fts} where ${fts} match ${ftsQuery(long)} and ${likes} limit ${ADMIN_TOTAL_CAP + 1}`.execute(db);
  return found.rows.map((r) => Number(r.id));
}

/** `alias.id` is one of `ids` (SQLite: a JSON array, one parameter however many ids). */
export const idIn = (alias: 'p' | 'c', ids: number[]) => sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select value from json_each(${JSON.stringify(ids)}))`;

/** An FTS5 query: every word as a phrase (the words are [a-z0-9] only). */
const ftsQuery = (words: string[]) => words.map((w) => `"${w}"`).join(' AND ');
