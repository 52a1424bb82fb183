import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Each business's menu views per month (`month` = 'YYYY-MM', the sum of its daily_views rows of
 * that month), kept by triggers like daily_totals, so the admin dashboard's "over quota this month"
 * reads one row per business of the month instead of summing 25 days × 25,000 businesses of
 * daily_views. PostgreSQL updates it once per statement, SQLite once per row.
 */
export const monthlyViews: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await db.schema
      .createTable('monthly_views')
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('monthly_views_pk', ['month', 'user_id'])
      .execute();
    // the month's sums grouped by business are read from this index alone
    await db.schema.createIndex('monthly_views_month_idx').on('monthly_views').columns(['month', 'user_id', 'count']).execute();
    await sql`insert into monthly_views (month, user_id, count) select substr(day, 1, 7), user_id, sum(count) from daily_views group by substr(day, 1, 7), user_id`.execute(db);
    if (pg) {
      const add = (rows: string, sign: string) =>
        `insert into monthly_views as t (month, user_id, count) select substr(day, 1, 7), user_id, ${sign} sum(count) from ${rows} group by substr(day, 1, 7), user_id ` +
        `on conflict (month, user_id) do update set count = t.count + excluded.count;`;
      await sql.raw(`create function monthly_views_insert() returns trigger language plpgsql as $$ begin ${add('changed', '')} return null; end $$`).execute(db);
      await sql.raw(`create function monthly_views_delete() returns trigger language plpgsql as $$ begin ${add('changed', '-')} return null; end $$`).execute(db);
      await sql.raw(`create function monthly_views_update() returns trigger language plpgsql as $$ begin ${add('before_rows', '-')} ${add('after_rows', '')} return null; end $$`).execute(db);
      await sql.raw(`create trigger monthly_views_ins after insert on daily_views referencing new table as changed for each statement execute function monthly_views_insert()`).execute(db);
      await sql.raw(`create trigger monthly_views_del after delete on daily_views referencing old table as changed for each statement execute function monthly_views_delete()`).execute(db);
      await sql
        .raw(`create trigger monthly_views_upd after update on daily_views referencing old table as before_rows new table as after_rows for each statement execute function monthly_views_update()`)
        .execute(db);
      return;
    }
    const add = (row: string, delta: string) =>
      `insert into monthly_views (month, user_id, count) values (substr(${row}.day, 1, 7), ${row}.user_id, ${delta}) on conflict (month, user_id) do update set count = count + excluded.count;`;
    await sql.raw(`create trigger monthly_views_ins after insert on daily_views begin ${add('new', 'new.count')} end`).execute(db);
    await sql.raw(`create trigger monthly_views_del after delete on daily_views begin ${add('old', '-old.count')} end`).execute(db);
    await sql.raw(`create trigger monthly_views_upd after update on daily_views begin ${add('old', '-old.count')} ${add('new', 'new.count')} end`).execute(db);
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    for (const k of ['ins', 'del', 'upd']) await sql.raw(`drop trigger if exists monthly_views_${k}${pg ? ' on daily_views' : ''}`).execute(db);
    if (pg) for (const f of ['insert', 'delete', 'update']) await sql.raw(`drop function if exists monthly_views_${f}()`).execute(db);
    await db.schema.dropTable('monthly_views').execute();
  },
};
