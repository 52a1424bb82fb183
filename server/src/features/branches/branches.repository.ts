import type { DB } from '../../platform/db/database.js';
import type { Branch, BranchesTable, BranchProduct } from '../../platform/db/schema-branches.js';
import type { Insertable, Updateable } from 'kysely';

/**
 * Queries of an account's extra branches and their product overrides. Every owner query is scoped
 * by the owner's user id (another owner's branch is not found); the diner's menu reads a branch by
 * its slug (findBranchBySlug) and its overrides (overridesOf).
 */

export async function listBranches(db: DB, userId: number): Promise<Branch[]> {
  return db.selectFrom('branches').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findBranch(db: DB, userId: number, id: number): Promise<Branch | undefined> {
  return db.selectFrom('branches').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function countBranches(db: DB, userId: number): Promise<number> {
  const r = await db.selectFrom('branches').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The account's main branch: its business profile (plan, name, address, slug). */
export async function findMainProfile(db: DB, userId: number) {
  return db
    .selectFrom('settings')
    .select(['user_id', 'companyname', 'companyengname', 'qrlink', 'address', 'city', 'tel', 'deskcount', 'wifi_name', 'wifi_password', 'hours', 'userlevel', 'created_at', 'count'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether `slug` is any menu address: a business's, an old one (slug_redirects) or a branch's. */
export async function menuSlugTaken(db: DB, slug: string): Promise<boolean> {
  const s = await db.selectFrom('settings').select('id').where('companyengname', '=', slug).executeTakeFirst();
  if (s) return true;
  const r = await db.selectFrom('slug_redirects').select('old_slug').where('old_slug', '=', slug).executeTakeFirst();
  if (r) return true;
  return branchSlugTaken(db, slug);
}

/** Whether a branch has the address `slug` (the business profile and the admin check it too). */
export async function branchSlugTaken(db: DB, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('branches').select('id').where('slug', '=', slug).executeTakeFirst());
}

export async function insertBranch(db: DB, row: Insertable<BranchesTable>): Promise<number> {
  const r = await db.insertInto('branches').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateBranchRow(db: DB, userId: number, id: number, set: Updateable<BranchesTable>): Promise<boolean> {
  const r = await db.updateTable('branches').set(set).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether a table of this branch has an open session (an unpaid bill: features/orders). */
export async function branchHasOpenTables(db: DB, userId: number, id: number): Promise<boolean> {
  const r = await db.selectFrom('table_sessions').select('id').where('user_id', '=', userId).where('branch_id', '=', id).where('closed_at', 'is', null).executeTakeFirst();
  return r !== undefined;
}

export async function deleteBranchRow(db: DB, userId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // its tables' baskets go with it (its orders stay, in the account's reports)
    await trx.deleteFrom('basket_items').where('user_id', '=', userId).where('branch_id', '=', id).execute();
    await trx.deleteFrom('branch_products').where('branch_id', '=', id).where('branch_id', 'in', (q) => q.selectFrom('branches').select('id').where('user_id', '=', userId)).execute();
    await trx.deleteFrom('price_history').where('user_id', '=', userId).where('branch_id', '=', id).execute();
    const r = await trx.deleteFrom('branches').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  });
}

export async function findOverrides(db: DB, branchId: number, productIds?: number[]): Promise<BranchProduct[]> {
  if (productIds && productIds.length === 0) return [];
  return db
    .selectFrom('branch_products')
    .selectAll()
    .where('branch_id', '=', branchId)
    .$if(productIds !== undefined, (q) => q.where('product_id', 'in', productIds!))
    .orderBy('product_id')
    .execute();
}

/** Every override of the owner's branches (optionally of one product). */
export async function listOwnerOverrides(db: DB, userId: number, productId?: number): Promise<BranchProduct[]> {
  return db
    .selectFrom('branch_products as o')
    .innerJoin('branches as b', 'b.id', 'o.branch_id')
    .selectAll('o')
    .where('b.user_id', '=', userId)
    .$if(productId !== undefined, (q) => q.where('o.product_id', '=', productId!))
    .orderBy('o.branch_id')
    .orderBy('o.product_id')
    .execute();
}

/** A branch's price change of one product in the price history (kuruş; the shared price where it has none). */
export async function recordBranchPrice(db: DB, userId: number, change: { branchId: number; productId: number; old: number | null; new: number | null }, now: string) {
  await db.insertInto('price_history').values({ user_id: userId, product_id: change.productId, branch_id: change.branchId, old_selling: change.old, new_selling: change.new, old_original: null, new_original: null, source: 'form', created_at: now }).execute();
}

/** The shared prices (kuruş) of these products of the owner. */
export async function sharedPrices(db: DB, userId: number, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'selling_price']).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.selling_price == null ? null : Number(r.selling_price)]));
}

/** Writes one override (inserted or replaced); an override that changes nothing is removed. */
export async function putOverride(db: DB, o: Omit<BranchProduct, 'unavailable' | 'sold_out'> & { unavailable: number; sold_out: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('branch_products').where('branch_id', '=', o.branch_id).where('product_id', '=', o.product_id).execute();
    if (o.price != null || o.unavailable || o.sold_out) await trx.insertInto('branch_products').values(o).execute();
  });
}

/** The diner's menu: the branch behind a slug (with its account's id). */
export async function findBranchBySlug(db: DB, slug: string): Promise<Branch | undefined> {
  return db.selectFrom('branches').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Sets the branches a staff member of this business works at (null: every branch); false when not theirs. */
export async function setStaffBranches(db: DB, businessId: number, memberId: number, ids: number[] | null): Promise<boolean> {
  const r = await db.updateTable('staff_members').set({ branch_ids: ids === null ? null : JSON.stringify(ids) }).where('business_id', '=', businessId).where('id', '=', memberId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The branches the signed-in staff user works at (0: the main one); undefined: every branch (or not staff). */
export async function staffBranchesOf(db: DB, staffUserId: number): Promise<number[] | undefined> {
  const r = await db.selectFrom('staff_members').select('branch_ids').where('user_id', '=', staffUserId).executeTakeFirst();
  if (!r?.branch_ids) return undefined;
  const ids = JSON.parse(r.branch_ids) as unknown;
  return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : undefined;
}
