import { loadConfig } from './platform/config.js';
import { buildApp } from './app.js';
import { createDb } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { ensureAdmin } from './features/admin/bootstrap.js';
import { seedDemo } from './features/demo/seed.js';
import { seedDemoFeedback } from './features/demo/seed-feedback.js';
import { sweepOrphanImages } from './platform/images/sweep.js';
import { backfillSmallest } from './platform/images/images.js';
import { createStore } from './platform/storage/index.js';
import { isoNow, systemClock } from './platform/clock.js';

/**
 * How long a SIGTERM waits for the requests in flight before it ends their connections (under the
 * 30 s that Kubernetes and `docker stop -t 30` give; views are journaled, so even a kill loses none).
 */
const DRAIN_MS = 25_000;

/** Reads config, opens the DB, migrates, seeds demo data, listens; drains and exits 0 on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const db = createDb(config);
  const storage = createStore(config);
  await migrateToLatest(db);
  // the process starts before the app and its clock: the seeds read the system's clock
  const started = systemClock().now();
  if (config.seedDemo) await seedDemo(db, config, storage, started);
  if (config.seedDemo) await seedDemoFeedback(db, started);
  const app = await buildApp({ config, db, storage });
  await ensureAdmin(db, config, app.log, isoNow(app.clock));
  const sweep = () =>
    sweepOrphanImages(db, storage, app.clock.now()).then((swept) => {
      if (swept) app.log.warn({ swept, storage: storage.description }, 'removed upload files without a row (left by an earlier crash)');
    });
  // a bucket may hold millions of objects: its sweep runs beside the serving, never before it
  if (storage.kind === 'local') await sweep();
  else void sweep().catch((err) => app.log.error({ err, storage: storage.description }, 'orphan sweep of the bucket failed'));
  // photos stored before the 240 px size existed get it, beside the serving (npm run images:backfill does the same)
  void backfillSmallest(storage)
    .then((r) => {
      if (r.made || r.failed.length) app.log.warn({ made: r.made, failed: r.failed.slice(0, 20), storage: storage.description }, 'made the 240 px size of earlier photos');
    })
    .catch((err) => app.log.error({ err, storage: storage.description }, 'making the 240 px size of earlier photos failed'));

  // Drain: the listener closes (no new connection), requests in flight are answered, idle and
  // finished connections close, then the view counts are flushed (views.ts onClose), the database
  // closed, and the process exits 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const force = setTimeout(() => {
      app.log.warn(`requests still running after ${DRAIN_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, DRAIN_MS);
    force.unref();
    try {
      await app.close();
      storage.close();
      await db.destroy();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`QR Menü ${config.publicUrl} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite in ' + config.dataDir}; photos in ${storage.description})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
