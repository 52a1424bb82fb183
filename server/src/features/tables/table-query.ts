import { tableNumber } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { PublicBusiness } from '../menu/index.js';
import { findTableBusiness } from './waiter-calls.repository.js';
import { withTable } from './table-chrome.js';
import type { PageLang } from '../menu/index.js';

/** `?masa=N` of a menu page before the business is known: a possible table number, else undefined. */
export function masaQuery(query: unknown): number | undefined {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).masa : undefined;
  return tableNumber(Array.isArray(raw) ? raw[0] : raw, 100_000);
}

/** Cache-key suffix of a page asked with a table. */
export const masaKey = (masa: number | undefined) => (masa === undefined ? '' : `:m${masa}`);

/**
 * A finished menu page in language `L` with its table (features/tables/table-chrome.ts). A number beyond the business's
 * table count is ignored, as if absent; such an answer is not cached (its key space is unbounded).
 */
export async function tablePage(db: DB, business: PublicBusiness, html: string, masa: number | undefined, L: PageLang, opts: { landing?: boolean } = {}) {
  if (masa === undefined) return { html: withTable(html, business.company.slug, undefined, L, opts), cacheable: true };
  // an extra branch has its own tables (features/branches)
  const deskcount = business.branchId !== undefined ? business.branchDeskcount : (await findTableBusiness(db, business.userId))?.deskcount;
  const valid = tableNumber(String(masa), deskcount);
  return { html: withTable(html, business.company.slug, valid, L, opts), cacheable: valid !== undefined };
}
