// Worker thread entry (platform/workers/pool.ts): the SQLite WAL checkpoint (checkpoint.ts) on this thread's own connection.
import { SQLite } from './database.js';
import { serveTasks } from '../workers/serve.js';

serveTasks({
  checkpoint: (file: string) => {
    const db = new SQLite(file);
    try {
      // PASSIVE: copies what no reader still needs, never waits for a reader or writer
      return db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      db.close();
    }
  },
});
