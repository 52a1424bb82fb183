import fp from 'fastify-plugin';
import { syncVersion } from './versions.js';

/**
 * Every owner write that succeeded may have changed what the price list shows: the list is compared
 * with its latest version after the answer went out, and a new dated version recorded when it
 * differs. Reads sync too (versions.ts), so a change made another way (the admin's edit) is never lost.
 */
export default fp(async (app) => {
  // Not awaited: the request's own onResponse hooks (the menu cache's second bump) must not wait
  // for this comparison. syncVersion is safe against a parallel one (a version number is recorded
  // once; the other reads it again), and every read of the lists syncs first.
  app.addHook('onResponse', (request, reply, done) => {
    const m = request.method;
    const auth = request.auth;
    if (m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS' && reply.statusCode < 400 && auth?.role === 'user' && request.url.startsWith('/api/')) {
      syncVersion(app.db, auth.userId, app.clock.now()).catch((err: unknown) => request.log.warn({ err }, 'price list version not recorded'));
    }
    done();
  });
}, { name: 'price-list-versions' });
