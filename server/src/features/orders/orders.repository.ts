import type { Order, OrderStatus, Payment } from '@qrmenu/contract';
import { dialectOf, inTransaction, isUniqueViolation, type DB } from '../../platform/db/database.js';
import { branchNo, inScope, storedBranch, type BranchScope } from '../branches/index.js';

/** Orders at the table. Every query takes the business (owner id) in its WHERE. Prices in kuruş. */

/**
 * One table of a business: table 2 of the main branch (`branch` 0) and table 2 of an extra branch
 * are two tables, each with its basket and sessions (`branch_id` in the rows; null the main one).
 */
export interface TableRef {
  userId: number;
  branch: number;
  masa: number;
}

export interface OrderSettings {
  enabled: boolean;
  paused: number[];
}

const parsePaused = (s: string) => s.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The account's switch and the paused tables of branch `branch` (0: the main branch, whose are in
 * `order_settings`; an extra branch's in `branch_order_settings`): one query either way, as the
 * diner's every basket write asks it.
 */
export async function findOrderSettings(db: DB, userId: number, branch = 0): Promise<OrderSettings> {
  if (branch === 0) {
    const r = await db.selectFrom('order_settings').select(['enabled', 'paused']).where('user_id', '=', userId).executeTakeFirst();
    return { enabled: Number(r?.enabled ?? 0) === 1, paused: parsePaused(r?.paused ?? '') };
  }
  const r = await db
    .selectFrom('branches as b')
    .leftJoin('order_settings as o', 'o.user_id', 'b.user_id')
    .leftJoin('branch_order_settings as p', 'p.branch_id', 'b.id')
    .select(['o.enabled', 'p.paused'])
    .where('b.id', '=', branch)
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
  return { enabled: Number(r?.enabled ?? 0) === 1, paused: parsePaused(r?.paused ?? '') };
}

const pausedText = (paused: number[]) => [...new Set(paused)].sort((a, b) => a - b).join(',');

/** Saves the account's switch and branch `branch`'s paused tables (the other branches' stay), in one transaction. */
export async function saveOrderSettings(db: DB, userId: number, s: OrderSettings, now: string, branch = 0): Promise<void> {
  const enabled = s.enabled ? 1 : 0;
  if (branch === 0) {
    const values = { enabled, paused: pausedText(s.paused), updated_at: now };
    await db
      .insertInto('order_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return;
  }
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('order_settings')
      .values({ user_id: userId, enabled, paused: '', updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled, updated_at: now }))
      .execute();
    const values = { paused: pausedText(s.paused), updated_at: now };
    await trx
      .insertInto('branch_order_settings')
      .values({ branch_id: branch, user_id: userId, ...values })
      .onConflict((oc) => oc.column('branch_id').doUpdateSet(values))
      .execute();
  });
}

/** A product as ordering needs it: on the menu (product and category active), sold out or not. */
export interface OrderableProduct {
  id: number;
  name: string;
  /** kuruş */
  price: number | null;
  portions: Array<{ name: string; price: number }>;
  onMenu: boolean;
  soldOut: boolean;
}

export async function findOrderableProduct(db: DB, userId: number, productId: number): Promise<OrderableProduct | undefined> {
  const r = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.name', 'p.selling_price', 'p.variants', 'p.status', 'p.sold_out', 'c.status as category_status'])
    .where('p.id', '=', productId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (!r) return undefined;
  let portions: Array<{ name: string; price: number }> = [];
  try {
    const v = JSON.parse(r.variants) as Array<{ name: string; price: number }>;
    if (Array.isArray(v)) portions = v.map((x) => ({ name: String(x.name), price: Number(x.price) }));
  } catch {
    /* no portions */
  }
  return {
    id: Number(r.id),
    name: r.name,
    price: r.selling_price == null ? null : Number(r.selling_price),
    portions,
    onMenu: r.status === '1' && r.category_status === '1',
    soldOut: r.sold_out === '1',
  };
}

export interface BasketLine {
  id: number;
  product_id: number;
  portion: string;
  quantity: number;
  note: string;
}

export async function listBasket(db: DB, t: TableRef): Promise<BasketLine[]> {
  const rows = await db
    .selectFrom('basket_items')
    .select(['id', 'product_id', 'portion', 'quantity', 'note'])
    .where('user_id', '=', t.userId)
    .where('masa', '=', t.masa)
    .where(branchNo('branch_id'), '=', t.branch)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), product_id: Number(r.product_id), portion: r.portion, quantity: Number(r.quantity), note: r.note }));
}

export async function addBasketLine(db: DB, t: TableRef, line: Omit<BasketLine, 'id'>, now: string): Promise<void> {
  await db.insertInto('basket_items').values({ user_id: t.userId, masa: t.masa, branch_id: storedBranch(t.branch), ...line, created_at: now }).execute();
}

export async function removeBasketLine(db: DB, t: TableRef, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('basket_items')
    .where('id', '=', id)
    .where('user_id', '=', t.userId)
    .where('masa', '=', t.masa)
    .where(branchNo('branch_id'), '=', t.branch)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface PricedLine {
  product_id: number;
  name: string;
  portion: string;
  quantity: number;
  /** kuruş */
  unit_price: number;
  note: string;
}

const presentOrder = (
  o: { id: number; masa: number; status: string; cancel_reason: string | null; total: number; created_at: string; updated_at: string; branch_id: number | null },
  items: Array<{ name: string; portion: string; quantity: number; unit_price: number; note: string }>,
): Order => ({
  id: Number(o.id),
  masa: Number(o.masa),
  status: o.status as OrderStatus,
  cancel_reason: o.cancel_reason,
  total: Number(o.total) / 100,
  created_at: o.created_at,
  updated_at: o.updated_at,
  branch_id: o.branch_id == null ? 0 : Number(o.branch_id),
  items: items.map((i) => ({ name: i.name, portion: i.portion, quantity: Number(i.quantity), unit_price: Number(i.unit_price) / 100, note: i.note })),
});

/**
 * Sends an order: the table's open session (opened now when there is none), the order with its
 * items at today's prices, and — when `basketIds` are given — those basket lines removed, in one
 * transaction. Returns the order.
 */
/**
 * An order and `Masayı kapat` at the same instant: both lock the table's open session row first
 * (PostgreSQL; SQLite's writes are serial), so the close either sees the new order (and refuses:
 * not served yet) or closes first, and the order then opens the table's next session — an order
 * never lands in a session closed under it.
 */
const lockRows = (db: DB) => dialectOf(db) === 'postgres';

/** The basket lines of a send were taken (or changed) by a send at the same moment: nothing was written. */
export class BasketChanged extends Error {}

/**
 * A new order in the table's open session (opened by it when there is none). A basket's lines are
 * removed in the same transaction: when two diners send one basket at the same instant, the second
 * finds fewer lines than it read and writes nothing (BasketChanged). Two first orders at once meet
 * the index of one open session per table (migration 20261128_2110): the loser is retried once and
 * joins the session the winner opened.
 */
export async function insertOrder(db: DB, t: TableRef, lines: PricedLine[], now: string, basketIds: number[] = []): Promise<Order> {
  try {
    return await writeOrder(db, t, lines, now, basketIds);
  } catch (err) {
    if (db.isTransaction || !isUniqueViolation(err)) throw err;
    return writeOrder(db, t, lines, now, basketIds);
  }
}

/** The table's open session (the row locked on PostgreSQL, see lockRows). */
const openSessionOf = (db: DB, t: TableRef) =>
  db
    .selectFrom('table_sessions')
    .select('id')
    .where('user_id', '=', t.userId)
    .where('masa', '=', t.masa)
    .where(branchNo('branch_id'), '=', t.branch)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .$if(lockRows(db), (qb) => qb.forUpdate())
    .executeTakeFirst();

function writeOrder(db: DB, t: TableRef, lines: PricedLine[], now: string, basketIds: number[]): Promise<Order> {
  const { userId, masa } = t;
  const branch_id = storedBranch(t.branch);
  return inTransaction(db, async (trx) => {
    if (basketIds.length) {
      const taken = await trx
        .deleteFrom('basket_items')
        .where('user_id', '=', userId)
        .where('masa', '=', masa)
        .where(branchNo('branch_id'), '=', t.branch)
        .where('id', 'in', basketIds)
        .executeTakeFirst();
      if (Number(taken.numDeletedRows) !== basketIds.length) throw new BasketChanged();
    }
    let session = await openSessionOf(trx, t);
    session ??= await trx.insertInto('table_sessions').values({ user_id: userId, masa, branch_id, opened_at: now, closed_at: null, payment: null }).returning('id').executeTakeFirstOrThrow();
    const total = lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
    const order = await trx
      .insertInto('orders')
      .values({ user_id: userId, session_id: Number(session.id), masa, branch_id, status: 'yeni', cancel_reason: null, total, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('order_items').values(lines.map((l) => ({ user_id: userId, order_id: Number(order.id), ...l }))).execute();
    return presentOrder(order, lines);
  });
}

type OrderRow = Parameters<typeof presentOrder>[0];

/** The orders' items, each order's in the order they were sent. */
const itemsOf = (db: DB, rows: OrderRow[]) =>
  db
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'name', 'portion', 'quantity', 'unit_price', 'note'])
    .where('order_id', 'in', rows.map((r) => r.id))
    .orderBy('id')
    .execute();

async function withItems(db: DB, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await itemsOf(db, rows);
  return rows.map((o) => presentOrder(o, items.filter((i) => Number(i.order_id) === Number(o.id))));
}

/** An order on the diner's basket page: each item with its product (null: none kept), to name it in the diner's language. */
export type TableOrder = Omit<Order, 'items'> & { items: Array<Order['items'][number] & { product_id: number | null }> };

const ORDER_COLUMNS = ['id', 'masa', 'status', 'cancel_reason', 'total', 'created_at', 'updated_at', 'branch_id'] as const;

/** The business's orders of open table sessions (all statuses, or those given) in the branches of `scope`, oldest first. */
export async function listOpenOrders(db: DB, userId: number, scope: BranchScope, statuses?: OrderStatus[]): Promise<Order[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('table_sessions as s', 's.id', 'o.session_id')
    .select(ORDER_COLUMNS.map((c) => `o.${c}` as const))
    .where('o.user_id', '=', userId)
    .where('s.closed_at', 'is', null)
    .$if(scope.branch !== undefined, (q) => q.where(branchNo('o.branch_id'), '=', scope.branch!))
    .$if(scope.only !== undefined, (q) => q.where(branchNo('o.branch_id'), 'in', [...scope.only!, -1]))
    .$if(Boolean(statuses?.length), (q) => q.where('o.status', 'in', statuses!))
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  return withItems(db, rows);
}

/** The orders of a table's open session (the diner's basket page), their items with their products. */
export async function listTableOrders(db: DB, t: TableRef): Promise<TableOrder[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('table_sessions as s', 's.id', 'o.session_id')
    .select(ORDER_COLUMNS.map((c) => `o.${c}` as const))
    .where('o.user_id', '=', t.userId)
    .where('o.masa', '=', t.masa)
    .where(branchNo('o.branch_id'), '=', t.branch)
    .where('s.closed_at', 'is', null)
    .orderBy('o.id')
    .execute();
  if (rows.length === 0) return [];
  const items = await itemsOf(db, rows);
  return rows.map((o) => {
    const mine = items.filter((i) => Number(i.order_id) === Number(o.id));
    const order = presentOrder(o, mine);
    return { ...order, items: order.items.map((item, k) => ({ ...item, product_id: mine[k].product_id == null ? null : Number(mine[k].product_id) })) };
  });
}

/** One of the business's orders; undefined when not theirs or outside `scope` (a staff member's branches). */
export async function findOrder(db: DB, userId: number, id: number, scope: BranchScope = {}): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row || !inScope(scope, row.branch_id == null ? 0 : Number(row.branch_id))) return undefined;
  return (await withItems(db, [row]))[0];
}

/** Moves an order from `from` to `to` (the row still in `from`: a parallel tap loses). False when it had moved. */
export async function moveOrder(db: DB, userId: number, id: number, from: OrderStatus, to: OrderStatus, reason: string | null, now: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ status: to, cancel_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Closes a table's open session with its payment and served total; undefined when none is open. */
export async function closeSession(db: DB, t: TableRef, payment: Payment, now: string): Promise<{ total: number; pending: boolean } | undefined> {
  return inTransaction(db, async (trx) => {
    const s = await openSessionOf(trx, t);
    if (!s) return undefined;
    const orders = await trx.selectFrom('orders').select(['status', 'total']).where('session_id', '=', s.id).execute();
    if (orders.some((o) => o.status !== 'servis' && o.status !== 'iptal')) return { total: 0, pending: true };
    const total = orders.filter((o) => o.status === 'servis').reduce((sum, o) => sum + Number(o.total), 0);
    await trx.updateTable('table_sessions').set({ closed_at: now, payment, total }).where('id', '=', s.id).execute();
    return { total, pending: false };
  });
}

/** The table count of branch `branch` (0: the main branch's, in the business profile; null: not given). */
export async function findDeskcount(db: DB, userId: number, branch = 0): Promise<number | null> {
  const r =
    branch === 0
      ? await db.selectFrom('settings').select('deskcount').where('user_id', '=', userId).executeTakeFirst()
      : await db.selectFrom('branches').select('deskcount').where('user_id', '=', userId).where('id', '=', branch).executeTakeFirst();
  return r?.deskcount == null ? null : Number(r.deskcount);
}
