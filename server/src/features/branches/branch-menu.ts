import type { DB } from '../../platform/db/database.js';
import { findOverrides } from './branches.repository.js';

/** A branch's override of a product as the diner's menu applies it. */
export interface MenuOverride {
  /** Kuruş; null = the shared price. */
  price: number | null;
  unavailable: boolean;
  soldOut: boolean;
}

/** The overrides of `branchId` for these products (only those that have one). */
export async function branchOverrides(db: DB, branchId: number, productIds: number[]): Promise<Map<number, MenuOverride>> {
  const rows = await findOverrides(db, branchId, productIds);
  return new Map(rows.map((o) => [o.product_id, { price: o.price == null ? null : Number(o.price), unavailable: Boolean(Number(o.unavailable)), soldOut: Boolean(Number(o.sold_out)) }]));
}
