import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { readOffThread, type DB } from '../../platform/db/database.js';
import { LocalStore, S3Store, type FileStore, type S3Settings } from '../../platform/storage/index.js';
import { workerPool } from '../../platform/workers/pool.js';
import { exportOwnerData } from './data-export.js';

/** Where the worker finds the photos: the app's own store, described as `createStore` takes it. */
export type StoreAt = { dataDir: string; storage: S3Settings | undefined };

/**
 * The KVKK export off the menus' event loop (`data-export.worker.ts`): on SQLite a worker thread
 * reads the owner's rows on its own connection (WAL: one consistent snapshot), fetches the photos
 * and builds the archive — JSON, CRC, deflate — into a private temporary file (mode 0600); this
 * thread only streams that file out. The file is unlinked as soon as it is opened, so nothing of
 * the owner's stays on disk after the answer, even if the process stops midway. On PostgreSQL,
 * inside a transaction, or with a store that cannot be described to another thread (tests' own),
 * the archive is streamed from here as before (`exportOwnerData`). Undefined when there is no
 * such owner.
 */
const pool = workerPool(import.meta.url, 'data-export', { size: 1 });
/** For tests: the export's worker threads running now. */
export const dataExportThreads = () => pool.threads;

export function storeAt(store: FileStore): StoreAt | undefined {
  if (store instanceof LocalStore) return { dataDir: store.dataDir, storage: undefined };
  if (store instanceof S3Store) return { dataDir: '', storage: store.settings };
  return undefined;
}

export async function exportOwnerDataStream(db: DB, store: FileStore, userId: number, now: Date): Promise<Readable | undefined> {
  const at = storeAt(store);
  return readOffThread(
    db,
    async (dataDir) => {
      if (!at) return exportOwnerData(db, store, userId, now);
      const file = path.join(os.tmpdir(), `qrmenu-export-${randomBytes(12).toString('hex')}.zip`);
      try {
        if (!(await pool.run<boolean>('exportOwnerData', [dataDir, at, userId, now.toISOString(), file]))) return undefined;
        const fd = await fs.promises.open(file, 'r');
        return fd.createReadStream();
      } finally {
        // open (or never made): the name goes now, the bytes when the stream closes
        await fs.promises.rm(file, { force: true });
      }
    },
    () => exportOwnerData(db, store, userId, now),
  );
}
