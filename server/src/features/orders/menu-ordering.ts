import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../platform/db/database.js';
import { withLang, type PageLang, type PublicBusiness } from '../menu/index.js';
import { findDinerBusiness, tableOf } from '../tables/index.js';
import { findOrderSettings } from './orders.repository.js';
import { giveSeat } from './seat.js';

/** The table's basket page (in the diner's language: `lang` kept unless Turkish). */
export const basketPath = (slug: string, masa: number, lang: PageLang['code'] = 'tr') => withLang(`/qr/${slug}/siparis?masa=${masa}`, lang);

/**
 * What a table's menu page offers for ordering, rendered by the menu's page components: the
 * basket the `Sepete ekle` forms post to (in the page's language) and the seat the page gives,
 * when the business takes orders at the table and this table is one of its tables, not paused;
 * else undefined (the page is exactly the table's page without ordering). Asked only when the page
 * is computed: a cached table page costs no query for it (the owner's settings end the cache).
 */
export async function orderFormsAt(db: DB, b: PublicBusiness, masa: number | undefined, L: PageLang): Promise<{ action: string; seat: { business: number; masa: number; branch?: number } } | undefined> {
  if (masa === undefined) return undefined;
  // the account's switch and the paused tables of the page's branch (the main one, or the extra branch behind the address)
  const settings = await findOrderSettings(db, b.userId, b.branchId ?? 0);
  if (!settings.enabled || settings.paused.includes(masa)) return undefined;
  const d = await findDinerBusiness(db, b.company.slug);
  if (!d || tableOf(d, masa) !== masa) return undefined;
  return { action: basketPath(b.company.slug, masa, L.code), seat: { business: b.userId, masa, ...(b.branchId !== undefined ? { branch: b.branchId } : {}) } };
}

/**
 * A table's menu page that offers ordering (its answer's `seat`, cached with it) gives the device
 * its seat at the table (seat.ts: the cookie that lets it add to the table's basket for 3 hours).
 */
export async function seatOnMenu(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, seat: { business: number; masa: number; branch?: number }): Promise<void> {
  await giveSeat(app, request, reply, { userId: seat.business, branch: seat.branch ?? 0, masa: seat.masa });
}
