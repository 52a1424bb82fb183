import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One open session per table (issue 42, a Friday night): two diners whose first orders reach the
 * server at the same instant must land in the table's one session, or the bill splits in two. A
 * partial unique index on the open sessions (both databases have them) makes the second insert
 * fail; the order's transaction is then retried and finds the session the first one opened.
 */
export const oneOpenSession: Migration = {
  async up(db: Kysely<any>) {
    await sql.raw(`create unique index table_sessions_one_open on table_sessions (user_id, masa) where closed_at is null`).execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('table_sessions_one_open').ifExists().execute();
  },
};
