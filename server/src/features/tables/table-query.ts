import { tableNumber } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { PublicBusiness } from '../menu/index.js';
import { findTableBusiness } from './waiter-calls.repository.js';
import { tableChrome } from './table-end.js';
import type { PageLang, PageTable } from '../menu/index.js';

/** `?masa=N` of a menu page before the business is known: a possible table number, else undefined. */
export function masaQuery(query: unknown): number | undefined {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).masa : undefined;
  return tableNumber(Array.isArray(raw) ? raw[0] : raw, 100_000);
}

/** Cache-key suffix of a page asked with a table. */
export const masaKey = (masa: number | undefined) => (masa === undefined ? '' : `:m${masa}`);

/**
 * The table a menu page in language `L` is rendered at (`table`: features/tables/table-end.tsx). A
 * number beyond the business's table count is ignored, as if absent; such an answer is not cached
 * (its key space is unbounded).
 */
export async function tableAt(db: DB, business: PublicBusiness, masa: number | undefined, L: PageLang, opts: { landing?: boolean } = {}): Promise<{ table: PageTable; cacheable: boolean }> {
  if (masa === undefined) return { table: tableChrome(business.company.slug, undefined, L, opts), cacheable: true };
  // an extra branch has its own tables (features/branches)
  const deskcount = business.branchId !== undefined ? business.branchDeskcount : (await findTableBusiness(db, business.userId))?.deskcount;
  const valid = tableNumber(String(masa), deskcount);
  return { table: tableChrome(business.company.slug, valid, L, opts), cacheable: valid !== undefined };
}
