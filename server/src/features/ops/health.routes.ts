import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@qrmenu/contract';
import { checkHealth, localStorageCheck, type StorageCheck } from './health.js';
import { TAG } from '../../platform/openapi/fragments.js';

/**
 * For load balancers and monitors: `{status, message, database, redis, storage}`, each service
 * `up` or `down` (`redis: off` without REDIS_URL). HTTP 503 when the database is down (this
 * process cannot serve); Redis or the photo store down is reported with HTTP 200, as the menus
 * still work.
 */
const healthRoutes: FastifyPluginAsync<{ storageCheck?: StorageCheck }> = async (app, opts) => {
  const storage = opts.storageCheck ?? localStorageCheck(app.config.dataDir);
  app.get('/api/health', {
    config: {
      doc: {
        tag: TAG.ops, access: 'public', unavailable: 'Veritabanına ulaşılamıyor: gövde `status: 503`, mesaj ve denetim sonuçları (`database`, `redis`, `storage`).', summary: 'Sağlık denetimi: veritabanı, Redis ve fotoğraf deposu (veritabanı yoksa HTTP 503)',
        response: z.looseObject({
          status: z.literal(200),
          message: z.string(),
          database: z.enum(['up', 'down']),
          redis: z.enum(['up', 'down', 'off']),
          storage: z.enum(['up', 'down']),
        }),
      },
    },
  }, async (_request, reply) => {
    const report = await checkHealth(app, storage);
    reply.header('Cache-Control', 'no-store');
    if (report.database === 'down') return reply.code(503).send({ status: 503, message: MSG.databaseDown, ...report });
    return { status: 200, message: 'OK', ...report };
  });
};
export default healthRoutes;
