import { fieldErrors, ORDER_MSG, orderLineSchema, placeOrderSchema, type FieldErrors, type Order, type OrderLineInput } from '@qrmenu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tableOf, type DinerBusiness } from '../tables/index.js';
import {
  addBasketLine, BasketChanged, findOrderSettings, findOrderableProduct, insertOrder, listBasket, removeBasketLine, type BasketLine, type PricedLine,
} from './orders.repository.js';
import { withinOrderLimits } from './order-limits.js';
import { seatAt } from './seat.js';

/** A refused diner write: its HTTP status and Turkish message (`product`: the sold-out or passive product's name, for the diner's language). */
export type Refused = { kind: 'refused'; status: 403 | 409 | 422 | 429; message: string; errors?: FieldErrors; product?: string };

/**
 * Who may write to a table's basket: the business takes orders, the table exists and is not
 * paused, the device holds a seat there (seat.ts), and the table's and device's limits hold.
 */
export async function admit(app: FastifyInstance, request: FastifyRequest, b: DinerBusiness, rawMasa: unknown): Promise<{ kind: 'ok'; masa: number } | Refused> {
  const settings = await findOrderSettings(app.db, b.userId);
  if (!settings.enabled) return { kind: 'refused', status: 403, message: ORDER_MSG.disabled };
  const masa = tableOf(b, rawMasa);
  if (masa === undefined) return { kind: 'refused', status: 422, message: ORDER_MSG.tableInvalid, errors: { masa: [ORDER_MSG.tableInvalid] } };
  if (settings.paused.includes(masa)) return { kind: 'refused', status: 403, message: ORDER_MSG.paused };
  const seat = await seatAt(app, request, b.userId, masa);
  if (!seat) return { kind: 'refused', status: 403, message: ORDER_MSG.noSeat };
  if (!(await withinOrderLimits(app, b.userId, masa, request.ip, seat))) return { kind: 'refused', status: 429, message: ORDER_MSG.tooMany };
  return { kind: 'ok', masa };
}

/** A line at today's price, or why it cannot be ordered (unknown 422, passive or sold out 409). */
export async function priceLine(app: FastifyInstance, userId: number, line: OrderLineInput): Promise<PricedLine | Refused> {
  const p = await findOrderableProduct(app.db, userId, line.product_id);
  if (!p) return { kind: 'refused', status: 422, message: ORDER_MSG.productInvalid, errors: { product_id: [ORDER_MSG.productInvalid] } };
  if (!p.onMenu) return { kind: 'refused', status: 409, message: ORDER_MSG.passive(p.name), product: p.name };
  if (p.soldOut) return { kind: 'refused', status: 409, message: ORDER_MSG.soldOut(p.name), product: p.name };
  const portion = (line.portion ?? '').trim();
  // a portion by its name (the API) or its place in the list (the menu's form, whatever the page's language)
  const chosen = p.portions.find((x) => x.name === portion) ?? (/^[0-9]{1,3}$/.test(portion) ? p.portions[Number(portion)] : undefined);
  const price = p.portions.length ? chosen?.price : portion === '' ? p.price : undefined;
  if (price == null) return { kind: 'refused', status: 422, message: ORDER_MSG.portionInvalid, errors: { portion: [ORDER_MSG.portionInvalid] } };
  return { product_id: p.id, name: p.name, portion: chosen?.name ?? '', quantity: line.quantity, unit_price: price, note: line.note ?? '' };
}

const invalid = (errors: FieldErrors): Refused => ({ kind: 'refused', status: 422, message: ORDER_MSG.invalid, errors });

/** `Sepete ekle`: one line into the table's shared basket (checked as it would be sent). */
export async function addToBasket(app: FastifyInstance, userId: number, masa: number, body: Record<string, unknown>): Promise<{ kind: 'added' } | Refused> {
  const parsed = orderLineSchema.safeParse({ product_id: body.urun ?? body.product_id, portion: body.porsiyon ?? body.portion, quantity: body.adet ?? body.quantity ?? 1, note: body.not ?? body.note });
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const priced = await priceLine(app, userId, parsed.data);
  if ('kind' in priced) return priced;
  const lines = await listBasket(app.db, userId, masa);
  if (lines.length >= 50) return { kind: 'refused', status: 422, message: ORDER_MSG.basketFull };
  await addBasketLine(app.db, userId, masa, { product_id: priced.product_id, portion: priced.portion, quantity: priced.quantity, note: priced.note }, app.clock.now().toISOString());
  return { kind: 'added' };
}

export const removeFromBasket = (app: FastifyInstance, userId: number, masa: number, id: number) => removeBasketLine(app.db, userId, masa, id);

/** The basket's lines at today's prices (a line no longer orderable says why). */
export async function pricedBasket(app: FastifyInstance, userId: number, masa: number): Promise<Array<{ line: BasketLine; priced: PricedLine | Refused }>> {
  const lines = await listBasket(app.db, userId, masa);
  return Promise.all(lines.map(async (line) => ({ line, priced: await priceLine(app, userId, { ...line, note: line.note }) })));
}

/** `Siparişi gönder`: the whole basket becomes one order, its prices fixed now; a line that became unorderable refuses the send. */
export async function sendBasket(app: FastifyInstance, userId: number, masa: number): Promise<{ kind: 'sent'; order: Order } | Refused> {
  const basket = await pricedBasket(app, userId, masa);
  if (basket.length === 0) return { kind: 'refused', status: 422, message: ORDER_MSG.basketEmpty };
  const bad = basket.find((b) => 'kind' in b.priced);
  if (bad) return bad.priced as Refused;
  let order: Order;
  try {
    order = await insertOrder(app.db, userId, masa, basket.map((b) => b.priced as PricedLine), app.clock.now().toISOString(), basket.map((b) => b.line.id));
  } catch (err) {
    if (err instanceof BasketChanged) return { kind: 'refused', status: 409, message: ORDER_MSG.basketChanged };
    throw err;
  }
  await app.tablesLive.publish(userId, { type: 'order', order });
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
    const priced = await priceLine(app, b.userId, item);
    if ('kind' in priced) return priced;
    lines.push(priced);
  }
  const order = await insertOrder(app.db, b.userId, gate.masa, lines, app.clock.now().toISOString());
  await app.tablesLive.publish(b.userId, { type: 'order', order });
  return { kind: 'sent', order };
}
