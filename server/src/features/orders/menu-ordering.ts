import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.js';
import type { DB } from '../../platform/db/database.js';
import type { PublicBusiness } from '../menu/index.js';
import { findDinerBusiness, tableOf } from '../tables/index.js';
import { findOrderSettings } from './orders.repository.js';
import { giveSeat } from './seat.js';

/** The table's basket page. */
export const basketPath = (slug: string, masa: number) => `/qr/${slug}/siparis?masa=${masa}`;

/**
 * What a table's menu page offers for ordering: the basket the `Sepete ekle` forms post to, when
 * the business takes orders at the table and this table is one of its tables, not paused; else
 * undefined (the page is exactly the table's page without ordering).
 */
export async function orderFormsAt(db: DB, b: PublicBusiness, masa: number | undefined): Promise<{ action: string } | undefined> {
  if (masa === undefined) return undefined;
  const settings = await findOrderSettings(db, b.userId);
  if (!settings.enabled || settings.paused.includes(masa)) return undefined;
  const d = await findDinerBusiness(db, b.company.slug);
  if (!d || tableOf(d, masa) !== masa) return undefined;
  return { action: basketPath(b.company.slug, masa) };
}

/** Adds the forms' styles and the `Sepetim` link to a finished page that offers ordering. */
export function withOrdering(html: string, order: { action: string } | undefined, css: string): string {
  if (!order) return html;
  return html.replace('</style>', `${css}</style>`).replace('</main>', `<p class="sepet"><a href="${escapeHtml(order.action)}">Sepetim</a></p></main>`);
}

/**
 * A menu page opened with `?masa=N` of a business that takes orders gives the device its seat at
 * the table (seat.ts: the cookie that lets it add to the table's basket for 3 hours).
 */
export async function seatOnMenu(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, slug: string | undefined, masa: number | undefined): Promise<void> {
  if (masa === undefined || !slug) return;
  const b = await findDinerBusiness(app.db, slug);
  if (!b || tableOf(b, masa) !== masa) return;
  const settings = await findOrderSettings(app.db, b.userId);
  if (settings.enabled && !settings.paused.includes(masa)) await giveSeat(app, request, reply, b.userId, masa);
}
