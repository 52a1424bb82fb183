import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AdminListBranch } from '@qrmenu/contract';
import { dialectOf, type DB } from '../../platform/db/database.js';

/**
 * Branches in the admin's business list (issue 43 item 1): the extra branches of a page's accounts
 * in one query, and the search that finds an account by one of its branches.
 */

/** The extra branches of these accounts (one page of the list), in one query: user id → its branches, oldest first. */
export async function branchesOfAccounts(db: DB, userIds: readonly number[], publicUrl: string): Promise<Map<number, AdminListBranch[]>> {
  const out = new Map<number, AdminListBranch[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('branches')
    .select(['id', 'user_id', 'name', 'slug', 'city', 'count'])
    .where('user_id', 'in', [...userIds])
    .orderBy('user_id')
    .orderBy('id')
    .execute();
  for (const r of rows) out.get(r.user_id)?.push({ id: r.id, name: r.name, slug: r.slug, qrlink: `${publicUrl}/qr/${r.slug}`, city: Number(r.city), views: Number(r.count) });
  return out;
}

/**
 * `userColumn` (an account's user id) has a branch whose folded name and slug (`search_key`) hold
 * every one of `words` (folded, [a-z0-9] only: no LIKE wildcards). PostgreSQL finds the branches
 * through the pg_trgm index; SQLite reads the `(search_key, user_id)` index, where the folded text is
 * stored (the column itself is VIRTUAL), never the branches' rows.
 */
export function hasBranchMatching(db: DB, userColumn: 's.user_id', words: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(userColumn)} in (${accountsWithBranchMatching(db, words)})`;
}

/** The user ids of the accounts with such a branch (see hasBranchMatching), as a subquery. */
export function accountsWithBranchMatching(db: DB, words: readonly string[]): RawBuilder<unknown> {
  const likes = sql.join(
    words.map((w) => sql`search_key like ${`%${w}%`}`),
    sql` and `,
  );
  const from = dialectOf(db) === 'postgres' ? sql`branches` : sql`branches indexed by branches_search_key_idx`;
  return sql`select user_id from ${from} where ${likes}`;
}
