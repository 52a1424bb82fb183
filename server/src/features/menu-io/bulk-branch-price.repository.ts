import type { Transaction } from 'kysely';
import { newPrice, PRICE_MAX_KURUS, type BulkPriceInput } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';

/**
 * A bulk price change at the account's extra branches (issue 43, features/branches): a branch with
 * its own price of a product has that price changed; one without follows the shared price — changed
 * with it when the main branch is picked too, else given its own (the shared price changed). Kept
 * per operation (`price_operation_branch_items`) for the undo and in the price history with its
 * branch. Every query carries the owner id.
 */

type Q = DB | Transaction<Database>;

export interface PlannedBranchPrice {
  branch_id: number;
  product_id: number;
  name: string;
  category: string;
  /** The branch's own price before (null: the shared one), the price it showed, the new one (kuruş). */
  old_price: number | null;
  shown: number;
  new_price: number;
}

/** The ids among `ids` of this owner's extra branches. */
export async function ownBranchIds(db: Q, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('branches').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The branch prices that change (in menu order, branch by branch); `tooHigh` when one would pass the maximum. */
export async function planBranchPrices(db: Q, userId: number, input: BulkPriceInput, branchIds: number[], mainToo: boolean) {
  const changes: PlannedBranchPrice[] = [];
  if (branchIds.length === 0) return { changes, tooHigh: false };
  const products = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(['p.id', 'p.name', 'p.selling_price', 'c.name as category'])
    .where('p.user_id', '=', userId)
    .$if(input.scope !== 'all', (q) => q.where('p.category_id', '=', input.scope as number))
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  const overrides = await db
    .selectFrom('branch_products as o')
    .innerJoin('branches as b', (j) => j.onRef('b.id', '=', 'o.branch_id').on('b.user_id', '=', userId))
    .select(['o.branch_id', 'o.product_id', 'o.price'])
    .where('o.branch_id', 'in', branchIds)
    .execute();
  const own = new Map(overrides.map((o) => [`${o.branch_id}:${o.product_id}`, o.price == null ? null : Number(o.price)]));
  let tooHigh = false;
  for (const branchId of branchIds) {
    for (const p of products) {
      const price = own.get(`${branchId}:${p.id}`) ?? null;
      // without a price of its own the branch shows the shared one: changed with it when the main branch is picked
      if (price == null && mainToo) continue;
      const shown = price ?? (p.selling_price == null ? null : Number(p.selling_price));
      if (shown == null) continue;
      const next = newPrice(shown, input.mode, input.value, input.round);
      if (next > PRICE_MAX_KURUS) tooHigh = true;
      if (next === shown) continue;
      changes.push({ branch_id: branchId, product_id: p.id, name: p.name, category: p.category, old_price: price, shown, new_price: next });
    }
  }
  return { changes, tooHigh };
}

/** Writes the planned branch prices of operation `operationId`, its undo items and their history. */
export async function applyBranchPrices(trx: Q, userId: number, operationId: number, changes: PlannedBranchPrice[], now: string) {
  for (const c of changes) {
    const updated = await trx
      .updateTable('branch_products')
      .set({ price: c.new_price, updated_at: now })
      .where('branch_id', '=', c.branch_id)
      .where('product_id', '=', c.product_id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx.insertInto('branch_products').values({ branch_id: c.branch_id, product_id: c.product_id, price: c.new_price, unavailable: 0, sold_out: 0, updated_at: now }).execute();
    }
  }
  for (let i = 0; i < changes.length; i += 200) {
    const part = changes.slice(i, i + 200);
    await trx
      .insertInto('price_operation_branch_items')
      .values(part.map((c) => ({ operation_id: operationId, branch_id: c.branch_id, product_id: c.product_id, old_price: c.old_price, new_price: c.new_price })))
      .execute();
    await trx
      .insertInto('price_history')
      .values(part.map((c) => ({ user_id: userId, product_id: c.product_id, branch_id: c.branch_id, old_selling: c.shown, new_selling: c.new_price, old_original: null, new_original: null, source: 'bulk' as const, created_at: now })))
      .execute();
  }
}

/**
 * Undoes an operation's branch prices: the names of the products whose branch price changed since
 * (nothing restored then), else restores each (a branch that had the shared price has it again).
 */
export async function undoBranchPrices(trx: Q, userId: number, operationId: number, now: string, apply: boolean): Promise<{ conflicts: string[]; count: number }> {
  const items = await trx
    .selectFrom('price_operation_branch_items as i')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'i.product_id').on('p.user_id', '=', userId))
    .leftJoin('branch_products as o', (j) => j.onRef('o.branch_id', '=', 'i.branch_id').onRef('o.product_id', '=', 'i.product_id'))
    .select(['i.branch_id', 'i.product_id', 'i.old_price', 'i.new_price', 'p.name', 'p.selling_price', 'o.price as current', 'o.unavailable', 'o.sold_out'])
    .where('i.operation_id', '=', operationId)
    .execute();
  const conflicts = items.filter((i) => i.current == null || Number(i.current) !== Number(i.new_price)).map((i) => i.name);
  if (conflicts.length > 0 || !apply) return { conflicts, count: items.length };
  for (const i of items) {
    const q = trx.updateTable('branch_products').where('branch_id', '=', i.branch_id).where('product_id', '=', i.product_id);
    if (i.old_price == null && !Number(i.unavailable) && !Number(i.sold_out)) {
      await trx.deleteFrom('branch_products').where('branch_id', '=', i.branch_id).where('product_id', '=', i.product_id).execute();
    } else await q.set({ price: i.old_price, updated_at: now }).execute();
  }
  if (items.length > 0) {
    await trx
      .insertInto('price_history')
      .values(items.map((i) => ({ user_id: userId, product_id: i.product_id, branch_id: i.branch_id, old_selling: i.new_price, new_selling: i.old_price ?? i.selling_price, old_original: null, new_original: null, source: 'undo' as const, created_at: now })))
      .execute();
  }
  return { conflicts, count: items.length };
}
