import fp from 'fastify-plugin';
import { syncVersion } from './versions.js';

/**
 * Every owner write that succeeded may have changed what the price list shows: the list is compared
 * with its latest version after the answer went out, and a new dated version recorded when it
 * differs. Reads sync too (versions.ts), so a change made another way (the admin's edit) is never lost.
 */
export default fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const m = request.method;
    if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || reply.statusCode >= 400) return;
    const auth = request.auth;
    if (auth?.role !== 'user' || !request.url.startsWith('/api/')) return;
    try {
      await syncVersion(app.db, auth.userId, app.clock.now());
    } catch (err) {
      request.log.warn({ err }, 'price list version not recorded');
    }
  });
}, { name: 'price-list-versions' });
