import type { Payment } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { branchNo, inScope, type BranchScope } from '../branches/index.js';
import type { TableRef } from './orders.repository.js';

/** Queries of the bill and its slip. Every query takes the business (owner id) in its WHERE. Prices in kuruş. */

export interface SessionRow {
  id: number;
  masa: number;
  opened_at: string;
  closed_at: string | null;
  payment: Payment | null;
  /** 0 the main branch, else the extra branch's id */
  branch: number;
}

const SESSION_COLUMNS = ['id', 'masa', 'opened_at', 'closed_at', 'payment', 'branch_id'] as const;
const presentSession = (r: { id: number; masa: number; opened_at: string; closed_at: string | null; payment: Payment | null; branch_id: number | null }): SessionRow => ({
  id: Number(r.id),
  masa: Number(r.masa),
  branch: r.branch_id == null ? 0 : Number(r.branch_id),
  opened_at: r.opened_at,
  closed_at: r.closed_at,
  payment: r.payment,
});

/** The table's open session (the latest when two were ever left open). */
export async function findOpenSession(db: DB, t: TableRef): Promise<SessionRow | undefined> {
  const r = await db
    .selectFrom('table_sessions')
    .select(SESSION_COLUMNS)
    .where('user_id', '=', t.userId)
    .where('masa', '=', t.masa)
    .where(branchNo('branch_id'), '=', t.branch)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r && presentSession(r);
}

/** A session of this business by its id, open or closed; undefined outside `scope` (a staff member's branches). */
export async function findSession(db: DB, userId: number, id: number, scope: BranchScope = {}): Promise<SessionRow | undefined> {
  const r = await db.selectFrom('table_sessions').select(SESSION_COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  const s = r && presentSession(r);
  return s && inScope(scope, s.branch) ? s : undefined;
}

export interface SessionItem {
  status: string;
  /** null: none kept */
  product_id: number | null;
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
    .select(['o.status', 'i.product_id', 'i.name', 'i.portion', 'i.quantity', 'i.unit_price'])
    .where('o.user_id', '=', userId)
    .where('i.user_id', '=', userId)
    .where('o.session_id', '=', sessionId)
    .orderBy('o.id')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    status: r.status, product_id: r.product_id == null ? null : Number(r.product_id), name: r.name, portion: r.portion, quantity: Number(r.quantity), unit_price: Number(r.unit_price),
  }));
}

/** The business as its slip names it: its name and address (with the province); at an extra branch, the branch's (`İşletme – Şube`). */
export async function findSlipBusiness(db: DB, userId: number, branch = 0): Promise<{ name: string; address: string; city: number } | undefined> {
  const r = await db.selectFrom('settings').select(['companyname', 'address', 'city']).where('user_id', '=', userId).executeTakeFirst();
  if (!r) return undefined;
  const b = branch === 0 ? undefined : await db.selectFrom('branches').select(['name', 'address', 'city']).where('user_id', '=', userId).where('id', '=', branch).executeTakeFirst();
  if (b) return { name: `${r.companyname || 'QR Menü'} – ${b.name}`, address: b.address, city: Number(b.city) };
  return { name: r.companyname, address: r.address, city: Number(r.city) };
}
