import { sql, type Transaction } from 'kysely';
import { newPrice, PRICE_MAX_KURUS, type BulkPriceInput } from '@qrmenu/contract';
import { bulkWriter, dialectOf, type DB } from '../../platform/db/database.js';
import { type Database } from '../../platform/db/schema.js';
import { recordPriceChanges, type PriceChangeRow } from './price-history.repository.js';
import { applyBranchPrices, planBranchPrices, undoBranchPrices } from './bulk-branch-price.repository.js';

/** The branches a bulk change applies to (issue 43): the main one (the products' own prices) and extra ones by id. */
export interface BranchPick {
  main: boolean;
  extra: number[];
}
export const MAIN_ONLY: BranchPick = { main: true, extra: [] };

/** Bulk price updates and their undo. Every query carries the owner id in its WHERE. */

type Q = DB | Transaction<Database>;
const CHUNK = 200;

export interface PlannedPrice extends PriceChangeRow {
  name: string;
  category: string;
  /** Portions as stored (JSON, prices in kuruş) before and after. */
  old_variants: string;
  new_variants: string;
}

/** Portion prices changed like the product's price (stored JSON in, stored JSON out). */
function changeVariants(stored: string, change: (k: number) => number): string {
  const variants = JSON.parse(stored || '[]') as Array<{ name: string; price: number }>;
  return variants.length ? JSON.stringify(variants.map((v) => ({ ...v, price: change(v.price) }))) : stored;
}
const historyRow = ({ product_id, old_selling, new_selling, old_original, new_original }: PriceChangeRow): PriceChangeRow =>
  ({ product_id, old_selling, new_selling, old_original, new_original });

/** Products in scope whose prices change (kuruş), in menu order. `tooHigh` when one would pass the maximum. */
export async function planBulkPrice(db: Q, userId: number, input: BulkPriceInput, lock = false) {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').on('c.user_id', '=', userId))
    .select(['p.id', 'p.name', 'p.selling_price', 'p.original_price', 'p.variants', 'c.name as category'])
    .where('p.user_id', '=', userId)
    .$if(input.scope !== 'all', (q) => q.where('p.category_id', '=', input.scope as number))
    // applying on PostgreSQL: a concurrent edit of one of these products waits for this transaction
    .$if(lock, (q) => q.forUpdate('p'))
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  const change = (k: number | null) => (k == null ? null : newPrice(k, input.mode, input.value, input.round));
  const changes: PlannedPrice[] = [];
  let tooHigh = false;
  for (const r of rows) {
    const s = change(r.selling_price);
    const o = change(r.original_price);
    const v = changeVariants(r.variants, (k) => {
      const n = change(k)!;
      if (n > PRICE_MAX_KURUS) tooHigh = true;
      return n;
    });
    if ((s ?? 0) > PRICE_MAX_KURUS || (o ?? 0) > PRICE_MAX_KURUS) tooHigh = true;
    if (s === r.selling_price && o === r.original_price && v === r.variants) continue;
    changes.push({
      product_id: r.id, name: r.name, category: r.category,
      old_selling: r.selling_price, new_selling: s, old_original: r.original_price, new_original: o, old_variants: r.variants, new_variants: v,
    });
  }
  return { changes, tooHigh };
}

/**
 * New prices for many products in one statement per 200: `SET x = CASE id WHEN … END` runs the
 * same on SQLite and PostgreSQL, so 500 products are three UPDATEs, not 500.
 */
async function setPrices(trx: Q, userId: number, rows: Array<{ id: number; selling: number | null; original: number | null; variants: string }>, now: string) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const cases = (pick: (r: (typeof part)[number]) => number | null) =>
      sql<number | null>`CASE id ${sql.join(part.map((r) => sql`WHEN ${r.id} THEN CAST(${pick(r)} AS INTEGER)`), sql` `)} END`;
    const variants = sql<string>`CASE id ${sql.join(part.map((r) => sql`WHEN ${r.id} THEN ${r.variants}`), sql` `)} END`;
    await trx
      .updateTable('products')
      .set({ selling_price: cases((r) => r.selling), original_price: cases((r) => r.original), variants, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', part.map((r) => r.id))
      .execute();
  }
}

/**
 * Applies the plan in one transaction (`bulkWriter`'s: not holding up the menu's reads): prices, the
 * operation with its items, the history (stamped `now`) — of the main branch and of the extra ones picked.
 */
export async function applyBulkPrice(db: DB, userId: number, input: BulkPriceInput, now: string, branches: BranchPick = MAIN_ONLY) {
  return bulkWriter(db).transaction().execute(async (trx) => {
    const main = branches.main ? await planBulkPrice(trx, userId, input, dialectOf(db) === 'postgres') : { changes: [], tooHigh: false };
    const extra = await planBranchPrices(trx, userId, input, branches.extra, branches.main);
    const { changes } = main;
    const tooHigh = main.tooHigh || extra.tooHigh;
    const count = changes.length + extra.changes.length;
    if (tooHigh || count === 0) return { changes, branchChanges: extra.changes, tooHigh, operationId: undefined };
    const op = await trx
      .insertInto('price_operations')
      .values({ user_id: userId, scope: String(input.scope), mode: input.mode, value: String(input.value), round: String(input.round), product_count: count, created_at: now, undone_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < changes.length; i += CHUNK) {
      await trx
        .insertInto('price_operation_items')
        .values(changes.slice(i, i + CHUNK).map((c) => ({ operation_id: op.id, product_id: c.product_id, old_selling: c.old_selling, new_selling: c.new_selling, old_original: c.old_original, new_original: c.new_original, old_variants: c.old_variants, new_variants: c.new_variants })))
        .execute();
    }
    await setPrices(trx, userId, changes.map((c) => ({ id: c.product_id, selling: c.new_selling, original: c.new_original, variants: c.new_variants })), now);
    await recordPriceChanges(trx, userId, changes.map(historyRow), 'bulk', now);
    await applyBranchPrices(trx, userId, op.id, extra.changes, now);
    return { changes, branchChanges: extra.changes, tooHigh, operationId: op.id };
  });
}

export type UndoResult = { kind: 'not-found' } | { kind: 'undone-already' } | { kind: 'conflict'; names: string[] } | { kind: 'ok'; count: number };

/** Restores an operation's old prices unless one of its products' prices changed since. */
export async function undoBulkPrice(db: DB, userId: number, operationId: number, now: string): Promise<UndoResult> {
  return bulkWriter(db).transaction().execute(async (trx): Promise<UndoResult> => {
    const op = await trx.selectFrom('price_operations').select(['id', 'undone_at']).where('id', '=', operationId).where('user_id', '=', userId).executeTakeFirst();
    if (!op) return { kind: 'not-found' };
    if (op.undone_at) return { kind: 'undone-already' };
    const items = await trx
      .selectFrom('price_operation_items as i')
      .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'i.product_id').on('p.user_id', '=', userId))
      .select(['i.product_id', 'i.old_selling', 'i.new_selling', 'i.old_original', 'i.new_original', 'i.old_variants', 'i.new_variants', 'p.name', 'p.selling_price', 'p.original_price', 'p.variants'])
      .where('i.operation_id', '=', op.id)
      .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate('p'))
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .execute();
    const changed = items.filter((i) => i.selling_price !== i.new_selling || i.original_price !== i.new_original || i.variants !== i.new_variants);
    const branchCheck = await undoBranchPrices(trx, userId, op.id, now, false);
    if (changed.length > 0 || branchCheck.conflicts.length > 0) return { kind: 'conflict', names: [...new Set([...changed.map((i) => i.name), ...branchCheck.conflicts])] };
    await setPrices(trx, userId, items.map((i) => ({ id: i.product_id, selling: i.old_selling, original: i.old_original, variants: i.old_variants })), now);
    await recordPriceChanges(
      trx, userId,
      items.map((i) => ({ product_id: i.product_id, old_selling: i.new_selling, new_selling: i.old_selling, old_original: i.new_original, new_original: i.old_original })),
      'undo', now,
    );
    await undoBranchPrices(trx, userId, op.id, now, true);
    await trx.updateTable('price_operations').set({ undone_at: now }).where('id', '=', op.id).where('user_id', '=', userId).execute();
    return { kind: 'ok', count: items.length + branchCheck.count };
  });
}

/** The owner's most recent operation, or undefined. */
export async function lastOperation(db: Q, userId: number) {
  return db
    .selectFrom('price_operations')
    .select(['id', 'scope', 'mode', 'value', 'round', 'product_count', 'created_at', 'undone_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
