import { sql, type Expression, type RawBuilder, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ADMIN_TOTAL_CAP, searchWords } from '@qrmenu/contract';
import { dialectOf, type DB } from '../../platform/db/database.js';

/**
 * Shared mechanics of the admin lists (users, categories, products, messages, audit): the page
 * window, the order and the folded search words. Each repository builds its own filtered query.
 */

export interface ListWindow {
  offset: number;
  limit: number;
  /** The page is read in the opposite order from the end (then turned back): deep pages near the end stay cheap. */
  reversed: boolean;
}

/**
 * OFFSET paging: OFFSET n reads n rows before the page, so pages in the second half of the list
 * (the "last page" button) are read backwards from the end instead.
 */
export function listWindow(total: number, page: number, perPage: number, capped = false): ListWindow {
  const offset = (page - 1) * perPage;
  if (offset >= total) return { offset, limit: 0, reversed: false };
  const limit = Math.min(perPage, total - offset);
  // a capped total is not the end of the list: read forwards
  if (capped || offset <= total / 2) return { offset, limit, reversed: false };
  return { offset: total - offset - limit, limit, reversed: true };
}

/** ORDER BY the column(s), then the tie-break column, in the asked direction (flipped for a reversed window). */
export function ordered<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, column: string | string[], tieBreak: string, dir: 'asc' | 'desc', w: ListWindow): Q {
  const d = w.reversed ? (dir === 'asc' ? 'desc' : 'asc') : dir;
  let out: SelectQueryBuilder<any, any, any> = qb;
  for (const c of [column, tieBreak].flat()) out = out.orderBy(sql.raw(c), d);
  return out.limit(w.limit).offset(w.offset) as Q;
}

/** The exact row count of products or categories (all, or by status), kept by triggers in admin_counts. */
export async function keptCount(db: DB, table: 'products' | 'categories', status?: string): Promise<number> {
  const row = await db.selectFrom('admin_counts').select('n').where('key', '=', status == null ? table : `${table}:${status}`).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The number of rows a search matches, exactly up to ADMIN_TOTAL_CAP: counting stops at the cap
 * (a common word in a million products matches 50,000+ rows; visiting them all costs more than a page).
 */
export async function cappedCount(db: DB, filtered: SelectQueryBuilder<any, any, any>, onlyWords?: { table: string; words: string[] }): Promise<{ total: number; capped: boolean }> {
  // SQLite, words of 3+ letters and nothing else: the FTS5 table alone answers (its doclists, no row read)
  const sqliteWords = onlyWords && dialectOf(db) === 'sqlite' ? onlyWords : undefined;
  const fts = sqliteWords?.words.every((w) => w.length >= 3) ? `${sqliteWords.table}_search` : undefined;
  // SQLite, only words of 1–2 letters (no trigram): the (search_key, id) index, where the key is
  // stored folded, read until the cap (a common short word stops early)
  const shortOnly = sqliteWords?.words.every((w) => w.length < 3) ? sqliteWords : undefined;
  const matches = fts
    ? db.selectFrom(sql.raw(fts).as('f')).select(sql.lit(1).as('one')).where(sql.raw(fts), 'match', ftsQuery(sqliteWords!.words)).limit(ADMIN_TOTAL_CAP + 1)
    : shortOnly
      ? sql`(select 1 as one from ${sql.raw(`${shortOnly.table} indexed by ${shortOnly.table}_search_key_idx`)} where ${sql.join(
          shortOnly.words.map((w) => sql`search_key like ${`%${w}%`}`),
          sql` and `,
        )} limit ${ADMIN_TOTAL_CAP + 1})`
      : filtered.select(sql.lit(1).as('one')).limit(ADMIN_TOTAL_CAP + 1);
  const row = await db
    .selectFrom((matches as any).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > ADMIN_TOTAL_CAP ? { total: ADMIN_TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/**
 * The `total` of a catalogue list (categories or products): the counts kept by triggers when
 * nothing is searched; else the matches, counted up to the cap (name words alone may be counted
 * in the search table).
 */
export async function catalogTotal(
  db: DB,
  table: 'products' | 'categories',
  filtered: SelectQueryBuilder<any, any, any>,
  search: { words: string[]; business: string[]; status: string | undefined },
): Promise<{ total: number; capped: boolean }> {
  const { words, business, status } = search;
  if (!words.length && !business.length) return { total: await keptCount(db, table, status), capped: false };
  return cappedCount(db, filtered, business.length || status != null ? undefined : { table, words });
}

/** The query's words, folded as slugs are (İ/ı/I → i, Ş → s …), at most 10. */
export const searchTerms = (q: string) => searchWords(q);

/** `column LIKE '%word%'` (the words are [a-z0-9] only, so they carry no LIKE wildcards). */
export function contains(eb: ExpressionBuilder<any, any>, column: string, word: string): Expression<SqlBool> {
  return eb(sql.raw(column), 'like', `%${word}%`);
}

/**
 * `alias.search_key` contains `word`. On SQLite the generated column is VIRTUAL (folded again at
 * every read of the row), so the scan reads the `(search_key, id)` index instead, where it is
 * stored folded.
 */
export function keyContains(db: DB, eb: ExpressionBuilder<any, any>, alias: string, table: string, word: string): Expression<SqlBool> {
  if (dialectOf(db) === 'postgres') return contains(eb, `${alias}.search_key`, word);
  return sql<SqlBool>`${sql.raw(`${alias}.id`)} in (select id from ${sql.raw(table)} indexed by ${sql.raw(`${table}_search_key_idx`)} where search_key like ${`%${word}%`})`;
}

/**
 * Rows whose folded name contains every word: on SQLite through the FTS5 trigram table (words of
 * 3+ letters find the rows; shorter ones are checked on the table's own copy of the folded name,
 * or alone through the search_key index), on PostgreSQL with LIKE on search_key (pg_trgm GIN
 * index; a 2-character word beside a longer one also through the index of two-character pieces).
 */
export function nameMatches(db: DB, eb: ExpressionBuilder<any, any>, alias: string, table: string, words: string[], dense = false): Expression<SqlBool> {
  const long = words.filter((w) => w.length >= 3);
  const short = words.filter((w) => w.length < 3);
  if (dialectOf(db) === 'postgres') {
    const parts = words.map((w) => contains(eb, `${alias}.search_key`, w));
    // beside a longer word's trigram candidates: intersected with the pair's, before any row is read
    if (long.length && table === 'products') for (const w of short.filter((x) => x.length === 2)) parts.push(sql<SqlBool>`search_pairs(${sql.raw(`${alias}.search_key`)}) @@ to_tsquery('simple', ${w})`);
    return eb.and(parts);
  }
  const fts = `${table}_search`;
  if (long.length) {
    const shortLikes = short.map((w) => sql` and search_key like ${`%${w}%`}`);
    return sql<SqlBool>`${sql.raw(`${alias}.id`)} in (select rowid from ${sql.raw(fts)} where ${sql.raw(fts)} match ${ftsQuery(long)}${sql.join(shortLikes, sql``)})`;
  }
  // alone, through the index, unless the matches are dense (more than the cap): then the rows read
  // in the page's order find a page after a few rows each, cheaper than listing every match first
  return eb.and(short.map((w) => (dense ? contains(eb, `${alias}.search_key`, w) : keyContains(db, eb, alias, table, w))));
}

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
  const fts = sql.raw(`${table}_search`);
  const likes = sql.join(short.map((w) => sql`search_key like ${`%${w}%`}`), sql` and `);
  const found = await sql<{ id: number }>`select rowid as id from ${fts} where ${fts} match ${ftsQuery(long)} and ${likes} limit ${ADMIN_TOTAL_CAP + 1}`.execute(db);
  return found.rows.map((r) => Number(r.id));
}

/** `alias.id` is one of `ids` (SQLite: a JSON array, one parameter however many ids). */
export const idIn = (alias: string, ids: number[]) => sql<SqlBool>`${sql.raw(`${alias}.id`)} in (select value from json_each(${JSON.stringify(ids)}))`;

/**
 * The page's `(id, search_key)` of the rows whose folded name contains every word, in name order:
 * read before the joins, so the database can walk the `(search_key, id)` index alone (the key is
 * stored there) and stop at the page, instead of walking it with a lookup of every row (PostgreSQL
 * did that, 1 s for a common word) or sorting every match. PostgreSQL's planner chooses between
 * that walk and its trigram index with the word's estimate; SQLite walks the index when the
 * matches are dense (more than the cap: a page is found after ~100 keys each), else it sorts the
 * few matches of its FTS5 table.
 */
export function nameSortedPage(db: DB, words: string[], capped: boolean, dir: 'asc' | 'desc', w: ListWindow): RawBuilder<{ id: number; search_key: string }> {
  const pg = dialectOf(db) === 'postgres';
  const d = sql.raw(w.reversed ? (dir === 'asc' ? 'desc' : 'asc') : dir);
  const likes = sql.join(words.map((word) => sql`search_key like ${`%${word}%`}`), sql` and `);
  const long = words.filter((word) => word.length >= 3);
  const where =
    pg || capped || !long.length
      ? likes
      : sql`id in (select rowid from products_search where products_search match ${ftsQuery(long)}) and ${likes}`;
  const from = sql.raw(!pg && (capped || !long.length) ? 'products indexed by products_search_key_idx' : 'products');
  return sql`(select id, search_key from ${from} where ${where} order by search_key ${d}, id ${d} limit ${w.limit} offset ${w.offset})`;
}

/** An FTS5 query: every word as a phrase (the words are [a-z0-9] only). */
const ftsQuery = (words: string[]) => words.map((w) => `"${w}"`).join(' AND ');

/** Page rows in the asked order (a reversed window is read backwards). */
export const inOrder = <T>(rows: T[], w: ListWindow) => (w.reversed ? rows.reverse() : rows);
