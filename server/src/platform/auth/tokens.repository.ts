import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/database.js';
import { nowIso } from '../db/schema.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a random 256-bit token; only its SHA-256 is stored. */
export async function issueToken(db: DB, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlDays * 86_400_000).toISOString(),
      last_used_at: null,
    })
    .execute();
  return token;
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  role: 'admin' | 'user';
  name: string;
  email: string;
  /** Account status from the business profile (1 active, 0 passive); admins have none → 1. */
  status: number;
  /** Whether the account's current e-mail address is confirmed. */
  emailVerified: boolean;
}

/** The live owner of a token, or undefined when unknown or expired. */
export async function findTokenOwner(db: DB, token: string): Promise<TokenOwner | undefined> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('settings as s', 's.user_id', 'u.id')
    .select(['t.id as tokenId', 't.expires_at', 'u.id as userId', 'u.role', 'u.name', 'u.email', 'u.email_verified_at', 's.status'])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return undefined;
  return { tokenId: row.tokenId, userId: row.userId, role: row.role, name: row.name, email: row.email, status: row.status ?? 1, emailVerified: row.email_verified_at != null };
}

export async function revokeToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

/** Revokes every token of a user, except `keepTokenId` when given (the current session). */
export async function revokeUserTokens(db: DB, userId: number, keepTokenId?: number): Promise<void> {
  await db
    .deleteFrom('access_tokens')
    .where('user_id', '=', userId)
    .$if(keepTokenId != null, (q) => q.where('id', '!=', keepTokenId!))
    .execute();
}

export async function deleteExpiredTokens(db: DB): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<=', nowIso()).execute();
}
