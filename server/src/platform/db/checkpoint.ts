import fs from 'node:fs';
import { workerPool } from '../workers/pool.js';
import type { WriteGate } from './sqlite-driver.js';

/**
 * SQLite copies the WAL back into the database file (a checkpoint: page writes and an fsync of the
 * file) inside whichever connection commits once the WAL passes 1,000 pages — on the app's
 * connections that is the event loop, held for as long as the disk takes. Those connections run
 * with `wal_autocheckpoint = 0`, and this checkpointer does the work in a worker thread on a
 * connection of its own (checkpoint.worker.ts): looking once a second, it checkpoints when the WAL
 * has been written since the last checkpoint and either its file grew by CHECKPOINT_BYTES (SQLite's
 * own 1,000 pages) or CHECKPOINT_AGE_MS have passed.
 *
 * Only `stat` of the WAL here: never a file descriptor of the database or its `-shm` opened and
 * closed beside SQLite's own (WalSync keeps one of the `-wal`, which SQLite does not lock). POSIX
 * drops every lock a process holds on a file when any of its descriptors of that file is closed:
 * reading the `-shm`'s header that way let another process (`npm run backup`) find the wal-index
 * unused and reset it under this one, which died of SIGBUS.
 *
 * A checkpoint holds this process's write turn (the `WriteGate`, as a bulk write does): the app's
 * writes wait for it asynchronously — reads go on — so it copies the whole WAL, and the next commit
 * starts the WAL over from its first frame. Without that, a checkpoint in another thread never
 * catches up with an app that keeps writing (an owner's edits, the views' flushes), and the WAL grows
 * without end (66 MB after 10 s of edits in `bench:stall`), every read searching it.
 *
 * Durability is the commits' (each one's fdatasync of the WAL); a checkpoint only moves pages.
 * Worker threads' own connections (imports, bulk changes) keep SQLite's automatic checkpoints, which
 * run on their thread.
 */
const pool = workerPool(import.meta.url, 'checkpoint', { size: 1 });
/** SQLite's own threshold: 1,000 pages of 4 KB. */
export const CHECKPOINT_BYTES = 1000 * 4096;
/**
 * At most this long between the WAL's writes and their checkpoint. Once the WAL has started over,
 * its file no longer grows (new frames overwrite old ones), so its size alone would not tell.
 */
export const CHECKPOINT_AGE_MS = 2000;

/** What `PRAGMA wal_checkpoint` answers: frames in the WAL, and how many of them are in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class Checkpointer {
  readonly #wal: string;
  readonly #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #seen = 0;
  #size = 0;
  #at = performance.now();
  /** Checkpoints run (for tests). */
  runs = 0;
  /** The last checkpoint's answer (for tests). */
  last: CheckpointResult | undefined;

  constructor(private readonly file: string, everyMs: number, private readonly gate?: WriteGate) {
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
    if (st.size >= this.#size + CHECKPOINT_BYTES || performance.now() - this.#at >= CHECKPOINT_AGE_MS) await this.now(st);
  }

  /** One checkpoint in the worker thread, holding the write turn (shared with one already running); `seen`: the WAL's stat, if just read. */
  now(seen?: fs.Stats): Promise<void> {
    return (this.#running ??= (async () => {
      try {
        const run = async () => {
          const st = seen ?? (await fs.promises.stat(this.#wal).catch(() => undefined));
          [this.#seen, this.#size, this.#at] = [st?.mtimeMs ?? 0, st?.size ?? 0, performance.now()];
          const [result] = await pool.run<CheckpointResult[]>('checkpoint', [this.file]);
          this.last = result;
          this.runs++;
        };
        await (this.gate ? this.gate.asBulk(run) : run());
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
