import fp from 'fastify-plugin';
import { syncAllVersions } from './versions.js';

/**
 * Every owner write that succeeded may have changed what the price lists show (the main branch's and
 * each extra branch's, versions.ts `syncAllVersions`): each list is compared
 * with its latest version before the answer goes out, and a new dated version recorded when it
 * differs. Reads sync too (versions.ts), so a change made another way (the admin's edit) is never lost.
 */
export default fp(async (app) => {
  // Before the answer leaves (onSend), so that a client that reads after its write, and the menu
  // cache's bumps (route onSend/onResponse hooks, which run after this one), see a settled list.
  app.addHook('onSend', async (request, reply, payload) => {
    const m = request.method;
    const auth = request.auth;
    if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || reply.statusCode >= 400 || auth?.role !== 'user' || !request.url.startsWith('/api/')) return payload;
    try {
      await syncAllVersions(app.db, auth.userId, app.clock.now());
    } catch (err) {
      request.log.warn({ err }, 'price list version not recorded');
    }
    return payload;
  });
}, { name: 'price-list-versions' });
