import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalStore } from './local.js';
import { contentTypeOf, type FileStore } from './store.js';

export interface MigrateReport {
  /** Files found under DATA_DIR/uploads. */
  total: number;
  copied: number;
  /** Already in the bucket with the same size (an earlier or interrupted run). */
  skipped: number;
  failed: Array<{ key: string; error: string }>;
}

export type Outcome = 'copied' | 'skipped' | 'failed';

/**
 * Copies every file of the local store into another store (the bucket of STORAGE_URL). Idempotent:
 * an object already there with the same size is left alone, so an interrupted run is resumed by
 * running it again. Names are immutable, so equal name and size means the same photo.
 */
export async function copyLocalToStore(
  source: LocalStore,
  target: FileStore,
  opts: { concurrency?: number; onFile?: (done: number, total: number, key: string, outcome: Outcome) => void } = {},
): Promise<MigrateReport> {
  const files: Array<{ key: string; size: number }> = [];
  for await (const o of source.list()) files.push({ key: o.key, size: o.size });
  files.sort((a, b) => a.key.localeCompare(b.key));
  const report: MigrateReport = { total: files.length, copied: 0, skipped: 0, failed: [] };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      let outcome: Outcome;
      try {
        const there = await target.head(f.key);
        if (there && there.size === f.size) {
          outcome = 'skipped';
        } else {
          await target.put(f.key, await fs.readFile(path.join(source.dataDir, f.key)), contentTypeOf(f.key));
          outcome = 'copied';
        }
      } catch (err) {
        outcome = 'failed';
        report.failed.push({ key: f.key, error: (err as Error).message || String(err) });
      }
      if (outcome !== 'failed') report[outcome]++;
      opts.onFile?.(++done, files.length, f.key, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  return report;
}
