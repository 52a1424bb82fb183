import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Database tables. Timestamps are ISO-8601 UTC strings in both dialects (portable, sortable).
 * Prices are integer kuruş. Statuses follow the spec: category/product '1' | '0' (text),
 * account status / qr_status 1 | 0 (integer), userlevel '0' | '1' | '2' (text).
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Stored normalised (trimmed, NFKC, lower-case): unique case-insensitively. */
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: string;
  updated_at: string;
  /** When the current address was confirmed (link in the verification mail); null: not yet. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The business profile ("settings" of spec §3). One row per owner. */
export interface SettingsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  companyname: string;
  address: string;
  city: number;
  tel: string;
  deskcount: number | null;
  qrlink: string | null;
  /** Public slug of the menu address (`/qr/{companyengname}`). */
  companyengname: string | null;
  /** QR / menu view count. */
  count: Generated<number>;
  qr_status: Generated<number>;
  status: Generated<number>;
  userlevel: Generated<string>;
  /** Menu languages besides Turkish, comma-separated codes ('' = Turkish only). */
  languages: Generated<string>;
  /** The menu's appearance (contract/branding.ts); null = not given. */
  about: string | null;
  /** `#rrggbb`. */
  theme_color: string | null;
  /** JSON text of the week's hours (contract WeekHours). */
  hours: string | null;
  wifi_name: string | null;
  wifi_password: string | null;
  /** Instagram handle without `@`. */
  instagram: string | null;
  website: string | null;
  service_note: string | null;
  /** `uploads/….webp` (with -md / -sm variants), as product photos. */
  logo: string | null;
  cover: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  image: string | null;
  count: Generated<number>;
  status: Generated<string>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  name: string;
  description: string | null;
  /** kuruş */
  selling_price: number | null;
  /** kuruş */
  original_price: number | null;
  allergen: string | null;
  image: string | null;
  status: Generated<string>;
  sort_order: Generated<number>;
  /** '1' Tükendi (still on the menu, greyed) / '0' on sale; distinct from status (Pasif). */
  sold_out: Generated<string>;
  /** Allergen codes (contract ALLERGENS), comma-separated; '' = none declared. */
  allergens: Generated<string>;
  /** Label codes (contract LABELS), comma-separated. */
  labels: Generated<string>;
  /** Portions: JSON `[{name, price}]`, price in kuruş; '[]' = none. */
  variants: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  name: string;
  surname: string | null;
  companyname: string | null;
  mail: string;
  tel: string;
  message: string;
  read_at: string | null;
  created_at: string;
  /** When the admin answered it by e-mail. */
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Menu views per business per day (YYYY-MM-DD, Europe/Istanbul). */
export interface DailyViewsTable {
  user_id: number;
  day: string;
  count: ColumnType<number, number, number>;
}

/** Earlier slugs of a business, so printed QR codes keep working (301 to the current one). */
export interface SlugRedirectsTable {
  old_slug: string;
  user_id: number;
  created_at: string;
}

/** Journal files of menu views already applied to the counters (see plugins/views.ts). */
export interface ViewFlushesTable {
  id: string;
  created_at: string;
}

export interface CategoryTranslationsTable {
  category_id: number;
  lang: string;
  user_id: number;
  name: string;
  description: string;
}

export interface ProductTranslationsTable {
  product_id: number;
  lang: string;
  user_id: number;
  name: string;
  description: string;
  /** Portion names (JSON array of strings, in the product's portion order). */
  variants: string;
}

/** Single-use tokens sent by mail (password reset, e-mail verification); only the SHA-256 is stored. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset' | 'verify';
  token_hash: string;
  /** The address the mail went to: the token is void once the account's address changes. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Every administrator write: who, when, what, on which business, each field's before/after (never a password). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  admin_id: number;
  admin_email: string;
  action: string;
  target_user_id: number | null;
  target_message_id: number | null;
  /** JSON `{field: [before, after]}`. */
  changes: string;
}

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
}

/** A table calling the waiter (`garson`) or asking for the bill (`hesap`); open while done_at is null. */
export interface WaiterCallsTable {
  id: Generated<number>;
  user_id: number;
  masa: number;
  type: 'garson' | 'hesap';
  created_at: string;
  done_at: string | null;
}

export interface Database {
  category_translations: CategoryTranslationsTable;
  product_translations: ProductTranslationsTable;
  users: UsersTable;
  settings: SettingsTable;
  access_tokens: AccessTokensTable;
  categories: CategoriesTable;
  products: ProductsTable;
  messages: MessagesTable;
  daily_views: DailyViewsTable;
  slug_redirects: SlugRedirectsTable;
  view_flushes: ViewFlushesTable;
  account_tokens: AccountTokensTable;
  audit_log: AuditLogTable;
  price_operations: PriceOperationsTable;
  price_operation_items: PriceOperationItemsTable;
  price_history: PriceHistoryTable;
  feedback: FeedbackTable;
  waiter_calls: WaiterCallsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Settings = Selectable<SettingsTable>;
export type SettingsUpdate = Updateable<SettingsTable>;
export type Category = Selectable<CategoriesTable>;
export type Product = Selectable<ProductsTable>;
export type Message = Selectable<MessagesTable>;

export const nowIso = () => new Date().toISOString();
