import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/** Survey answers (Anket) and waiter calls, per business and table. */
export const tables: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) =>
      pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

    await id(db.schema.createTable('feedback'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('masa', 'integer')
      .addColumn('lezzet', 'integer')
      .addColumn('servis', 'integer')
      .addColumn('temizlik', 'integer')
      .addColumn('fiyat', 'integer')
      .addColumn('comment', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('name', 'text')
      .addColumn('tel', 'text')
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_user_idx').on('feedback').columns(['user_id', 'created_at']).execute();

    await id(db.schema.createTable('waiter_calls'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('masa', 'integer', (c: any) => c.notNull())
      .addColumn('type', 'text', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('done_at', 'text')
      .execute();
    await db.schema.createIndex('waiter_calls_user_idx').on('waiter_calls').columns(['user_id', 'done_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('waiter_calls').ifExists().execute();
    await db.schema.dropTable('feedback').ifExists().execute();
  },
};
