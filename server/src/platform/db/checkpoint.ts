import fs from 'node:fs';
import { workerPool } from '../workers/pool.js';

/**
 * SQLite copies the WAL back into the database file (a checkpoint: page writes and an fsync of the
 * file) inside whichever connection commits once the WAL passes 1,000 pages — on the app's
 * connections that is the event loop, held for as long as the disk takes. Those connections run
 * with `wal_autocheckpoint = 0`, and this checkpointer does the work in a worker thread on a
 * connection of its own (checkpoint.worker.ts, PASSIVE: it never waits for readers or writers):
 * looking once a second, when the WAL has grown by CHECKPOINT_BYTES since the last checkpoint (as
 * SQLite would), or every MAX_AGE_MS while it is written. Not more often: after a checkpoint the
 * next commit starts the WAL over, and that commit syncs the WAL's new header itself. Durability is the commits' (each one's fdatasync
 * of the WAL); a checkpoint only moves pages. Worker threads' own connections (imports, bulk
 * changes) keep SQLite's automatic checkpoints, which run on their thread.
 */
const pool = workerPool(import.meta.url, 'checkpoint', { size: 1 });
/** SQLite's own threshold: 1,000 pages of 4 KB. */
export const CHECKPOINT_BYTES = 1000 * 4096;
const MAX_AGE_MS = 30_000;

export class Checkpointer {
  readonly #wal: string;
  readonly #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #seen = 0;
  #size = 0;
  #at = performance.now();
  /** Checkpoints run (for tests). */
  runs = 0;

  constructor(private readonly file: string, everyMs: number) {
    this.#wal = `${file}-wal`;
    if (everyMs > 0 && Number.isFinite(everyMs)) {
      this.#timer = setInterval(() => void this.#tick(), everyMs);
      this.#timer.unref();
    }
  }

  async #tick() {
    if (this.#running) return;
    const st = await fs.promises.stat(this.#wal).catch(() => undefined);
    if (!st || st.mtimeMs === this.#seen) return;
    if (st.size >= this.#size + CHECKPOINT_BYTES || performance.now() - this.#at >= MAX_AGE_MS) await this.now(st);
  }

  /** One PASSIVE checkpoint in the worker thread (shared with one already running); `seen`: the WAL's stat, if just read. */
  now(seen?: fs.Stats): Promise<void> {
    return (this.#running ??= (async () => {
      try {
        const st = seen ?? (await fs.promises.stat(this.#wal).catch(() => undefined));
        [this.#seen, this.#size, this.#at] = [st?.mtimeMs ?? 0, st?.size ?? 0, performance.now()];
        await pool.run('checkpoint', [this.file]);
        this.runs++;
      } catch {
        // a failed checkpoint loses nothing (the WAL keeps every page); the next tick tries again
      } finally {
        this.#running = undefined;
      }
    })());
  }

  async close() {
    if (this.#timer) clearInterval(this.#timer);
    await this.#running;
  }
}
