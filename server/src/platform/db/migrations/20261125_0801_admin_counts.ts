import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Exact row counts of the two large tables, kept by triggers, so an admin list without search
 * answers its `total` without counting a million rows: `admin_counts` holds `products`,
 * `products:1`, `products:0` (by status) and the same for `categories`. PostgreSQL updates them
 * once per statement (transition tables: a bulk insert is one update), SQLite once per row.
 */
const TABLES = ['products', 'categories'] as const;

export const adminCounts: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await db.schema.createTable('admin_counts').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    for (const t of TABLES) {
      await sql.raw(`insert into admin_counts (key, n) select '${t}', count(*) from ${t}`).execute(db);
      for (const s of ['0', '1']) await sql.raw(`insert into admin_counts (key, n) select '${t}:${s}', count(*) from ${t} where status = '${s}'`).execute(db);
    }
    if (pg) {
      const delta = (table: string, sign: string) =>
        `update admin_counts a set n = a.n ${sign} d.k from (select tg_table_name || ':' || status as key, count(*) as k from ${table} group by status union all select tg_table_name, count(*) from ${table}) d where a.key = d.key;`;
      await sql.raw(`create function admin_counts_insert() returns trigger language plpgsql as $$ begin ${delta('changed', '+')} return null; end $$`).execute(db);
      await sql.raw(`create function admin_counts_delete() returns trigger language plpgsql as $$ begin ${delta('changed', '-')} return null; end $$`).execute(db);
      // only rows whose status changed move (the view counter updates categories twice a second)
      await sql
        .raw(
          `create function admin_counts_update() returns trigger language plpgsql as $$ begin ` +
            `update admin_counts a set n = a.n + d.k from (select tg_table_name || ':' || s as key, sum(k) as k from (` +
            `select o.status as s, -1 as k from before_rows o join after_rows w on w.id = o.id where o.status is distinct from w.status ` +
            `union all select w.status, 1 from before_rows o join after_rows w on w.id = o.id where o.status is distinct from w.status) x group by s) d where a.key = d.key; ` +
            `return null; end $$`,
        )
        .execute(db);
      for (const t of TABLES) {
        await sql.raw(`create trigger ${t}_count_ins after insert on ${t} referencing new table as changed for each statement execute function admin_counts_insert()`).execute(db);
        await sql.raw(`create trigger ${t}_count_del after delete on ${t} referencing old table as changed for each statement execute function admin_counts_delete()`).execute(db);
        await sql.raw(`create trigger ${t}_count_upd after update on ${t} referencing old table as before_rows new table as after_rows for each statement execute function admin_counts_update()`).execute(db);
      }
      return;
    }
    for (const t of TABLES) {
      await sql.raw(`create trigger ${t}_count_ins after insert on ${t} begin update admin_counts set n = n + 1 where key in ('${t}', '${t}:' || new.status); end`).execute(db);
      await sql.raw(`create trigger ${t}_count_del after delete on ${t} begin update admin_counts set n = n - 1 where key in ('${t}', '${t}:' || old.status); end`).execute(db);
      await sql
        .raw(
          `create trigger ${t}_count_upd after update of status on ${t} when old.status is not new.status begin ` +
            `update admin_counts set n = n - 1 where key = '${t}:' || old.status; update admin_counts set n = n + 1 where key = '${t}:' || new.status; end`,
        )
        .execute(db);
    }
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    for (const t of TABLES) for (const k of ['ins', 'del', 'upd']) await sql.raw(`drop trigger if exists ${t}_count_${k}${pg ? ` on ${t}` : ''}`).execute(db);
    if (pg) for (const f of ['insert', 'delete', 'update']) await sql.raw(`drop function if exists admin_counts_${f}()`).execute(db);
    await db.schema.dropTable('admin_counts').execute();
  },
};
