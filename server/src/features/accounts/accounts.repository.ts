import { isUniqueViolation, type DB } from '../../platform/db/database.js';

export async function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Account status from the business profile (admins have no profile: always active). */
export async function accountStatus(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('settings').select('status').where('user_id', '=', userId).executeTakeFirst();
  return row?.status ?? 1;
}

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  role: 'admin' | 'user';
  profile?: { companyname?: string; address?: string; tel?: string };
}

/**
 * Creates an account; owners get their (empty) business profile in the same transaction.
 * Returns undefined when the e-mail is already taken (unique index), so races cannot double-register.
 */
export async function createAccount(db: DB, acc: NewAccount, now: string): Promise<number | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({ name: acc.name, email: acc.email, password_hash: acc.passwordHash, role: acc.role, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (acc.role === 'user') {
        // The profile takes the account's id, so settings.id = user_id: the admin users table's ID,
        // its edit-user/{user_id} link and every API answer name one business by one number.
        await trx
          .insertInto('settings')
          .values({
            id,
            user_id: id,
            name: acc.name,
            companyname: acc.profile?.companyname ?? '',
            address: acc.profile?.address ?? '',
            city: 0,
            tel: acc.profile?.tel ?? '',
            deskcount: null,
            qrlink: null,
            companyengname: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function updateUserPassword(db: DB, userId: number, passwordHash: string, now: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

/** Updates an account's name and (normalised) e-mail; 'taken' when the e-mail belongs to another account. */
export async function updateAccountNameEmail(db: DB, userId: number, name: string, email: string, now: string): Promise<'ok' | 'taken'> {
  const other = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  if (other) return 'taken';
  try {
    await db.updateTable('users').set({ name, email, updated_at: now }).where('id', '=', userId).execute();
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}
