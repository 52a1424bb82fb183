import type { Payment } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';

/** Queries of the bill and its slip. Every query takes the business (owner id) in its WHERE. Prices in kuruş. */

export interface SessionRow {
  id: number;
  masa: number;
  opened_at: string;
  closed_at: string | null;
  payment: Payment | null;
}

const SESSION_COLUMNS = ['id', 'masa', 'opened_at', 'closed_at', 'payment'] as const;
const presentSession = (r: { id: number; masa: number; opened_at: string; closed_at: string | null; payment: Payment | null }): SessionRow => ({
  id: Number(r.id),
  masa: Number(r.masa),
  opened_at: r.opened_at,
  closed_at: r.closed_at,
  payment: r.payment,
});

/** The table's open session (the latest when two were ever left open). */
export async function findOpenSession(db: DB, userId: number, masa: number): Promise<SessionRow | undefined> {
  const r = await db
    .selectFrom('table_sessions')
    .select(SESSION_COLUMNS)
    .where('user_id', '=', userId)
    .where('masa', '=', masa)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r && presentSession(r);
}

/** A session of this business by its id, open or closed. */
export async function findSession(db: DB, userId: number, id: number): Promise<SessionRow | undefined> {
  const r = await db.selectFrom('table_sessions').select(SESSION_COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return r && presentSession(r);
}

export interface SessionItem {
  status: string;
  name: string;
  portion: string;
  quantity: number;
  /** kuruş */
  unit_price: number;
}

/** Every item of the session's orders with its order's status, in the order they were sent. */
export async function listSessionItems(db: DB, userId: number, sessionId: number): Promise<SessionItem[]> {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['o.status', 'i.name', 'i.portion', 'i.quantity', 'i.unit_price'])
    .where('o.user_id', '=', userId)
    .where('i.user_id', '=', userId)
    .where('o.session_id', '=', sessionId)
    .orderBy('o.id')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({ status: r.status, name: r.name, portion: r.portion, quantity: Number(r.quantity), unit_price: Number(r.unit_price) }));
}

/** The business as its slip names it: its name and address (with the province). */
export async function findSlipBusiness(db: DB, userId: number): Promise<{ name: string; address: string; city: number } | undefined> {
  const r = await db.selectFrom('settings').select(['companyname', 'address', 'city']).where('user_id', '=', userId).executeTakeFirst();
  return r && { name: r.companyname, address: r.address, city: Number(r.city) };
}
