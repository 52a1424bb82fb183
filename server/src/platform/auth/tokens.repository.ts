import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/database.js';
import { first, fixedQuery } from '../db/fixed-query.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a random 256-bit token, valid `ttlDays` from `now`; only its SHA-256 is stored. */
export async function issueToken(db: DB, userId: number, ttlDays: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
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
  /**
   * The scope every owner query uses: the business's user id. For a staff member this is the
   * business they work for (not their own id: see `actor`).
   */
  userId: number;
  /** 'user' for an owner and for a staff member (both act for a business); 'admin' for an admin. */
  role: 'admin' | 'user';
  /** The signed-in person's own name and e-mail (a staff member's, not the owner's). */
  name: string;
  email: string;
  /** Account status from the business profile (1 active, 0 passive); admins have none → 1. Staff: their business's. */
  status: number;
  /** Whether the account's current e-mail address is confirmed. */
  emailVerified: boolean;
  /** Who acts: the owner themself, or the staff member (their own `users` id and name). */
  actor: { id: number; name: string };
  /** Set only for a staff member: their role in the business. */
  staffRole?: 'garson' | 'mutfak' | 'yonetici';
  /** Set only for a staff member: the business's name. */
  businessName?: string;
}

/** The token's row with its user, staff membership and business (made once: fixed-query.ts). */
const tokenOwnerQuery = fixedQuery(['hash'], (db, v) =>
  db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('staff_members as sm', 'sm.user_id', 'u.id')
    .leftJoin('settings as s', (j) => j.on((eb) => eb('s.user_id', '=', eb.fn.coalesce('sm.business_id', 'u.id'))))
    .select(['t.id as tokenId', 't.expires_at', 'u.id as userId', 'u.role', 'u.name', 'u.email', 'u.email_verified_at', 's.status', 's.companyname', 's.name as businessName'])
    .select(['sm.business_id', 'sm.staff_role', 'sm.accepted_at', 'sm.revoked_at'])
    .where('t.token_hash', '=', v.hash),
);

/**
 * The live owner of a token, or undefined when unknown or expired at `now` (ISO 8601 UTC). A staff member's token resolves
 * to their business (`userId`), with `actor` and `staffRole`; a staff member whose invitation is
 * not accepted or whose access was revoked has no live token.
 */
export async function findTokenOwner(db: DB, token: string, now: string): Promise<TokenOwner | undefined> {
  const row = await first(db, tokenOwnerQuery(db, { hash: hashToken(token) }));
  if (!row || row.expires_at <= now) return undefined;
  const base = { tokenId: row.tokenId, role: row.role, name: row.name, email: row.email, status: row.status ?? 1, emailVerified: row.email_verified_at != null, actor: { id: row.userId, name: row.name } };
  if (row.business_id == null) return { ...base, userId: row.userId };
  if (row.accepted_at == null || row.revoked_at != null || row.staff_role == null) return undefined;
  return { ...base, userId: row.business_id, staffRole: row.staff_role, businessName: row.companyname || row.businessName || '' };
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

export async function deleteExpiredTokens(db: DB, now: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<=', now).execute();
}
