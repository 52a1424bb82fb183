import { sql, type Expression, type SqlBool } from 'kysely';
import type { AdminListBranch, AdminListQuery, AdminUserRow } from '@qrmenu/contract';
import { dialectOf, inTransaction, isUniqueViolation, type DB } from '../../platform/db/database.js';
import { type SettingsUpdate } from '../../platform/db/schema.js';
import { revokeUserTokens } from '../../platform/auth/tokens.repository.js';
import { all, contains, keyContains, searchTerms } from './admin-list.js';
import { keysetPage, type KeyPart, type SortKey } from './admin-list-keyset.js';
import { accountsWithBranchMatching, branchesOfAccounts, hasBranchMatching } from '../branches/index.js';

/** Business accounts (role `user`) with their profile, for the admin users table and edit form. */
function businessQuery(db: DB) {
  return db
    .selectFrom('settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('u.role', '=', 'user')
    .select([
      's.id',
      's.user_id',
      'u.email',
      'u.email_verified_at',
      's.name',
      's.companyname',
      's.address',
      's.city',
      's.tel',
      's.deskcount',
      's.qrlink',
      's.companyengname',
      's.count',
      's.qr_status',
      's.status',
      's.userlevel',
      's.created_at',
    ]);
}

type BusinessRow = Awaited<ReturnType<ReturnType<typeof businessQuery>['executeTakeFirstOrThrow']>>;

function present(row: BusinessRow, counts: { products: number; categories: number }, branches: AdminListBranch[]): AdminUserRow {
  return {
    id: row.id,
    user_id: row.user_id,
    email: row.email,
    email_verified: row.email_verified_at != null,
    name: row.name,
    companyname: row.companyname,
    address: row.address,
    city: Number(row.city),
    tel: row.tel,
    deskcount: row.deskcount == null ? null : Number(row.deskcount),
    qrlink: row.qrlink,
    companyengname: row.companyengname,
    count: Number(row.count),
    qr_status: Number(row.qr_status),
    status: Number(row.status),
    userlevel: row.userlevel,
    created_at: row.created_at,
    product_count: counts.products,
    category_count: counts.categories,
    branch_count: branches.length,
    branches,
  };
}

/** Products and categories per business, for the given businesses only (the page's rows). */
async function menuCounts(db: DB, userIds: number[]) {
  const out = new Map<number, { products: number; categories: number }>(userIds.map((id) => [id, { products: 0, categories: 0 }]));
  if (!userIds.length) return out;
  for (const table of ['products', 'categories'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    for (const r of rows) out.get(r.user_id)![table] = Number(r.n);
  }
  return out;
}

const int = (column: string): KeyPart => ({ column, type: 'int' });
const text = (column: string): KeyPart => ({ column, type: 'text' });
const id = int('s.id');

/** Every column of the users table, names and address in Turkish order (their `*_key`), then the id. */
const USER_SORT: Record<AdminListQuery<'users'>['sort'], SortKey> = {
  id: [id],
  name: [text('s.name_key'), id],
  companyname: [text('s.companyname_key'), id],
  email: [text('u.email'), id],
  address: [text('s.address_key'), id],
  city: [int('s.city'), id],
  tel: [text('s.tel'), id],
  // a business that has not given its table count sorts before 0
  deskcount: [{ column: 's.deskcount', type: 'int', nullAs: -1 }, id],
  count: [int('s.count'), id],
  qr_status: [int('s.qr_status'), id],
  status: [int('s.status'), id],
  userlevel: [text('s.userlevel'), id],
  created_at: [text('s.created_at'), id],
};

/** A search word held by more accounts than this is not listed as ids (`accountsHolding`). */
export const COMMON_WORD = 1000;

type Held = { ids: number[] } | { common: string };

/**
 * The accounts that hold `word` (folded, [a-z0-9] only) in their business (name, owner, slug: the
 * folded `search_key`), their e-mail or one of their branches, listed in one pass (each part through
 * its own index: SQLite's `(search_key, …)` indexes, PostgreSQL's trigram indexes) that stops after
 * COMMON_WORD of them: a rarer word becomes that list of ids; a common one ("kafe", "şubesi", every
 * `isletme-N` of the bench) is left to `commonWord`.
 */
async function accountsHolding(db: DB, word: string): Promise<Held> {
  const like = `%${word}%`;
  const settings = dialectOf(db) === 'postgres' ? sql`settings` : sql`settings indexed by settings_search_key_idx`;
  const found = await sql<{ id: number }>`select user_id as id from ${settings} where search_key like ${like} union all select id from users where email like ${like} union all ${accountsWithBranchMatching(db, [word])} limit ${COMMON_WORD + 1}`.execute(db);
  return found.rows.length > COMMON_WORD ? { common: word } : { ids: [...new Set(found.rows.map((r) => Number(r.id)))] };
}

/** The account is one of `ids`. */
function oneOf(db: DB, ids: number[]): Expression<SqlBool> {
  if (!ids.length) return sql<SqlBool>`1 = 0`;
  return dialectOf(db) === 'postgres' ? sql<SqlBool>`s.user_id = any(${ids}::int[])` : sql<SqlBool>`s.user_id in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * A common word. Beside a rarer one (`narrowed`: at most COMMON_WORD accounts are read), checked on
 * each of them; alone, by the way each database does best: SQLite tests every business against the
 * lists read from its indexes, PostgreSQL hashes one union of ids.
 */
function commonWord(db: DB, word: string, narrowed: boolean): Expression<SqlBool> {
  const like = `%${word}%`;
  if (narrowed) return sql<SqlBool>`(s.search_key like ${like} or u.email like ${like} or exists (select 1 from branches b where b.user_id = s.user_id and b.search_key like ${like}))`;
  if (dialectOf(db) === 'postgres') return sql<SqlBool>`s.user_id in (select user_id from settings where search_key like ${like} union select id from users where email like ${like} union ${accountsWithBranchMatching(db, [word])})`;
  return sql<SqlBool>`(${keyContains(db, 's', 'settings', word)} or ${contains('u.email', word)} or ${hasBranchMatching(db, 's.user_id', [word])})`;
}

/**
 * Every word of `q` held by the account (`accountsHolding`): the rarer words as lists of ids, so that
 * the database reads only those businesses (an OR across the join made it test all 25,000 against
 * each word, 2–4× slower), the common ones as `commonWord`.
 */
async function searchCondition(db: DB, words: string[]): Promise<Expression<SqlBool>> {
  const held = await Promise.all(words.map((w) => accountsHolding(db, w)));
  const lists = held.flatMap((h) => ('ids' in h ? [h.ids] : []));
  return all([...lists.map((ids) => oneOf(db, ids)), ...held.flatMap((h) => ('common' in h ? [commonWord(db, h.common, lists.length > 0)] : []))]);
}

/**
 * One page of business accounts, each with its extra branches (one query for the page's accounts).
 * `q`: every word in the business name, owner name, slug (folded search_key), e-mail or one of its
 * branches' names and slugs. Filters: status, userlevel, qr_status; `branch` (text): a branch's name
 * or slug holds every word.
 */
export async function listBusinesses(db: DB, query: AdminListQuery<'users'>, publicUrl: string): Promise<{ users: AdminUserRow[]; total: number; next?: string; prev?: string }> {
  const words = searchTerms(query.q);
  const held = words.length ? await searchCondition(db, words) : undefined;
  const branchWords = searchTerms(query.text.branch ?? '');
  const { status, userlevel, qr_status } = query.filters;
  // every profile is a business (accounts get one only with role `user`): no role filter, so the
  // database reads settings through its indexes instead of scanning the accounts
  const filtered = db
    .selectFrom('settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .$if(status != null, (qb) => qb.where('s.status', '=', Number(status)))
    .$if(qr_status != null, (qb) => qb.where('s.qr_status', '=', Number(qr_status)))
    .$if(userlevel != null, (qb) => qb.where('s.userlevel', '=', userlevel!))
    .$if(held !== undefined, (qb) => qb.where(held!))
    .$if(branchWords.length > 0, (qb) => qb.where(hasBranchMatching(db, 's.user_id', branchWords)));
  const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const page = await keysetPage(filtered, filtered.select('s.id'), USER_SORT[query.sort], {
    page: query.page,
    perPage: query.per_page,
    dir: query.dir,
    sort: query.sort,
    total,
    after: query.after,
    before: query.before,
  });
  const pageIds = page.rows.map((r) => r.id);
  if (!pageIds.length) return { users: [], total };
  const rows = await businessQuery(db).where('s.id', 'in', pageIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const userIds = rows.map((r) => r.user_id);
  const counts = await menuCounts(db, userIds);
  const branches = await branchesOfAccounts(db, userIds, publicUrl);
  const users = pageIds.map((i) => byId.get(i)!).map((r) => present(r, counts.get(r.user_id)!, branches.get(r.user_id)!));
  return { users, total, next: page.next, prev: page.prev };
}

/** One business by its USER id (settings.user_id); admins and unknown ids → undefined. */
export async function findBusiness(db: DB, userId: number, publicUrl: string): Promise<AdminUserRow | undefined> {
  const row = await businessQuery(db).where('s.user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const branches = await branchesOfAccounts(db, [userId], publicUrl);
  return present(row, (await menuCounts(db, [userId])).get(userId)!, branches.get(userId)!);
}

/** Which business (user id) uses `slug` now, and which one had it before (slug_redirects). */
export async function slugOwners(db: DB, slug: string) {
  const current = await db.selectFrom('settings').select('user_id').where('companyengname', '=', slug).executeTakeFirst();
  const old = await db.selectFrom('slug_redirects').select('user_id').where('old_slug', '=', slug).executeTakeFirst();
  return { currentUserId: current?.user_id, redirectUserId: old?.user_id };
}

export type BusinessUpdate = Pick<
  SettingsUpdate,
  'name' | 'companyname' | 'address' | 'city' | 'tel' | 'deskcount' | 'qrlink' | 'companyengname' | 'count' | 'qr_status' | 'status' | 'userlevel'
>;

/**
 * Applies an admin's change in one transaction (the caller's when `db` is one):
 * - a changed slug keeps the old one in slug_redirects (→ 301 to the new address) and drops the
 *   new one from this business's redirects;
 * - status 0 (Pasif) deletes every token of the owner.
 * Returns 'taken' when a concurrent change took the slug first (unique index).
 */
export async function updateBusiness(db: DB, userId: number, change: BusinessUpdate, now: string): Promise<'ok' | 'taken'> {
  const pg = dialectOf(db) === 'postgres';
  try {
    await inTransaction(db, async (trx) => {
      // The slug as it is now, read (and on PostgreSQL locked) inside the transaction, so two
      // concurrent renames both leave their old address in slug_redirects.
      const row = await trx
        .selectFrom('settings')
        .select('companyengname')
        .where('user_id', '=', userId)
        .$if(pg, (q) => q.forUpdate())
        .executeTakeFirstOrThrow();
      const previousSlug = row.companyengname;
      const newSlug = change.companyengname ?? null;
      if (newSlug !== previousSlug) {
        if (newSlug) {
          const other = await trx.selectFrom('slug_redirects').select('user_id').where('old_slug', '=', newSlug).executeTakeFirst();
          if (other && other.user_id !== userId) throw new SlugTaken();
          await trx.deleteFrom('slug_redirects').where('old_slug', '=', newSlug).where('user_id', '=', userId).execute();
        }
        if (previousSlug) {
          await trx.deleteFrom('slug_redirects').where('old_slug', '=', previousSlug).execute();
          await trx.insertInto('slug_redirects').values({ old_slug: previousSlug, user_id: userId, created_at: now }).execute();
        }
      }
      await trx.updateTable('settings').set({ ...change, updated_at: now }).where('user_id', '=', userId).execute();
      if (change.status === 0) await revokeUserTokens(trx, userId);
    });
    return 'ok';
  } catch (err) {
    if (err instanceof SlugTaken || isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

class SlugTaken extends Error {}
