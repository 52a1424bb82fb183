import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The admin's product list sorted by category: each product carries its category's folded name
 * (`category_key`, a copy of `categories.search_key`) in an index `(category_key, id)`, so the
 * order "category name, then product id" is walked in the index instead of crossing the join.
 * Triggers keep the copy in the writer's own statement (and so its transaction): a new product
 * and a product moved to another category take their category's key; a renamed category passes
 * its new key to its products.
 */
export const productCategoryKey: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await sql.raw(`alter table products add column category_key text not null default ''`).execute(db);
    await sql.raw(`update products set category_key = (select c.search_key from categories c where c.id = products.category_id)`).execute(db);
    await db.schema.createIndex('products_category_key_idx').on('products').columns(['category_key', 'id']).execute();
    if (pg) {
      await sql
        .raw(
          `create function products_category_key() returns trigger language plpgsql as $$ begin ` +
            `new.category_key := coalesce((select c.search_key from categories c where c.id = new.category_id), ''); return new; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger products_category_key_ins before insert on products for each row execute function products_category_key()`).execute(db);
      await sql
        .raw(`create trigger products_category_key_upd before update of category_id on products for each row when (old.category_id is distinct from new.category_id) execute function products_category_key()`)
        .execute(db);
      await sql
        .raw(
          `create function categories_pass_key() returns trigger language plpgsql as $$ begin ` +
            `update products set category_key = new.search_key where category_id = new.id and category_key <> new.search_key; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(`create trigger categories_pass_key after update of name on categories for each row when (old.name is distinct from new.name) execute function categories_pass_key()`)
        .execute(db);
      return;
    }
    const own = `update products set category_key = coalesce((select c.search_key from categories c where c.id = new.category_id), '') where id = new.id;`;
    await sql.raw(`create trigger products_category_key_ins after insert on products begin ${own} end`).execute(db);
    await sql.raw(`create trigger products_category_key_upd after update of category_id on products when old.category_id is not new.category_id begin ${own} end`).execute(db);
    await sql
      .raw(
        `create trigger categories_pass_key after update of name on categories when old.name is not new.name begin ` +
          `update products set category_key = new.search_key where category_id = new.id and category_key <> new.search_key; end`,
      )
      .execute(db);
  },

  async down(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    await sql.raw(`drop trigger if exists categories_pass_key${pg ? ' on categories' : ''}`).execute(db);
    for (const t of ['ins', 'upd']) await sql.raw(`drop trigger if exists products_category_key_${t}${pg ? ' on products' : ''}`).execute(db);
    if (pg) for (const f of ['products_category_key', 'categories_pass_key']) await sql.raw(`drop function if exists ${f}()`).execute(db);
    await db.schema.dropIndex('products_category_key_idx').ifExists().execute();
    await db.schema.alterTable('products').dropColumn('category_key').execute();
  },
};
