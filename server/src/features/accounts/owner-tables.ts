import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/database.js';

/**
 * The database seen through tables found at run time (`ownerTables`): any table name, its columns
 * as plain values. The KVKK export and erasure walk every owner table, also ones added later.
 */
export type FoundTables = Kysely<Record<string, Record<string, unknown>>>;
/** `db` for queries on tables found at run time. */
export const foundTables = (db: DB): FoundTables => db as unknown as FoundTables;

/**
 * The tables that hold an owner's rows: every table with a `user_id` column, found from the
 * database itself, so a table added later (feedback, translations, price history…) is exported
 * and erased without a change here.
 */
export interface OwnerTable {
  name: string;
  columns: string[];
}

/**
 * Deleted last, in this order (children before parents; monthly_views after daily_views, whose
 * delete trigger writes to it); any other owner table goes first.
 */
const ERASE_LAST = ['products', 'categories', 'daily_views', 'monthly_views', 'slug_redirects', 'access_tokens', 'account_tokens', 'settings'];

export async function ownerTables(db: DB): Promise<OwnerTable[]> {
  const tables = await db.introspection.getTables();
  const found = tables
    .filter((t) => !t.isView && !t.name.startsWith('kysely_') && t.name !== 'users' && t.columns.some((c) => c.name === 'user_id'))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }));
  const rank = (n: string) => ERASE_LAST.indexOf(n);
  return found.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Columns never handed out, whatever table they are in. */
export const SECRET_COLUMN = /password|token|hash|secret/i;
/** Columns that match SECRET_COLUMN by name but are the owner's own public data (shown on the menu). */
export const PUBLIC_COLUMNS = new Set(['wifi_password']);
/** Tables that hold only secrets (sessions and mailed links). */
export const SECRET_TABLES = new Set(['access_tokens', 'account_tokens']);
