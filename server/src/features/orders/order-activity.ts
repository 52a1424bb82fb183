import { formatPrice, ORDER_STATUS_LABEL, type Order, type OrderStatus, type Payment } from '@qrmenu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logRequestActivity } from '../staff/index.js';
import { tableLabel, tableLabels } from '../branches/index.js';
import { authOf } from '../../platform/auth/guards.js';

/**
 * The orders' entries in the business's activity log (`Etkinlik`), with who did it (the owner or
 * the staff member, their name and role: features/staff): status steps, cancellations with their
 * reason, tables closed with the payment, and the owner's ordering settings (the switch, paused tables).
 */

const PAYMENT_LABEL: Record<Payment, string> = { nakit: 'Nakit', kart: 'Kart' };

export const ORDER_ACTIVITY = {
  status: (to: OrderStatus) => `Sipariş durumu: ${ORDER_STATUS_LABEL[to]}`,
  cancelled: 'Sipariş iptal edildi',
  closed: 'Masa kapatıldı',
  orderingOn: 'Masadan sipariş açıldı',
  orderingOff: 'Masadan sipariş kapatıldı',
  paused: 'Masada sipariş duraklatıldı',
  resumed: 'Masada sipariş yeniden açıldı',
} as const;

/** A status step or a cancellation: the order, its table (with its branch's name at an extra branch), from → to, and the reason of a cancellation. */
export async function logStatus(app: FastifyInstance, request: FastifyRequest, from: OrderStatus, order: Order) {
  const what = `Sipariş #${order.id}, ${await tableLabel(app, authOf(request).userId, order.branch_id, order.masa)}`;
  if (order.status === 'iptal') return logRequestActivity(app, request, ORDER_ACTIVITY.cancelled, `${what} (${ORDER_STATUS_LABEL[from]} iken). Neden: ${order.cancel_reason ?? ''}`);
  return logRequestActivity(app, request, ORDER_ACTIVITY.status(order.status), `${what}: ${ORDER_STATUS_LABEL[from]} → ${ORDER_STATUS_LABEL[order.status]}`);
}

/** `Masayı kapat`: the table (of its branch), how it was paid and the total. */
export const logClose = async (app: FastifyInstance, request: FastifyRequest, t: { branch: number; masa: number }, payment: Payment, total: number) =>
  logRequestActivity(app, request, ORDER_ACTIVITY.closed, `${await tableLabel(app, authOf(request).userId, t.branch, t.masa)}, ödeme: ${PAYMENT_LABEL[payment]}, toplam ${formatPrice(total)}`);

/** What changed in the ordering settings: the switch, tables paused, tables resumed (of branch `branch`: "Kadıköy · Masa 2"); nothing changed: no entry. */
export async function logSettings(app: FastifyInstance, request: FastifyRequest, before: { enabled: boolean; paused: number[] }, after: { enabled: boolean; paused: number[] }, branch = 0) {
  if (before.enabled !== after.enabled) await logRequestActivity(app, request, after.enabled ? ORDER_ACTIVITY.orderingOn : ORDER_ACTIVITY.orderingOff);
  const tables = async (list: number[]) => (await tableLabels(app, authOf(request).userId, branch, list)).join(', ');
  const paused = after.paused.filter((n) => !before.paused.includes(n));
  const resumed = before.paused.filter((n) => !after.paused.includes(n));
  if (paused.length) await logRequestActivity(app, request, ORDER_ACTIVITY.paused, await tables(paused));
  if (resumed.length) await logRequestActivity(app, request, ORDER_ACTIVITY.resumed, await tables(resumed));
}
