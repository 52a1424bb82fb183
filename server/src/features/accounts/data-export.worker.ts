// Worker thread entry (platform/workers/pool.ts), SQLite only: the KVKK export (data-export-file.ts),
// read on this thread's own connection and written as a ZIP into the temporary file the app's thread names.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { openSqliteConnection } from '../../platform/db/database.js';
import { createStore } from '../../platform/storage/index.js';
import { serveTasks } from '../../platform/workers/serve.js';
import { exportOwnerData } from './data-export.js';
import type { StoreAt } from './data-export-file.js';

serveTasks({
  exportOwnerData: async (dataDir: string, at: StoreAt, userId: number, now: string, file: string) => {
    const db = openSqliteConnection(dataDir);
    const store = createStore(at);
    try {
      const zip = await exportOwnerData(db, store, userId, new Date(now));
      if (!zip) return false;
      await pipeline(zip, fs.createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      return true;
    } catch (err) {
      await fs.promises.rm(file, { force: true });
      throw err;
    } finally {
      store.close();
      await db.destroy();
    }
  },
});
