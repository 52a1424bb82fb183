import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The admin's category and product lists sorted by business name, at any depth (issue 40): each row
 * carries its business's sort key (`company_key`, a copy of `settings.companyname_key`, '' without a
 * name) in an index `(company_key, user_id, id)`. A page — and a "go to page" boundary read deep in
 * the list — is then a walk of one index, not of the settings index joined to each business's rows.
 * Triggers keep the copy in the writer's own statement (and so its transaction), as they keep
 * `products.category_key`: a new row takes its business's key; a business renamed (or its settings
 * row written) passes its new key to its categories and products.
 */
const TABLES = ['categories', 'products'] as const;
const KEY = (userId: string) => `coalesce((select s.companyname_key from settings s where s.user_id = ${userId}), '')`;

async function postgresTriggers(db: Kysely<any>) {
  for (const t of TABLES) {
    await sql.raw(`create function ${t}_company_key() returns trigger language plpgsql as $$ begin new.company_key := ${KEY('new.user_id')}; return new; end $$`).execute(db);
    await sql.raw(`create trigger ${t}_company_key_ins before insert on ${t} for each row execute function ${t}_company_key()`).execute(db);
  }
  // an AFTER trigger: the generated companyname_key of the new row is computed by then
  await sql
    .raw(
      `create function settings_pass_company_key() returns trigger language plpgsql as $$ begin ` +
        TABLES.map((t) => `update ${t} set company_key = coalesce(new.companyname_key, '') where user_id = new.user_id and company_key <> coalesce(new.companyname_key, '');`).join(' ') +
        ` return null; end $$`,
    )
    .execute(db);
  await sql.raw(`create trigger settings_pass_company_key_ins after insert on settings for each row execute function settings_pass_company_key()`).execute(db);
  await sql
    .raw(`create trigger settings_pass_company_key_upd after update of companyname on settings for each row when (old.companyname is distinct from new.companyname) execute function settings_pass_company_key()`)
    .execute(db);
}

async function sqliteTriggers(db: Kysely<any>) {
  for (const t of TABLES) {
    await sql.raw(`create trigger ${t}_company_key_ins after insert on ${t} begin update ${t} set company_key = ${KEY('new.user_id')} where id = new.id; end`).execute(db);
  }
  const pass = TABLES.map((t) => `update ${t} set company_key = ${KEY('new.user_id')} where user_id = new.user_id and company_key <> ${KEY('new.user_id')};`).join(' ');
  await sql.raw(`create trigger settings_pass_company_key_ins after insert on settings begin ${pass} end`).execute(db);
  await sql.raw(`create trigger settings_pass_company_key_upd after update of companyname on settings when old.companyname is not new.companyname begin ${pass} end`).execute(db);
}

export const companySortKey: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    for (const t of TABLES) {
      await sql.raw(`alter table ${t} add column company_key text${pg ? ' collate "C"' : ''} not null default ''`).execute(db);
      await sql.raw(`update ${t} set company_key = ${KEY(`${t}.user_id`)}`).execute(db);
      await db.schema.createIndex(`${t}_company_key_idx`).on(t).columns(['company_key', 'user_id', 'id']).execute();
    }
    await (pg ? postgresTriggers(db) : sqliteTriggers(db));
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    for (const t of ['settings_pass_company_key_ins', 'settings_pass_company_key_upd']) await sql.raw(`drop trigger if exists ${t}${pg ? ' on settings' : ''}`).execute(db);
    for (const t of TABLES) await sql.raw(`drop trigger if exists ${t}_company_key_ins${pg ? ` on ${t}` : ''}`).execute(db);
    if (pg) for (const f of ['settings_pass_company_key', ...TABLES.map((t) => `${t}_company_key`)]) await sql.raw(`drop function if exists ${f}()`).execute(db);
    for (const t of TABLES) {
      await db.schema.dropIndex(`${t}_company_key_idx`).ifExists().execute();
      await db.schema.alterTable(t).dropColumn('company_key').execute();
    }
  },
};
