import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config.js';
import { createStore } from '../storage/index.js';
import { backfillSmallest } from './images.js';

/**
 * `npm run images:backfill`: makes the 240 px size of photos stored before it existed, in
 * DATA_DIR/uploads or the bucket of STORAGE_URL (same environment as the server). The server does
 * the same at start-up, beside the serving; run this before starting a new version when the
 * pages' photos come from STORAGE_PUBLIC_URL (a CDN in front of the bucket). Safe to run again and
 * while the server runs; prints progress; exits 1 when a photo could not be done.
 */
async function main() {
  const config = loadConfig();
  const store = createStore(config);
  try {
    console.log(`Making the 240 px size of earlier photos in ${store.description}`);
    const started = performance.now();
    let lastLine = 0;
    const report = await backfillSmallest(store, {
      onProgress(done, total) {
        if (done === total || performance.now() - lastLine > 1000) {
          lastLine = performance.now();
          console.log(`  ${done}/${total} photos (${Math.round((done / total) * 100)} %)`);
        }
      },
    });
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.made} made, ${report.failed.length} failed.`);
    for (const f of report.failed) console.error(`  ${f.key}: ${f.error}`);
    if (report.failed.length) process.exitCode = 1;
  } finally {
    store.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
