import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, type DB } from '../src/platform/db/database.js';

/** Kysely's own bookkeeping: which migrations ran, and its lock. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * Every table of the application as the database itself lists them (sqlite_master, or
 * information_schema on PostgreSQL), so a table added by a new migration is seen without a list
 * to edit. Left out: the migrator's bookkeeping, SQLite's internal tables and FTS5 virtual tables
 * (views over a content table; their shadow tables, which hold the index, are included).
 */
export async function tableNames(db: DB, opts: { searchIndexes?: boolean } = {}): Promise<string[]> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((r) => r.name).filter((n) => !MIGRATOR_TABLES.has(n)).sort();
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  const shadow = (name: string) => virtual.some((v) => new RegExp(`^${v}_(data|idx|content|docsize|config)$`).test(name));
  return rows
    .map((r) => r.name)
    .filter((n) => !MIGRATOR_TABLES.has(n) && !virtual.includes(n) && (opts.searchIndexes !== false || !shadow(n)))
    .sort();
}

/** A table's columns, as the database lists them. */
export async function columnNames(db: DB, table: string): Promise<string[]> {
  const rows =
    dialectOf(db) === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows
      : (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(db)
        ).rows;
  return rows.map((r) => r.name).sort();
}

export interface FingerprintOptions {
  /** Columns left out, per table ('*' for every table): counters that move with reads, not data. */
  ignore?: Record<string, string[]>;
  /** Rows to keep: a WHERE on the table's own columns, null to keep the table whole, 'skip' to leave it out. */
  scope?: (table: string, columns: string[]) => ReturnType<typeof sql> | null | 'skip';
  /** False: leave out SQLite's FTS5 shadow tables (search indexes derived from other tables). */
  searchIndexes?: boolean;
}

/**
 * A hash of every row of every table (see `tableNames`), to prove that a request changed
 * nothing. Rows are compared as sorted JSON, so the order the database returns them in is moot.
 */
export async function dbFingerprint(db: DB, opts: FingerprintOptions = {}): Promise<string> {
  const h = createHash('sha256');
  for (const [table, text] of Object.entries(await dbSnapshot(db, opts))) h.update(`${table}\n${text}\n`);
  return h.digest('hex');
}

/** The rows behind `dbFingerprint`, per table (for a readable diff when a check fails). */
export async function dbSnapshot(db: DB, opts: FingerprintOptions = {}): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const parts: Array<[string, ReturnType<typeof sql>]> = [];
  const columns = await allColumns(db);
  for (const table of await tableNames(db, { searchIndexes: opts.searchIndexes })) {
    const all = columns.get(table) ?? [];
    const ignored = new Set([...(opts.ignore?.['*'] ?? []), ...(opts.ignore?.[table] ?? [])]);
    const kept = all.filter((c) => !ignored.has(c));
    if (kept.length === 0) continue;
    const where = opts.scope?.(table, all) ?? null;
    if (where === 'skip') continue;
    const select = sql`select ${sql.join(kept.map((c) => sql.ref(c)))} from ${sql.table(table)}`;
    parts.push([table, where ? sql`${select} where ${where}` : select]);
  }
  if (dialectOf(db) === 'postgres') {
    // one round trip for all the tables: each row as its JSON text
    for (const [table] of parts) out[table] = '';
    const union = sql.join(parts.map(([table, q]) => sql`select ${table}::text as t, to_jsonb(x)::text as r from (${q}) x`), sql` union all `);
    const byTable = new Map<string, string[]>();
    for (const { t, r } of (await sql<{ t: string; r: string }>`${union}`.execute(db)).rows) byTable.set(t, [...(byTable.get(t) ?? []), r]);
    for (const [table, rows] of byTable) out[table] = rows.sort().join('\n');
    return out;
  }
  for (const [table, q] of parts) {
    const { rows } = await q.execute(db);
    out[table] = rows.map((r) => rowText(r as Record<string, unknown>)).sort().join('\n');
  }
  return out;
}

/** A row as text; blobs (SQLite's search index) as hex, not as JSON's arrays of numbers. */
const rowText = (row: Record<string, unknown>) =>
  JSON.stringify(Object.values(row).map((v) => (Buffer.isBuffer(v) || v instanceof Uint8Array ? `x'${Buffer.from(v).toString('hex')}'` : v)));

/** Every table's columns in one query. */
async function allColumns(db: DB): Promise<Map<string, string[]>> {
  const { rows } =
    dialectOf(db) === 'sqlite'
      ? await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table'`.execute(db)
      : await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(db);
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.t, [...(out.get(r.t) ?? []), r.c]);
  for (const list of out.values()) list.sort();
  return out;
}

/**
 * The schema as the database describes it: every table, column, index, constraint, trigger and
 * function (SQLite: sqlite_master's statements; PostgreSQL: the catalogs), one sorted line each,
 * the migrator's own bookkeeping left out, and so are an extension's own functions (the `pg_trgm`
 * that migration 0800 creates if missing is left in place when it is undone: the extension is the
 * database's, and may be there for other uses). Two databases migrated alike give equal lists.
 */
export async function schemaSnapshot(db: DB): Promise<string[]> {
  const lines: string[] = [];
  const mine = (name: string) => !/^kysely_migration/.test(name);
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`select type, name, tbl_name, sql from sqlite_master
      where name not like 'sqlite\\_%' escape '\\'`.execute(db);
    for (const r of rows) if (mine(r.tbl_name)) lines.push(`${r.type} ${r.name} on ${r.tbl_name}: ${r.sql ?? ''}`);
    return lines.sort();
  }
  const queries = [
    sql<{ line: string; owner: string }>`select c.relkind::text || ' ' || c.relname as line, c.relname as owner from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema()`,
    sql<{ line: string; owner: string }>`select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable
        || ' default=' || coalesce(column_default, '') || ' generated=' || coalesce(generation_expression, '') as line, table_name as owner
      from information_schema.columns where table_schema = current_schema()`,
    sql<{ line: string; owner: string }>`select 'index ' || indexdef as line, tablename as owner from pg_indexes where schemaname = current_schema()`,
    sql<{ line: string; owner: string }>`select 'constraint ' || conname || ' ' || pg_get_constraintdef(c.oid) as line, t.relname as owner
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace where n.nspname = current_schema()`,
    sql<{ line: string; owner: string }>`select 'trigger ' || t.tgname || ' ' || pg_get_triggerdef(t.oid) as line, c.relname as owner
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and not t.tgisinternal`,
    sql<{ line: string; owner: string }>`select 'function ' || pg_get_functiondef(p.oid) as line, p.proname as owner
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  ];
  for (const q of queries) for (const r of (await q.execute(db)).rows) if (mine(r.owner)) lines.push(r.line);
  return lines.sort();
}
