import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Accounts as a service: confirmed e-mail addresses, single-use tokens (password reset, e-mail
 * verification), the administrator's audit trail and answered contact messages.
 */
export const accounts: Migration = {
  async up(db: Kysely<any>) {
    const pg = dialectOf(db) === 'postgres';
    const id = (t: any) =>
      pg ? t.addColumn('id', 'serial', (c: any) => c.primaryKey()) : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

    await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
    await db.schema.alterTable('messages').addColumn('answered_at', 'text').execute();

    await id(db.schema.createTable('account_tokens'))
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c: any) => c.notNull())
      .addColumn('token_hash', 'text', (c: any) => c.notNull().unique())
      .addColumn('email', 'text', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('expires_at', 'text', (c: any) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

    // No foreign keys: an entry outlives the business (and the administrator) it names.
    await id(db.schema.createTable('audit_log'))
      .addColumn('at', 'text', (c: any) => c.notNull())
      .addColumn('admin_id', 'integer', (c: any) => c.notNull())
      .addColumn('admin_email', 'text', (c: any) => c.notNull())
      .addColumn('action', 'text', (c: any) => c.notNull())
      .addColumn('target_user_id', 'integer')
      .addColumn('target_message_id', 'integer')
      .addColumn('changes', 'text', (c: any) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex('audit_log_target_idx').on('audit_log').column('target_user_id').execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('audit_log').ifExists().execute();
    await db.schema.dropTable('account_tokens').ifExists().execute();
    await db.schema.alterTable('messages').dropColumn('answered_at').execute();
    await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  },
};
