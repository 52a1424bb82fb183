import type { PriceListFormat } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/**
 * Queries of a price list's dated versions and prints. A list is the main branch's (`branchId`
 * absent: `price_list_versions`, `price_list_prints`) or an extra branch's (its own numbering in
 * `branch_price_list_versions`, `branch_price_list_prints`). Every query carries the owner id in
 * its WHERE, a branch's its branch id too.
 */
export interface ListScope {
  userId: number;
  /** An extra branch (features/branches); absent: the main branch. */
  branchId?: number;
}

const COLUMNS = ['id', 'user_id', 'version', 'created_at', 'changes', 'price_changes', 'products', 'content'] as const;
const SUMMARY = ['version', 'created_at', 'changes', 'price_changes', 'products'] as const;

/** A stored version: the list as it printed (`content`, JSON) and how it differed from the one before. */
export interface VersionRow {
  id: number;
  user_id: number;
  version: number;
  created_at: string;
  changes: number;
  price_changes: number;
  products: number;
  content: string;
}
export type NewVersion = Omit<VersionRow, 'id'>;
export type VersionSummary = Pick<VersionRow, (typeof SUMMARY)[number]>;

const branchVersions = (db: DB, s: ListScope, branchId: number) => db.selectFrom('branch_price_list_versions').where('user_id', '=', s.userId).where('branch_id', '=', branchId);
const mainVersions = (db: DB, s: ListScope) => db.selectFrom('price_list_versions').where('user_id', '=', s.userId);

export async function latestVersion(db: DB, s: ListScope): Promise<VersionRow | undefined> {
  if (s.branchId) return branchVersions(db, s, s.branchId).select(COLUMNS).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return mainVersions(db, s).select(COLUMNS).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function findVersion(db: DB, s: ListScope, version: number): Promise<VersionRow | undefined> {
  if (s.branchId) return branchVersions(db, s, s.branchId).select(COLUMNS).where('version', '=', version).executeTakeFirst();
  return mainVersions(db, s).select(COLUMNS).where('version', '=', version).executeTakeFirst();
}

export async function listVersions(db: DB, s: ListScope): Promise<VersionSummary[]> {
  if (s.branchId) return branchVersions(db, s, s.branchId).select(SUMMARY).orderBy('version', 'desc').execute();
  return mainVersions(db, s).select(SUMMARY).orderBy('version', 'desc').execute();
}

export async function insertVersion(db: DB, s: ListScope, row: NewVersion) {
  if (s.branchId) await db.insertInto('branch_price_list_versions').values({ ...row, branch_id: s.branchId }).execute();
  else await db.insertInto('price_list_versions').values(row).execute();
}

/** Versions older than `before` go, the latest one always stays. */
export async function pruneVersions(db: DB, s: ListScope, before: string, latest: number) {
  if (s.branchId) {
    await db.deleteFrom('branch_price_list_versions').where('user_id', '=', s.userId).where('branch_id', '=', s.branchId).where('created_at', '<', before).where('version', '<', latest).execute();
  } else {
    await db.deleteFrom('price_list_versions').where('user_id', '=', s.userId).where('created_at', '<', before).where('version', '<', latest).execute();
  }
}

export async function listPrints(db: DB, s: ListScope) {
  if (s.branchId) return db.selectFrom('branch_price_list_prints').select(['format', 'version', 'printed_at']).where('user_id', '=', s.userId).where('branch_id', '=', s.branchId).execute();
  return db.selectFrom('price_list_prints').select(['format', 'version', 'printed_at']).where('user_id', '=', s.userId).execute();
}

export async function recordPrint(db: DB, s: ListScope, format: PriceListFormat, version: number, at: string) {
  if (s.branchId) {
    await db
      .insertInto('branch_price_list_prints')
      .values({ user_id: s.userId, branch_id: s.branchId, format, version, printed_at: at })
      .onConflict((oc) => oc.columns(['branch_id', 'format']).doUpdateSet({ version, printed_at: at }))
      .execute();
    return;
  }
  await db
    .insertInto('price_list_prints')
    .values({ user_id: s.userId, format, version, printed_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'format']).doUpdateSet({ version, printed_at: at }))
    .execute();
}
