import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Turkish case folding in SQL, the same as `foldTurkish` (contract/src/slug.ts) for Turkish
 * letters and ASCII: Ç→c, Ğ→g, I/İ/ı→i, Ö→o, Ş→s, Ü→u, Â/Î/Û → a/i/u, then lower-case. Other accented
 * letters are not stripped here (SQLite's lower() is ASCII only). Both dialects get an immutable
 * expression, so it can define generated columns and indexes.
 * Migration 20261125_0800_admin_lists uses this text: never change it, add a new migration instead.
 */
const FROM = 'ÇçĞğIİıÖöŞşÜüÂâÎîÛû';
const TO = 'ccggiiioossuuaaiiuu';

export function foldSqlText(dialect: Dialect, expr: string): string {
  if (dialect === 'postgres') return `lower(translate(${expr}, '${FROM}', '${TO}'))`;
  let out = expr;
  for (let i = 0; i < FROM.length; i++) out = `replace(${out}, '${FROM[i]}', '${TO[i]}')`;
  return `lower(${out})`;
}

export const foldSql = (dialect: Dialect, expr: string): RawBuilder<string> => sql<string>`${sql.raw(foldSqlText(dialect, expr))}`;

/** A LIKE pattern that finds `word` anywhere, with LIKE's own wildcards escaped (ESCAPE '\'). */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * PostgreSQL: the text search vector of every two-character piece of `column` (the pieces at even
 * and at odd offsets, each followed by a space, so the parser keeps each as a word). A word of two
 * letters or digits occurs in the column only where it is one of these pieces, so a GIN index on
 * this expression finds the candidates of a 2-character search word, which no trigram index can.
 * Migration 20261126_0922_search_pairs defines its index with this text: never change it.
 */
export const pairsVectorSql = (column: string) =>
  `to_tsvector('simple', regexp_replace(${column}, '(..)', '\\1 ', 'g') || ' ' || regexp_replace(substr(${column}, 2), '(..)', '\\1 ', 'g'))`;
