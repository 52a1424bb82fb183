import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of what a business accrues while it runs: price operations and history, the survey,
 * waiter calls, printed price-list versions, staff and their activity. The `Database` map is in schema.ts.
 */

/** A bulk price update (for undo: its products' old and new prices are in price_operation_items). */
export interface PriceOperationsTable {
  id: Generated<number>;
  user_id: number;
  /** 'all' or a category id */
  scope: string;
  mode: 'percent' | 'amount';
  value: string;
  round: string;
  product_count: number;
  created_at: string;
  undone_at: string | null;
}

/** Prices in kuruş before and after one bulk operation. */
export interface PriceOperationItemsTable {
  operation_id: number;
  product_id: number;
  old_selling: number | null;
  new_selling: number | null;
  old_original: number | null;
  new_original: number | null;
  /** Portions as stored (JSON, kuruş). */
  old_variants: string;
  new_variants: string;
}

/** Every change of a product's prices (kuruş), with where it came from. */
export interface PriceHistoryTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  old_selling: number | null;
  new_selling: number | null;
  old_original: number | null;
  new_original: number | null;
  source: 'form' | 'import' | 'bulk' | 'undo';
  created_at: string;
  /** The extra branch whose price changed (features/branches); null: the main branch (the product's own price). */
  branch_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A survey (Anket) answer: ratings 1..5 or null; name/tel only with the KVKK consent. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  masa: number | null;
  lezzet: number | null;
  servis: number | null;
  temizlik: number | null;
  fiyat: number | null;
  comment: Generated<string>;
  name: string | null;
  tel: string | null;
  read_at: string | null;
  created_at: string;
  /** The extra branch it belongs to (features/branches); null: the main branch. */
  branch_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A table calling the waiter (`garson`) or asking for the bill (`hesap`); open while done_at is null. */
export interface WaiterCallsTable {
  id: Generated<number>;
  user_id: number;
  masa: number;
  type: 'garson' | 'hesap';
  created_at: string;
  done_at: string | null;
  /** The extra branch it belongs to (features/branches); null: the main branch. */
  branch_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A dated version of an owner's price list (issue 41): the list's content as it printed (JSON). */
export interface PriceListVersionsTable {
  id: Generated<number>;
  user_id: number;
  version: number;
  created_at: string;
  /** products changed since the previous version (added, removed, renamed, repriced…) */
  changes: number;
  price_changes: number;
  products: number;
  content: string;
}

/** The version last printed (downloaded) for the door (`kapi`) and for the tables (`masa`). */
export interface PriceListPrintsTable {
  user_id: number;
  format: string;
  version: number;
  printed_at: string;
}

/** Exact row counts kept by triggers: `products`, `products:1`, `products:0`, `categories`, … */
export interface AdminCountsTable {
  key: string;
  n: number;
}

/** The platform's views per day (sum of daily_views), kept by triggers. */
export interface DailyTotalsTable {
  day: string;
  count: number;
}

/** Each business's views per month ('YYYY-MM', sum of its daily_views), kept by triggers. */
export interface MonthlyViewsTable {
  month: string;
  user_id: number;
  count: number;
}

/** A staff member of a business (issue 42): its `users` row is `user_id`, the business is `business_id`. */
export interface StaffMembersTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  staff_role: 'garson' | 'mutfak' | 'yonetici';
  invited_at: string;
  /** When the invitation was accepted (password set); null: not yet, the member cannot sign in. */
  accepted_at: string | null;
  /** When the owner revoked access; the member cannot sign in and holds no token. */
  revoked_at: string | null;
  /** The branches they work at (features/branches): JSON ids, 0 the main branch; null: every branch. */
  branch_ids: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The business's activity log: who (the owner or a staff member) did what, when. */
export interface StaffActivityTable {
  id: Generated<number>;
  business_id: number;
  actor_id: number;
  actor_name: string;
  /** 'sahip' (the owner) or the staff role. */
  actor_role: string;
  action: string;
  detail: Generated<string>;
  at: string;
}
