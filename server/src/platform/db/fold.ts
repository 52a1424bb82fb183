import { sql, type RawBuilder } from 'kysely';
import { foldTurkish } from '@qrmenu/contract';
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
 * A Turkish sort key in SQL: compared byte by byte (SQLite's BINARY, PostgreSQL `collate "C"`), it
 * orders as Turkish does, case-insensitively: A B C Ç D … G Ğ H I İ J … O Ö P … S Ş T U Ü V … Z.
 * Capitals become small letters the Turkish way (I → ı, İ → i; Â/Î/Û → a/i/u), ASCII is lower-cased,
 * then each Turkish letter becomes its base letter and `~` (after every letter): ç → "c~", ğ → "g~",
 * ı → "h~" (after h, before i), ö → "o~", ş → "s~", ü → "u~". Immutable on both dialects, so it defines generated columns and indexes.
 * Migration 20261128_1800_turkish_sort_keys uses this text: never change it, add a new migration instead.
 */
const UPPER = 'IİÇĞÖŞÜÂâÎîÛû';
const LOWER = 'ıiçğöşüaaiiuu';
const SPREAD: Array<[string, string]> = [
  ['ç', 'c~'],
  ['ğ', 'g~'],
  ['ı', 'h~'],
  ['ö', 'o~'],
  ['ş', 's~'],
  ['ü', 'u~'],
];

export function sortKeySqlText(dialect: Dialect, expr: string): string {
  let out = expr;
  if (dialect === 'postgres') out = `translate(${out}, '${UPPER}', '${LOWER}')`;
  else for (let i = 0; i < UPPER.length; i++) out = `replace(${out}, '${UPPER[i]}', '${LOWER[i]}')`;
  out = `lower(${out})`;
  for (const [from, to] of SPREAD) out = `replace(${out}, '${from}', '${to}')`;
  return out;
}

/**
 * Folding for the diner's menu search, as `foldTurkish` does it (Turkish letters, then accents
 * stripped, then lower case): on SQLite the JavaScript function itself (`qr_fold`, registered on
 * every connection by createDb), on PostgreSQL `translate` over the Latin letters with accents
 * (U+00C0–U+024F) and `lower`. Not for indexes (SQLite's is not known to the schema).
 */
export function foldSearchSql(dialect: Dialect, expr: RawBuilder<unknown>): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`lower(translate(${expr}, ${ACCENTED.from}, ${ACCENTED.to}))`;
  return sql<string>`qr_fold(${expr})`;
}

/** The same folding in JavaScript (`qr_fold` on SQLite). */
export const foldSearchText = (input: string): string => foldTurkish(input);

/** Each Latin letter with an accent (U+00C0–U+024F) that folds to one ASCII letter, and that letter. */
const ACCENTED = (() => {
  let from = '';
  let to = '';
  for (let c = 0xc0; c <= 0x24f; c++) {
    const ch = String.fromCharCode(c);
    const f = foldSearchText(ch);
    if (/^[a-z]$/.test(f)) {
      from += ch;
      to += f;
    }
  }
  return { from, to };
})();
