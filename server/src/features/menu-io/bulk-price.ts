import { BULK_MSG, bulkPriceSchema, kurusToTl, type PriceChange } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors.js';
import { parseBody } from '../../platform/validate.js';
import { findCategory } from '../catalog/index.js';
import { writeBulkPrice } from './owner-work.js';
import { planBulkPrice, type BranchPick, type PlannedPrice } from './bulk-price.repository.js';
import { ownBranchIds, planBranchPrices, type PlannedBranchPrice } from './bulk-branch-price.repository.js';

type StoredPortion = { name: string; price: number };
const portionsOf = (stored: string) => JSON.parse(stored || '[]') as StoredPortion[];

/** The portions whose price changes, old and new in TL (stored JSON in kuruş, same order before and after). */
function portionChanges(before: string, after: string): PriceChange['portions'] {
  const next = portionsOf(after);
  return portionsOf(before).flatMap((p, i) => {
    const n = next[i];
    return n && n.price !== p.price ? [{ name: p.name, old: kurusToTl(p.price)!, new: kurusToTl(n.price)! }] : [];
  });
}

const present = (c: PlannedPrice): PriceChange => ({
  id: c.product_id,
  name: c.name,
  category: c.category,
  old: kurusToTl(c.old_selling),
  new: kurusToTl(c.new_selling),
  old_original: kurusToTl(c.old_original),
  new_original: kurusToTl(c.new_original),
  portions: portionChanges(c.old_variants, c.new_variants),
});

const presentBranch = (c: PlannedBranchPrice): PriceChange => ({
  id: c.product_id, name: c.name, category: c.category, old: kurusToTl(c.shown), new: kurusToTl(c.new_price), old_original: null, new_original: null, portions: [], branch_id: c.branch_id,
});

/** The branches picked (`branches`, 0 the main one; absent: the main one), each extra one this owner's, else 422. */
async function branchPick(db: DB, userId: number, picked: number[] | undefined): Promise<BranchPick> {
  const ids = [...new Set(picked ?? [0])];
  const extra = ids.filter((id) => id !== 0);
  const own = await ownBranchIds(db, userId, extra);
  if (extra.some((id) => !own.has(id))) throw new ValidationError({ branches: [BULK_MSG.branches] }, { status: 422 });
  return { main: ids.includes(0), extra };
}

/**
 * A bulk price change of the owner's products (POST /api/bulk-price): with `dry_run` the preview,
 * else applied and recorded for undo. A price beyond the limit refuses the whole change (422).
 */
export async function bulkPrice(db: DB, userId: number, body: unknown, now: string) {
  const input = parseBody(bulkPriceSchema, body, { status: 422 });
  if (input.scope !== 'all' && !(await findCategory(db, userId, input.scope))) {
    throw new ValidationError({ scope: [BULK_MSG.scope] }, { status: 422 });
  }
  const pick = await branchPick(db, userId, input.branches);
  const tooHighError = () => new ValidationError({ value: [BULK_MSG.priceTooHigh] }, { status: 422, message: BULK_MSG.priceTooHigh });
  if (input.dry_run) {
    const main = pick.main ? await planBulkPrice(db, userId, input) : { changes: [], tooHigh: false };
    const extra = await planBranchPrices(db, userId, input, pick.extra, pick.main);
    if (main.tooHigh || extra.tooHigh) throw tooHighError();
    const all = [...main.changes.map(present), ...extra.changes.map(presentBranch)];
    return { status: 200, message: all.length ? BULK_MSG.previewPrices(all.length) : BULK_MSG.noPriceChange, dry_run: true, changes: all };
  }
  const { changes, branchChanges, tooHigh, operationId } = await writeBulkPrice(db, userId, input, now, pick);
  if (tooHigh) throw tooHighError();
  const all = [...changes.map(present), ...branchChanges.map(presentBranch)];
  return {
    status: 200,
    message: all.length ? BULK_MSG.pricesUpdated(all.length) : BULK_MSG.noPriceChange,
    dry_run: false,
    changes: all,
    operation_id: operationId ?? null,
  };
}
