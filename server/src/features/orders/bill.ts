import { provinceName, type AnyLanguage, type Bill, type BillLine } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { BranchScope } from '../branches/index.js';
import { orderedNames, type OrderedNames } from '../menu/index.js';
import { findOpenSession, findSession, findSlipBusiness, listSessionItems, type SessionItem, type SessionRow } from './bill.repository.js';
import type { TableRef } from './orders.repository.js';

/**
 * A table's bill: the items of its session's orders added up by product, portion and unit price.
 * Served items (`Servis edildi`) are what the table pays: they make the total, the same sum
 * `Masayı kapat` records. Items sent but not yet served (Yeni, Hazırlanıyor, Hazır) are listed
 * apart as "Hazırlanıyor", outside the total; cancelled items are not on the bill at all.
 */

const SERVED = 'servis';
const CANCELLED = 'iptal';
const asOrdered: OrderedNames = (_id, name, portion) => ({ name, portion });

/**
 * Lines of the same product, portion and unit price (as ordered, Turkish) added up, in the order
 * they were first sent, each named by `names` (the diner's language; default: as ordered). Kuruş in, TL out.
 */
export function groupLines(items: SessionItem[], names: OrderedNames = asOrdered): { lines: BillLine[]; total: number } {
  const byKey = new Map<string, { product_id: number | null; name: string; portion: string; unit: number; quantity: number }>();
  for (const i of items) {
    const key = JSON.stringify([i.name, i.portion, i.unit_price]);
    const line = byKey.get(key);
    if (line) line.quantity += i.quantity;
    else byKey.set(key, { product_id: i.product_id, name: i.name, portion: i.portion, unit: i.unit_price, quantity: i.quantity });
  }
  let total = 0;
  const lines = [...byKey.values()].map((l) => {
    total += l.unit * l.quantity;
    return { ...names(l.product_id, l.name, l.portion), quantity: l.quantity, unit_price: l.unit / 100, line_total: (l.unit * l.quantity) / 100 };
  });
  return { lines, total: total / 100 };
}

/** `lang`: the products named in the diner's language (the diner's page); the staff's bill and slip keep the Turkish. */
async function billOf(db: DB, userId: number, s: SessionRow, lang?: AnyLanguage): Promise<Bill> {
  const items = await listSessionItems(db, userId, s.id);
  const names = await orderedNames(db, lang, userId, items.map((i) => i.product_id));
  const served = groupLines(items.filter((i) => i.status === SERVED), names);
  const preparing = groupLines(items.filter((i) => i.status !== SERVED && i.status !== CANCELLED), names);
  return {
    session_id: s.id,
    masa: s.masa,
    opened_at: s.opened_at,
    closed_at: s.closed_at,
    payment: s.payment,
    items: served.lines,
    total: served.total,
    preparing: preparing.lines,
    preparing_total: preparing.total,
    branch_id: s.branch,
  };
}

/** The bill of the table's open session (at its branch); undefined when the table has none. `lang`: the diner's (billOf). */
export async function tableBill(db: DB, t: TableRef, lang?: AnyLanguage): Promise<Bill | undefined> {
  const s = await findOpenSession(db, t);
  return s && billOf(db, t.userId, s, lang);
}

/** The bill of one session (open or closed: the waiter reprints after closing); undefined when not this business's or outside `scope`. */
export async function sessionBill(db: DB, userId: number, id: number, scope: BranchScope = {}): Promise<Bill | undefined> {
  const s = await findSession(db, userId, id, scope);
  return s && billOf(db, userId, s);
}

/** What a slip prints besides the bill: who, where, and when it was printed. */
export interface Slip {
  bill: Bill;
  business: { name: string; address: string };
  /** ISO 8601: the moment of printing (app.clock) */
  printedAt: string;
}

export async function slipOf(db: DB, userId: number, bill: Bill, printedAt: string): Promise<Slip> {
  const b = await findSlipBusiness(db, userId, bill.branch_id);
  const city = b ? provinceName(b.city) : '';
  const address = [b?.address.trim(), city].filter(Boolean).join(', ');
  return { bill, business: { name: b?.name || 'QR Menü', address }, printedAt };
}
