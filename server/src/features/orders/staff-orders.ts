import { NEXT_STATUS, ORDER_MSG, ORDER_STATUSES, type Order, type OrderStatus, type Payment } from '@qrmenu/contract';
import type { FastifyInstance } from 'fastify';
import { branchesInScope, type BranchScope } from '../branches/index.js';
import { closeSession, findOrder, findOrderSettings, moveOrder, saveOrderSettings, type TableRef } from './orders.repository.js';

/** What the staff do with orders: move a status, close a table. The act of each staff route. */

export type StatusOutcome = { kind: 'moved'; order: Order; from: OrderStatus } | { kind: 'not-found' } | { kind: 'refused'; message: string; field: string };

/**
 * One step forward (`Yeni → Hazırlanıyor → Hazır → Servis edildi`), or İptal from any open status
 * with a reason. A parallel tap that moved it first wins; the second is refused. An order of a
 * branch outside `scope` (a staff member's branches) is not found.
 */
export async function changeStatus(app: FastifyInstance, userId: number, id: number, to: OrderStatus, reason: string | undefined, scope: BranchScope = {}): Promise<StatusOutcome> {
  const order = await findOrder(app.db, userId, id, scope);
  if (!order) return { kind: 'not-found' };
  const cancel = to === 'iptal';
  const why = reason?.trim() ?? '';
  if (cancel && !why) return { kind: 'refused', message: ORDER_MSG.reasonRequired, field: 'reason' };
  const allowed = cancel ? order.status !== 'iptal' && order.status !== 'servis' : NEXT_STATUS[order.status] === to;
  if (!allowed) return { kind: 'refused', message: ORDER_MSG.statusStep, field: 'status' };
  if (!(await moveOrder(app.db, userId, id, order.status, to, cancel ? why : null, app.clock.now().toISOString()))) {
    return { kind: 'refused', message: ORDER_MSG.statusStep, field: 'status' };
  }
  const moved = (await findOrder(app.db, userId, id))!;
  await app.tablesLive.publish(userId, { type: 'order', order: moved });
  return { kind: 'moved', order: moved, from: order.status };
}

export type CloseOutcome = { kind: 'closed'; total: number } | { kind: 'none' } | { kind: 'pending' };

/** `Masayı kapat`: the session ends with its payment; orders still being prepared keep it open. */
export async function closeTable(app: FastifyInstance, t: TableRef, payment: Payment): Promise<CloseOutcome> {
  const r = await closeSession(app.db, t, payment, app.clock.now().toISOString());
  if (!r) return { kind: 'none' };
  if (r.pending) return { kind: 'pending' };
  await app.tablesLive.publish(t.userId, { type: 'table-closed', masa: t.masa, branch_id: t.branch });
  return { kind: 'closed', total: r.total / 100 };
}

/** `?status=yeni,hazir`: the statuses asked for (unknown ones ignored); none → all. */
export const statusesOf = (raw: unknown): OrderStatus[] =>
  (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((s) => s.trim())
    .filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s));

/**
 * The owner's ordering settings: the account's switch and branch `scope.branch`'s paused tables (0:
 * the main branch), those beyond that branch's table count dropped. The switch reaches every
 * branch: a staff member who works at only some of them may not turn it (nothing is saved).
 */
export async function updateOrderSettings(app: FastifyInstance, userId: number, input: { enabled: boolean; paused?: number[] }, deskcount: number | null, scope: BranchScope) {
  const branch = scope.branch ?? 0;
  const current = await findOrderSettings(app.db, userId, branch);
  if (input.enabled !== current.enabled && scope.only && (await branchesInScope(app, userId, undefined)).some((b) => !scope.only!.includes(b.id))) {
    return { kind: 'refused' as const };
  }
  const paused = (input.paused ?? current.paused).filter((n) => deskcount != null && n <= deskcount);
  await saveOrderSettings(app.db, userId, { enabled: input.enabled, paused }, app.clock.now().toISOString(), branch);
  return { kind: 'saved' as const, before: current, saved: { enabled: input.enabled, paused: [...new Set(paused)].sort((a, b) => a - b) } };
}
