import type { Generated } from 'kysely';

/** Row types of ordering at the table (issue 42), part of `Database` in schema.ts. */

/** Ordering at the table (issue 42): the business's switch and its paused tables ('3,5'). */
export interface OrderSettingsTable {
  user_id: number;
  enabled: number;
  paused: string;
  updated_at: string;
}

/** An extra branch's paused tables ('3,5'; the main branch's are in `order_settings`). */
export interface BranchOrderSettingsTable {
  branch_id: number;
  user_id: number;
  paused: string;
  updated_at: string;
}

/** One line of a table's shared basket (not yet sent). `portion` '' = the product's own price. */
export interface BasketItemsTable {
  id: Generated<number>;
  user_id: number;
  masa: number;
  product_id: number;
  portion: string;
  quantity: number;
  note: string;
  created_at: string;
  /** The extra branch whose table this is (features/branches); null: the main branch. */
  branch_id: number | null;
}

/** A table's session: opened by its first order, closed by the staff with the payment. */
export interface TableSessionsTable {
  id: Generated<number>;
  user_id: number;
  masa: number;
  opened_at: string;
  closed_at: string | null;
  payment: 'nakit' | 'kart' | null;
  /** kuruş: what was served, fixed when closed */
  total: Generated<number>;
  /** The extra branch whose table this is; null: the main branch. */
  branch_id: number | null;
}

/** An order sent from a table. status: yeni | hazirlaniyor | hazir | servis | iptal. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  masa: number;
  status: string;
  cancel_reason: string | null;
  /** kuruş */
  total: number;
  created_at: string;
  updated_at: string;
  /** The extra branch whose table sent it; null: the main branch. */
  branch_id: number | null;
}

/** An item of a sent order: name, portion and price as they were when it was sent. */
export interface OrderItemsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  product_id: number | null;
  name: string;
  portion: string;
  quantity: number;
  /** kuruş */
  unit_price: number;
  note: string;
}
