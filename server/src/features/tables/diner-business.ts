import { tableNumber } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { findBusinessBySlug, type PublicBusiness } from '../menu/index.js';
import { findTableBusiness } from './waiter-calls.repository.js';
import { slugParam } from '../menu/index.js';

export interface DinerBusiness extends PublicBusiness {
  deskcount: number | null;
}

/** The open business behind `{company}` (an earlier address too), with its table count; else undefined. */
export async function findDinerBusiness(db: DB, company: unknown): Promise<DinerBusiness | undefined> {
  const slug = slugParam(company);
  if (!slug) return undefined;
  const found = await findBusinessBySlug(db, slug);
  if (!found || !found.business.active) return undefined;
  // an extra branch has its own tables (features/branches)
  if (found.business.branchId !== undefined) return { ...found.business, deskcount: found.business.branchDeskcount ?? null };
  const t = await findTableBusiness(db, found.business.userId);
  return { ...found.business, deskcount: t?.deskcount ?? null };
}

/** The table of this business named by `raw`, or undefined (absent or out of range: ignored). */
export const tableOf = (b: { deskcount: number | null }, raw: unknown) => tableNumber(raw, b.deskcount);

/**
 * `?branch=` of the owner's lists (calls, survey answers): absent → every branch (undefined), `0` →
 * the main branch (null), a branch id → that one; anything else → every branch.
 */
export function branchFilter(raw: unknown): number | null | undefined {
  const v: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v !== 'string' || !/^\d{1,9}$/.test(v)) return undefined;
  return v === '0' ? null : Number(v);
}
