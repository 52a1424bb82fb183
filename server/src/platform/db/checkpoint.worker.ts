// Worker thread entry (platform/workers/pool.ts): the SQLite WAL checkpoint (checkpoint.ts) on this thread's own connection.
// At the normal CPU priority: it holds the process's write turn while it runs, so it must not wait behind the event loop.
import { SQLite } from './database.js';
import { serveTasks } from '../workers/serve.js';

serveTasks({
  checkpoint: (file: string) => {
    const db = new SQLite(file);
    try {
      // PASSIVE: never waits for a reader or writer (none of this process writes meanwhile: checkpoint.ts)
      return db.pragma('wal_checkpoint(PASSIVE)');
    } finally {
      db.close();
    }
  },
}, { lowerPriority: false });
