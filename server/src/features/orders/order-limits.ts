import type { FastifyInstance } from 'fastify';
import { withinLimits, type DinerLimits } from '../tables/index.js';
import type { TableRef } from './orders.repository.js';

/**
 * Limits of the diners' basket writes (adds, removals, sends), per 10 minutes: a table of eight
 * ordering a full dinner stays well within them, a phone flooding one table does not.
 */
export const ORDER_LIMITS_PER_WINDOW: DinerLimits = { perTable: 120, perDevice: 60, perBusiness: 3000, perIp: 3000 };

/** An extra branch's tables (and its business ceiling) count apart from the main branch's. */
export const withinOrderLimits = (app: FastifyInstance, t: TableRef, ip: string, seat: string) =>
  withinLimits(app, t.branch === 0 ? 'order' : `order:b${t.branch}`, t.userId, t.masa, { ip, device: seat }, ORDER_LIMITS_PER_WINDOW);
