import { BULK_MSG, bulkPriceSchema, kurusToTl, type PriceChange } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors.js';
import { parseBody } from '../../platform/validate.js';
import { findCategory } from '../catalog/index.js';
import { applyBulkPrice, planBulkPrice, type PlannedPrice } from './bulk-price.repository.js';

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

/**
 * A bulk price change of the owner's products (POST /api/bulk-price): with `dry_run` the preview,
 * else applied and recorded for undo. A price beyond the limit refuses the whole change (422).
 */
export async function bulkPrice(db: DB, userId: number, body: unknown, now: string) {
  const input = parseBody(bulkPriceSchema, body, { status: 422 });
  if (input.scope !== 'all' && !(await findCategory(db, userId, input.scope))) {
    throw new ValidationError({ scope: [BULK_MSG.scope] }, { status: 422 });
  }
  const tooHighError = () => new ValidationError({ value: [BULK_MSG.priceTooHigh] }, { status: 422, message: BULK_MSG.priceTooHigh });
  if (input.dry_run) {
    const { changes, tooHigh } = await planBulkPrice(db, userId, input);
    if (tooHigh) throw tooHighError();
    return {
      status: 200,
      message: changes.length ? BULK_MSG.previewPrices(changes.length) : BULK_MSG.noPriceChange,
      dry_run: true,
      changes: changes.map(present),
    };
  }
  const { changes, tooHigh, operationId } = await applyBulkPrice(db, userId, input, now);
  if (tooHigh) throw tooHighError();
  return {
    status: 200,
    message: changes.length ? BULK_MSG.pricesUpdated(changes.length) : BULK_MSG.noPriceChange,
    dry_run: false,
    changes: changes.map(present),
    operation_id: operationId ?? null,
  };
}
