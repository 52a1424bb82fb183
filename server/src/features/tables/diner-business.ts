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
  const t = await findTableBusiness(db, found.business.userId);
  return { ...found.business, deskcount: t?.deskcount ?? null };
}

/** The table of this business named by `raw`, or undefined (absent or out of range: ignored). */
export const tableOf = (b: { deskcount: number | null }, raw: unknown) => tableNumber(raw, b.deskcount);
