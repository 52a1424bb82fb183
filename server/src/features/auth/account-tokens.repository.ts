import { randomBytes } from 'node:crypto';
import type { DB } from '../../platform/db/database.js';
import { hashToken, revokeUserTokens } from '../../platform/auth/tokens.repository.js';

export type TokenPurpose = 'reset' | 'verify' | 'invite';

/** Lifetimes: a reset link 60 minutes, a verification link 48 hours, a staff invitation 7 days. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { reset: 60 * 60_000, verify: 48 * 3_600_000, invite: 7 * 86_400_000 };

/**
 * Issues a random 256-bit token for `purpose`, stored only as its SHA-256. Every earlier token of
 * the same user and purpose is removed in the same transaction: only the newest link works.
 */
export async function issueAccountToken(db: DB, userId: number, purpose: TokenPurpose, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('account_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        email,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TOKEN_TTL_MS[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

/**
 * Uses a token once, inside the caller's transaction: marks it used only if it is unused, unexpired
 * and the account's address is still the one the mail went to. Returns the user id, else undefined
 * (unknown, used, expired, superseded or for another address: one answer for all).
 */
export async function consumeAccountToken(trx: DB, token: unknown, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
  const row = await trx
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.email', 't.expires_at', 't.used_at', 'u.email as current_email'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_at != null || row.expires_at <= now.toISOString() || row.email !== row.current_email) return undefined;
  // the `used_at is null` condition makes two concurrent uses of one token succeed at most once
  const res = await trx
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.user_id : undefined;
}

/** The user id of a token that `consumeAccountToken` would accept now, without using it (the invitation page reads it). */
export async function peekAccountToken(db: DB, token: unknown, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
  const row = await db
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.email', 't.expires_at', 't.used_at', 'u.email as current_email'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', '=', purpose)
    .executeTakeFirst();
  return !row || row.used_at != null || row.expires_at <= now.toISOString() || row.email !== row.current_email ? undefined : row.user_id;
}

/** Voids every token of a user for `purpose` (a new password voids the reset links). */
export async function voidAccountTokens(db: DB, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** Uses a verification token and confirms its account's address (one transaction); the user id, else undefined. */
export async function verifyEmailWithToken(db: DB, token: unknown, now: Date): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const id = await consumeAccountToken(trx, token, 'verify', now);
    if (id != null) await trx.updateTable('users').set({ email_verified_at: now.toISOString() }).where('id', '=', id).execute();
    return id;
  });
}

/**
 * Uses a reset token and sets the new password (one transaction): the address counts as confirmed
 * (the mail reached its owner), every reset link and every session of the account end. The user
 * id, else undefined.
 */
export async function resetPasswordWithToken(db: DB, token: unknown, passwordHash: string, now: Date): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const id = await consumeAccountToken(trx, token, 'reset', now);
    if (id == null) return undefined;
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now.toISOString() }).where('id', '=', id).execute();
    await trx.updateTable('users').set({ email_verified_at: now.toISOString() }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
    await voidAccountTokens(trx, id, 'reset');
    await revokeUserTokens(trx, id);
    return id;
  });
}
