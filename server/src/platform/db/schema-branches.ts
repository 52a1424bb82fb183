import type { Generated, Selectable } from 'kysely';

/** An extra branch of an account (the account's `settings` row is its main branch). */
export interface BranchesTable {
  id: Generated<number>;
  user_id: number;
  /** Its public address `/qr/{slug}`; never changes once given. */
  slug: string;
  name: string;
  address: string;
  city: number;
  tel: string;
  deskcount: number | null;
  wifi_name: string | null;
  wifi_password: string | null;
  /** Opening hours, as `settings.hours` stores them (JSON), null = those of the main branch. */
  hours: string | null;
  /** Views of its menu (its account's views count them too). */
  count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A branch's override of one shared product. */
export interface BranchProductsTable {
  branch_id: number;
  product_id: number;
  /** Kuruş; null = the shared price. */
  price: number | null;
  /** 1: left off the menu at this branch. */
  unavailable: Generated<number>;
  /** 1: sold out at this branch. */
  sold_out: Generated<number>;
  updated_at: string;
}

export type Branch = Selectable<BranchesTable>;
export type BranchProduct = Selectable<BranchProductsTable>;

/** A bulk price change's price at one extra branch (kuruş), for its undo. */
export interface PriceOperationBranchItemsTable {
  operation_id: number;
  branch_id: number;
  product_id: number;
  /** The branch's own price before; null: it had the shared price. */
  old_price: number | null;
  new_price: number;
}

/** An extra branch's dated price list versions (the main branch's: `price_list_versions`). */
export interface BranchPriceListVersionsTable {
  id: Generated<number>;
  user_id: number;
  branch_id: number;
  version: number;
  created_at: string;
  changes: number;
  price_changes: number;
  products: number;
  content: string;
}

/** The branch's version last printed for the door (`kapi`) and for the tables (`masa`). */
export interface BranchPriceListPrintsTable {
  user_id: number;
  branch_id: number;
  format: string;
  version: number;
  printed_at: string;
}
