import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config.js';
import { LocalStore } from './local.js';
import { copyLocalToStore } from './migrate.js';
import { S3Store } from './s3.js';

/**
 * `npm run storage:migrate`: copies DATA_DIR/uploads into the bucket of STORAGE_URL (same
 * environment as the server). Safe to run again and while the server runs; prints progress and
 * the counts; exits 1 when a file could not be copied.
 */
async function main() {
  const config = loadConfig();
  if (!config.storage) {
    console.error('STORAGE_URL is not set: set it (and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) to the bucket to copy DATA_DIR/uploads into.');
    process.exit(2);
  }
  const source = new LocalStore(config.dataDir);
  const target = new S3Store(config.storage);
  try {
    const reachable = await target.check();
    if (!reachable.ok) {
      console.error(`The bucket ${target.description} cannot be used: ${reachable.error}`);
      process.exit(2);
    }
    console.log(`Copying ${source.description} → ${target.description}`);
    const started = performance.now();
    let lastLine = 0;
    const report = await copyLocalToStore(source, target, {
      onFile(done, total, key, outcome) {
        if (outcome === 'failed') console.log(`  failed: ${key}`);
        if (done === total || performance.now() - lastLine > 1000) {
          lastLine = performance.now();
          console.log(`  ${done}/${total} files (${Math.round((done / total) * 100)} %)`);
        }
      },
    });
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.total} files, ${report.copied} copied, ${report.skipped} already in the bucket, ${report.failed.length} failed.`,
    );
    for (const f of report.failed) console.error(`  ${f.key}: ${f.error}`);
    if (report.failed.length) process.exitCode = 1;
  } finally {
    target.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
