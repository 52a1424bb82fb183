import fp from 'fastify-plugin';
import { flushVersionSyncs, syncVersionSoon } from './versions.js';

/**
 * Every owner write that succeeded may have changed what the price list shows: the list is compared
 * with its latest version shortly after a burst of writes (`syncVersionSoon`: one version for an
 * owner's forty edits in a row) and a new dated version recorded when it differs. Every read of the
 * list syncs first (versions.ts), so an owner never reads a list that misses a change, and a change
 * made another way (the admin's edit) is never lost. Every list of the account is compared: the
 * main branch's and each extra branch's (versions.ts `syncAllVersions`). What waits is run when
 * the app closes.
 */
export default fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const m = request.method;
    const auth = request.auth;
    if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || reply.statusCode >= 400 || auth?.role !== 'user' || !request.url.startsWith('/api/')) return;
    syncVersionSoon(app.db, auth.userId, () => app.clock.now(), (err) => request.log.warn({ err }, 'price list version not recorded'));
  });
  app.addHook('onClose', async () => flushVersionSyncs(app.db));
}, { name: 'price-list-versions' });
