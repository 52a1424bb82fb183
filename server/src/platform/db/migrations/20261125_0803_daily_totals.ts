import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The platform's menu views per day (the sum of daily_views over every business), kept by
 * triggers, so the admin dashboard's month figure and 30-day chart read 30 rows instead of summing
 * the views of 25,000 businesses. PostgreSQL updates it once per statement (the view flush's
 * upsert is one statement), SQLite once per row.
 */
export const dailyTotals: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await db.schema.createTable('daily_totals').addColumn('day', 'text', (c) => c.primaryKey()).addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await sql`insert into daily_totals (day, count) select day, sum(count) from daily_views group by day`.execute(db);
    if (pg) {
      const add = (rows: string, sign: string) =>
        `insert into daily_totals as t (day, count) select day, ${sign} sum(count) from ${rows} group by day on conflict (day) do update set count = t.count + excluded.count;`;
      await sql.raw(`create function daily_totals_insert() returns trigger language plpgsql as $$ begin ${add('changed', '')} return null; end $$`).execute(db);
      await sql.raw(`create function daily_totals_delete() returns trigger language plpgsql as $$ begin ${add('changed', '-')} return null; end $$`).execute(db);
      await sql.raw(`create function daily_totals_update() returns trigger language plpgsql as $$ begin ${add('before_rows', '-')} ${add('after_rows', '')} return null; end $$`).execute(db);
      await sql.raw(`create trigger daily_totals_ins after insert on daily_views referencing new table as changed for each statement execute function daily_totals_insert()`).execute(db);
      await sql.raw(`create trigger daily_totals_del after delete on daily_views referencing old table as changed for each statement execute function daily_totals_delete()`).execute(db);
      await sql
        .raw(`create trigger daily_totals_upd after update on daily_views referencing old table as before_rows new table as after_rows for each statement execute function daily_totals_update()`)
        .execute(db);
      return;
    }
    const add = (day: string, delta: string) => `insert into daily_totals (day, count) values (${day}, ${delta}) on conflict (day) do update set count = count + excluded.count;`;
    await sql.raw(`create trigger daily_totals_ins after insert on daily_views begin ${add('new.day', 'new.count')} end`).execute(db);
    await sql.raw(`create trigger daily_totals_del after delete on daily_views begin ${add('old.day', '-old.count')} end`).execute(db);
    await sql.raw(`create trigger daily_totals_upd after update on daily_views begin ${add('old.day', '-old.count')} ${add('new.day', 'new.count')} end`).execute(db);
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    for (const k of ['ins', 'del', 'upd']) await sql.raw(`drop trigger if exists daily_totals_${k}${pg ? ' on daily_views' : ''}`).execute(db);
    if (pg) for (const f of ['insert', 'delete', 'update']) await sql.raw(`drop function if exists daily_totals_${f}()`).execute(db);
    await db.schema.dropTable('daily_totals').execute();
  },
};
