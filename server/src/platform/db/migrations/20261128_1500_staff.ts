import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Staff accounts (issue 42 item 1). A staff member is a `users` row (role `user`, no business
 * profile: the admin's business lists join `settings` and never see one) plus a `staff_members`
 * row naming the business it works for and its staff role. `users.role` keeps its CHECK: SQLite
 * cannot change a CHECK without rebuilding `users`, whose rebuild would cascade-delete every
 * business's data; the guards read the staff row instead.
 * `staff_activity` is the business's activity log: who (the owner or a staff member) did what.
 */
export const staff: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) => (pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement()));

    await id(db.schema.createTable('staff_members'))
      .addColumn('business_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('staff_role', 'text', (c: any) => c.notNull().check(sql`staff_role in ('garson', 'mutfak', 'yonetici')`))
      .addColumn('invited_at', 'text', (c: any) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('staff_members_business_idx').on('staff_members').column('business_id').execute();

    await id(db.schema.createTable('staff_activity'))
      .addColumn('business_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      // no foreign key: the entry keeps the name of whoever did it
      .addColumn('actor_id', 'integer', (c: any) => c.notNull())
      .addColumn('actor_name', 'text', (c: any) => c.notNull())
      .addColumn('actor_role', 'text', (c: any) => c.notNull())
      .addColumn('action', 'text', (c: any) => c.notNull())
      .addColumn('detail', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('at', 'text', (c: any) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_activity_business_idx').on('staff_activity').columns(['business_id', 'at']).execute();
  },
  async down(db: Kysely<any>) {
    // staff users go with their rows: they are accounts of no business once the table is gone
    await db.deleteFrom('users').where('id', 'in', (q: any) => q.selectFrom('staff_members').select('user_id')).execute();
    await db.schema.dropTable('staff_activity').ifExists().execute();
    await db.schema.dropTable('staff_members').ifExists().execute();
  },
};
