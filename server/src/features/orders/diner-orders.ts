import { fieldErrors, ORDER_MSG, orderLineSchema, placeOrderSchema, type FieldErrors, type Order, type OrderLineInput } from '@qrmenu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tableOf, type DinerBusiness } from '../tables/index.js';
import { branchOverrides } from '../branches/index.js';
import {
  addBasketLine, BasketChanged, findOrderSettings, findOrderableProduct, insertOrder, listBasket, removeBasketLine, type BasketLine, type PricedLine, type TableRef,
} from './orders.repository.js';
import { withinOrderLimits } from './order-limits.js';
import { seatAt } from './seat.js';

/** A refused diner write: its HTTP status and Turkish message (`product`, `product_id`: the sold-out or passive product, named in the diner's language). */
export type Refused = { kind: 'refused'; status: 403 | 409 | 422 | 429; message: string; errors?: FieldErrors; product?: string; product_id?: number };

/** The table `masa` of the business's branch behind the address (an extra branch's, or the main one). */
export const tableRef = (b: DinerBusiness, masa: number): TableRef => ({ userId: b.userId, branch: b.branchId ?? 0, masa });

/**
 * Who may write to a table's basket: the business takes orders, the table exists (within its
 * branch's table count) and is not paused (at its branch), the device holds a seat at that branch's table
 * (seat.ts), and the table's and device's limits hold.
 */
export async function admit(app: FastifyInstance, request: FastifyRequest, b: DinerBusiness, rawMasa: unknown): Promise<{ kind: 'ok'; table: TableRef } | Refused> {
  const masa = tableOf(b, rawMasa);
  const closed = await orderingClosed(app, b, masa);
  if (closed) return closed;
  if (masa === undefined) return { kind: 'refused', status: 422, message: ORDER_MSG.tableInvalid, errors: { masa: [ORDER_MSG.tableInvalid] } };
  const table = tableRef(b, masa);
  const seat = await seatAt(app, request, table);
  if (!seat) return { kind: 'refused', status: 403, message: ORDER_MSG.noSeat };
  if (!(await withinOrderLimits(app, table, request.ip, seat))) return { kind: 'refused', status: 429, message: ORDER_MSG.tooMany };
  return { kind: 'ok', table };
}

/** Ordering off for the account, or `masa` paused at the address's branch (403), else undefined. */
export async function orderingClosed(app: FastifyInstance, b: DinerBusiness, masa: number | undefined): Promise<Refused | undefined> {
  const settings = await findOrderSettings(app.db, b.userId, b.branchId ?? 0);
  if (!settings.enabled) return { kind: 'refused', status: 403, message: ORDER_MSG.disabled };
  if (masa !== undefined && settings.paused.includes(masa)) return { kind: 'refused', status: 403, message: ORDER_MSG.paused };
  return undefined;
}

/**
 * A line at today's price at the table's branch, or why it cannot be ordered (unknown 422, passive
 * or sold out 409). At an extra branch its override counts (features/branches): left off there is
 * passive, sold out there is sold out, its price is charged (portions keep theirs, as on its menu).
 */
export async function priceLine(app: FastifyInstance, t: Pick<TableRef, 'userId' | 'branch'>, line: OrderLineInput): Promise<PricedLine | Refused> {
  const found = await findOrderableProduct(app.db, t.userId, line.product_id);
  if (!found) return { kind: 'refused', status: 422, message: ORDER_MSG.productInvalid, errors: { product_id: [ORDER_MSG.productInvalid] } };
  const o = t.branch === 0 ? undefined : (await branchOverrides(app.db, t.branch, [found.id])).get(found.id);
  const p = o ? { ...found, onMenu: found.onMenu && !o.unavailable, soldOut: found.soldOut || o.soldOut, price: o.price ?? found.price } : found;
  if (!p.onMenu) return { kind: 'refused', status: 409, message: ORDER_MSG.passive(p.name), product: p.name, product_id: p.id };
  if (p.soldOut) return { kind: 'refused', status: 409, message: ORDER_MSG.soldOut(p.name), product: p.name, product_id: p.id };
  const portion = (line.portion ?? '').trim();
  // a portion by its name (the API) or its place in the list (the menu's form, whatever the page's language)
  const chosen = p.portions.find((x) => x.name === portion) ?? (/^[0-9]{1,3}$/.test(portion) ? p.portions[Number(portion)] : undefined);
  const price = p.portions.length ? chosen?.price : portion === '' ? p.price : undefined;
  if (price == null) return { kind: 'refused', status: 422, message: ORDER_MSG.portionInvalid, errors: { portion: [ORDER_MSG.portionInvalid] } };
  return { product_id: p.id, name: p.name, portion: chosen?.name ?? '', quantity: line.quantity, unit_price: price, note: line.note ?? '' };
}

const invalid = (errors: FieldErrors): Refused => ({ kind: 'refused', status: 422, message: ORDER_MSG.invalid, errors });

/** `Sepete ekle`: one line into the table's shared basket (checked as it would be sent). */
export async function addToBasket(app: FastifyInstance, t: TableRef, body: Record<string, unknown>): Promise<{ kind: 'added' } | Refused> {
  const parsed = orderLineSchema.safeParse({ product_id: body.urun ?? body.product_id, portion: body.porsiyon ?? body.portion, quantity: body.adet ?? body.quantity ?? 1, note: body.not ?? body.note });
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const priced = await priceLine(app, t, parsed.data);
  if ('kind' in priced) return priced;
  const lines = await listBasket(app.db, t);
  if (lines.length >= 50) return { kind: 'refused', status: 422, message: ORDER_MSG.basketFull };
  await addBasketLine(app.db, t, { product_id: priced.product_id, portion: priced.portion, quantity: priced.quantity, note: priced.note }, app.clock.now().toISOString());
  return { kind: 'added' };
}

export const removeFromBasket = (app: FastifyInstance, t: TableRef, id: number) => removeBasketLine(app.db, t, id);

/** The basket's lines at today's prices (a line no longer orderable says why). */
export async function pricedBasket(app: FastifyInstance, t: TableRef): Promise<Array<{ line: BasketLine; priced: PricedLine | Refused }>> {
  const lines = await listBasket(app.db, t);
  return Promise.all(lines.map(async (line) => ({ line, priced: await priceLine(app, t, { ...line, note: line.note }) })));
}

/** `Siparişi gönder`: the whole basket becomes one order, its prices fixed now; a line that became unorderable refuses the send. */
export async function sendBasket(app: FastifyInstance, t: TableRef): Promise<{ kind: 'sent'; order: Order } | Refused> {
  const basket = await pricedBasket(app, t);
  if (basket.length === 0) return { kind: 'refused', status: 422, message: ORDER_MSG.basketEmpty };
  const bad = basket.find((b) => 'kind' in b.priced);
  if (bad) return bad.priced as Refused;
  let order: Order;
  try {
    order = await insertOrder(app.db, t, basket.map((b) => b.priced as PricedLine), app.clock.now().toISOString(), basket.map((b) => b.line.id));
  } catch (err) {
    if (err instanceof BasketChanged) return { kind: 'refused', status: 409, message: ORDER_MSG.basketChanged };
    throw err;
  }
  await app.tablesLive.publish(t.userId, { type: 'order', order });
  return { kind: 'sent', order };
}

/** `POST /api/orders/{company}`: a table's items sent at once (the JSON twin of the basket). */
export async function placeOrder(app: FastifyInstance, request: FastifyRequest, b: DinerBusiness, body: unknown): Promise<{ kind: 'sent'; order: Order } | Refused> {
  const parsed = placeOrderSchema.safeParse(body ?? {});
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const gate = await admit(app, request, b, parsed.data.masa);
  if (gate.kind !== 'ok') return gate;
  const lines: PricedLine[] = [];
  for (const item of parsed.data.items) {
    const priced = await priceLine(app, gate.table, item);
    if ('kind' in priced) return priced;
    lines.push(priced);
  }
  const order = await insertOrder(app.db, gate.table, lines, app.clock.now().toISOString());
  await app.tablesLive.publish(b.userId, { type: 'order', order });
  return { kind: 'sent', order };
}
