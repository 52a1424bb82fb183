import type { OwnerAccount } from '@qrmenu/contract';
import { isUniqueViolation, type DB } from '../../platform/db/database.js';

/** The signed-in owner's own account (GET /api/account). */
export async function findOwnerAccount(db: DB, userId: number): Promise<OwnerAccount | undefined> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return u && { id: u.id, name: u.name, email: u.email, email_verified: u.email_verified_at != null, created_at: u.created_at };
}

/** The owner's name, on the account and on the business profile (where the admin sees it). */
export async function updateOwnerName(db: DB, userId: number, name: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ name, updated_at: now }).where('id', '=', userId).execute();
    await trx.updateTable('settings').set({ name, updated_at: now }).where('user_id', '=', userId).execute();
  });
}

/** A new address, unconfirmed until its link is opened; 'taken' when another account has it. */
export async function changeOwnerEmail(db: DB, userId: number, email: string, now: string): Promise<'ok' | 'taken'> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email, email_verified_at: null, updated_at: now }).where('id', '=', userId).execute();
      // links mailed to the old address are void (the token also checks the address)
      await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
    });
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export async function markEmailVerified(db: DB, userId: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: at.toISOString() }).where('id', '=', userId).execute();
}
