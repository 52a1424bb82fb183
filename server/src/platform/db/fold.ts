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

