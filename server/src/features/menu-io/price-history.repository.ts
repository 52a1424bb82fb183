import type { Selectable, Transaction } from 'kysely';
import type { DB } from '../../platform/db/database.js';
import { type Database, type PriceHistoryTable } from '../../platform/db/schema.js';

/** Price history of the owner's products (kuruş). Every query carries the owner id in its WHERE. */

type Q = DB | Transaction<Database>;
/** One product's price change, as price_history stores it (the Kysely schema's row). */
export type PriceChangeRow = Pick<Selectable<PriceHistoryTable>, 'product_id' | 'old_selling' | 'new_selling' | 'old_original' | 'new_original'>;

/** One multi-row insert per 200 changes (an operation on 500 products is three statements). */
export async function recordPriceChanges(db: Q, userId: number, changes: PriceChangeRow[], source: PriceHistoryTable['source'], at: string) {
  for (let i = 0; i < changes.length; i += 200) {
    await db
      .insertInto('price_history')
      .values(changes.slice(i, i + 200).map((c) => ({ ...c, user_id: userId, source, created_at: at })))
      .execute();
  }
}

/** The last `limit` changes of one product at one branch (null: the main one), newest first. */
export async function listPriceHistory(db: Q, userId: number, productId: number, limit = 100, branchId: number | null = null) {
  return db
    .selectFrom('price_history')
    .select(['old_selling', 'new_selling', 'old_original', 'new_original', 'source', 'created_at', 'branch_id'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('branch_id', branchId == null ? 'is' : '=', branchId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every change of these products, oldest first (the price list's campaign check reads them); `branchId`: an extra branch's, else the main branch's. */
export async function listPriceHistories(db: Q, userId: number, productIds: number[], branchId?: number) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('price_history')
    .select(['product_id', 'old_selling', 'new_selling', 'old_original', 'new_original', 'created_at'])
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .where('branch_id', branchId == null ? 'is' : '=', branchId ?? null)
    .orderBy('id')
    .execute();
}
