import type { FastifyInstance } from 'fastify';
import { withinLimits, type DinerLimits } from '../tables/index.js';

/**
 * Limits of the diners' basket writes (adds, removals, sends), per 10 minutes: a table of eight
 * ordering a full dinner stays well within them, a phone flooding one table does not.
 */
export const ORDER_LIMITS_PER_WINDOW: DinerLimits = { perTable: 120, perDevice: 60, perBusiness: 3000, perIp: 3000 };

export const withinOrderLimits = (app: FastifyInstance, userId: number, masa: number, ip: string, seat: string) =>
  withinLimits(app, 'order', userId, masa, { ip, device: seat }, ORDER_LIMITS_PER_WINDOW);
