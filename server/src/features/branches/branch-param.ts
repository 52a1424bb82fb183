import { BRANCH_MSG } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { Branch } from '../../platform/db/schema-branches.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findBranch } from './branches.repository.js';

/**
 * `?branch=` of the owner's printed things (QR codes, table cards, price lists): absent, empty or
 * `0` → the main branch (undefined); an extra branch of this owner → its row; another owner's or an
 * unknown id → body 404 (not yours looks like not there); anything else → body 422 on `branch`.
 */
export async function branchParam(db: DB, userId: number, raw: unknown): Promise<Branch | undefined> {
  const v: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (v === undefined || v === '' || v === '0') return undefined;
  if (typeof v !== 'string' || !/^[1-9]\d{0,8}$/.test(v)) throw new ValidationError({ branch: [BRANCH_MSG.branchRequired] }, { status: 422, message: BRANCH_MSG.branchRequired });
  const b = await findBranch(db, userId, Number(v));
  if (!b) throw new NotFoundError();
  return b;
}

/** The name a branch's printed things carry, as its menu shows it: "Çınar Kafe – Kadıköy". */
export const branchTitle = (business: string, b: Pick<Branch, 'name'>) => `${business} – ${b.name}`;
