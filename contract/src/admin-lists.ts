import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from './accounts.js';
import { USER_LEVELS } from './plans.js';

/**
 * Paging, search, sort and filters of the admin lists, decided on the server:
 *   GET /api/view-user, /api/admin/categories, /api/admin/products, /api/admin/messages, /api/admin/audit
 *   ?page=1&per_page=20&q=…&sort=<column>&dir=asc|desc&<filter>=<value>[&after=…|&before=…]
 * → the list under its usual key plus `total`, `page`, `per_page` and the cursors `next` / `prev`.
 * A request without `page` gets page 1 of `per_page` rows (20 unless given): a list is never
 * answered whole. Paging is by keyset (the sort key of a row, never OFFSET over the rows): `after`
 * (the answer's `next`) gives the rows after that row, `before` (its `prev`) the rows before it;
 * a bare page number seeks from the sort key of the row before that page.
 */

export const PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 20;
/** Deepest page a request may ask for (offset paging; the answer past the last page is empty). */
export const MAX_PAGE = 1_000_000;

export const ADMIN_LIST_MSG = {
  invalid: 'Liste parametreleri geçersiz.',
  page: 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır.',
  perPage: `Sayfa başına kayıt sayısı ${PER_PAGE_OPTIONS.join(', ')} değerlerinden biri olmalıdır.`,
  q: 'Arama metni en fazla 100 karakter olabilir.',
  sort: (columns: readonly string[]) => `Bu sütuna göre sıralanamaz. Geçerli sütunlar: ${columns.join(', ')}.`,
  dir: 'Sıralama yönü asc (artan) veya desc (azalan) olmalıdır.',
  filter: (name: string, values: readonly string[]) => `${name} filtresi için geçerli değerler: ${values.join(', ')}.`,
  cursor: 'Sayfa imleci geçersiz veya bu sıralamaya ait değil; listeyi ilk sayfasından açın.',
  bothCursors: 'after ve before birlikte verilemez.',
} as const;

/** A cursor (`after` / `before`): the base64url text of a row's sort key. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,600}$/;

interface ListDefinition {
  sort: readonly string[];
  defaultSort: string;
  defaultPerPage?: number;
  filters: Record<string, readonly string[]>;
  /** Free-text filters (folded, every word), e.g. `business`: the business name, owner name or slug; `branch`: a branch's name or slug. */
  textFilters?: readonly string[];
}

/** The columns each list sorts by and the values of its filters (the query's `sort` and filter names). */
export const ADMIN_LISTS = {
  users: {
    sort: ['id', 'name', 'companyname', 'email', 'address', 'city', 'tel', 'deskcount', 'count', 'qr_status', 'status', 'userlevel', 'created_at'],
    defaultSort: 'created_at',
    filters: { status: ['0', '1'], userlevel: USER_LEVELS, qr_status: ['0', '1'] },
    // an account with a branch whose name or slug holds every word (issue 43: branches under their account)
    textFilters: ['branch'],
  },
  categories: {
    sort: ['id', 'name', 'companyname', 'count', 'status', 'created_at'],
    defaultSort: 'id',
    filters: { status: ['0', '1'] },
    textFilters: ['business'],
  },
  products: {
    sort: ['id', 'name', 'category', 'companyname', 'selling_price', 'status', 'created_at'],
    defaultSort: 'id',
    filters: { status: ['0', '1'] },
    textFilters: ['business'],
  },
  messages: {
    sort: ['id', 'name', 'mail', 'created_at'],
    defaultSort: 'created_at',
    filters: { unread: ['0', '1'] },
  },
  audit: {
    sort: ['id', 'at', 'admin_email', 'action'],
    defaultSort: 'at',
    // the audit page has always been read 50 at a time
    defaultPerPage: AUDIT_PAGE_SIZE,
    filters: { action: AUDIT_ACTIONS },
  },
} as const satisfies Record<string, ListDefinition>;
export type AdminListName = keyof typeof ADMIN_LISTS;

type ListDef<L extends AdminListName> = (typeof ADMIN_LISTS)[L];
export type AdminListQuery<L extends AdminListName> = {
  page: number;
  per_page: PerPage;
  q: string;
  sort: ListDef<L>['sort'][number];
  dir: 'asc' | 'desc';
  filters: { [K in keyof ListDef<L>['filters']]?: ListDef<L>['filters'][K] extends readonly (infer V)[] ? V : never };
  /** Free-text filters that were given (`business`; the users list: `branch`). */
  text: { business?: string; branch?: string };
  /** Keyset cursors: the rows after / before the row this names (at most one is given). */
  after?: string;
  before?: string;
};

/** A query value: the first of repeated values, trimmed; '' counts as absent. */
const first = (v: unknown): unknown => {
  const x: unknown = Array.isArray(v) ? v[0] : v;
  if (typeof x !== 'string') return x;
  const s = x.trim();
  return s === '' ? undefined : s;
};
const intOf = (v: unknown): unknown => {
  const x = first(v);
  return typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : x;
};

/**
 * The zod schema of one list's query string. Unknown sort columns and filter values fail with a
 * Turkish message under their own key (`errors.sort`, `errors.status` …): the server answers body 422.
 * `dir` defaults to `desc` for the default column (newest first, as before) and to `asc` otherwise.
 */
export function adminListQuerySchema<L extends AdminListName>(list: L) {
  const def: ListDefinition = ADMIN_LISTS[list];
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, values] of Object.entries(def.filters)) {
    filterShape[name] = z.preprocess(first, z.enum(values as [string, ...string[]], { error: ADMIN_LIST_MSG.filter(name, values) }).optional());
  }
  for (const name of def.textFilters ?? []) filterShape[name] = z.preprocess(first, z.string({ error: ADMIN_LIST_MSG.q }).max(100, ADMIN_LIST_MSG.q).optional());
  return z
    .object({
      page: z.preprocess(intOf, z.number({ error: ADMIN_LIST_MSG.page }).int(ADMIN_LIST_MSG.page).min(1, ADMIN_LIST_MSG.page).max(MAX_PAGE, ADMIN_LIST_MSG.page).default(1)),
      per_page: z.preprocess(
        intOf,
        z
          .number({ error: ADMIN_LIST_MSG.perPage })
          .refine((n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n), ADMIN_LIST_MSG.perPage)
          .default(def.defaultPerPage ?? DEFAULT_PER_PAGE),
      ),
      q: z.preprocess(first, z.string({ error: ADMIN_LIST_MSG.q }).max(100, ADMIN_LIST_MSG.q).default('')),
      sort: z.preprocess(first, z.enum(def.sort as [string, ...string[]], { error: ADMIN_LIST_MSG.sort(def.sort) }).default(def.defaultSort)),
      dir: z.preprocess((v) => {
        const x = first(v);
        return typeof x === 'string' ? x.toLowerCase() : x;
      }, z.enum(['asc', 'desc'], { error: ADMIN_LIST_MSG.dir }).optional()),
      after: z.preprocess(first, z.string({ error: ADMIN_LIST_MSG.cursor }).regex(CURSOR_PATTERN, ADMIN_LIST_MSG.cursor).optional()),
      before: z.preprocess(first, z.string({ error: ADMIN_LIST_MSG.cursor }).regex(CURSOR_PATTERN, ADMIN_LIST_MSG.cursor).optional()),
      ...filterShape,
    })
    .refine((o) => o.after == null || o.before == null, { path: ['before'], message: ADMIN_LIST_MSG.bothCursors })
    .transform((o) => {
      const given = o as Record<string, unknown>;
      const filters: Record<string, string> = {};
      for (const name of Object.keys(def.filters)) if (typeof given[name] === 'string') filters[name] = given[name];
      const text: Record<string, string> = {};
      for (const name of def.textFilters ?? []) if (typeof given[name] === 'string') text[name] = given[name];
      return {
        page: o.page,
        per_page: o.per_page as PerPage,
        q: o.q,
        sort: o.sort,
        dir: o.dir ?? (o.sort === def.defaultSort ? 'desc' : 'asc'),
        filters,
        text,
        ...(o.after != null ? { after: o.after } : {}),
        ...(o.before != null ? { before: o.before } : {}),
      } as AdminListQuery<L>;
    });
}

/**
 * A search of the categories or products counts its matches exactly up to this many; past it the
 * answer says `total: ADMIN_TOTAL_CAP` with `total_capped: true` (shown as "10.000+ kayıt"), and the
 * pages reach the first ADMIN_TOTAL_CAP matches in the asked order.
 */
export const ADMIN_TOTAL_CAP = 10_000;

/** The paging part of every list answer. */
export interface AdminPage {
  total: number;
  page: number;
  per_page: number;
  /** Present (true) when `total` is ADMIN_TOTAL_CAP and more rows match. */
  total_capped?: true;
  /** Cursor of the page's last row (`after=` gives the next page); absent on the last page. */
  next?: string;
  /** Cursor of the page's first row (`before=` gives the previous page); absent on page 1. */
  prev?: string;
}

/** The query string of a list request (the web tables build theirs with it). */
export function adminListSearch(p: {
  page: number;
  per_page: number;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  filters?: Record<string, string | undefined>;
  after?: string;
  before?: string;
}): string {
  const s = new URLSearchParams({ page: String(p.page), per_page: String(p.per_page) });
  if (p.q?.trim()) s.set('q', p.q.trim());
  if (p.sort) s.set('sort', p.sort);
  if (p.sort && p.dir) s.set('dir', p.dir);
  for (const [k, v] of Object.entries(p.filters ?? {})) if (v != null && v !== '') s.set(k, v);
  if (p.after) s.set('after', p.after);
  else if (p.before) s.set('before', p.before);
  return s.toString();
}
