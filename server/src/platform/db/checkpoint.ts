import fs from 'node:fs';
import os from 'node:os';
import { workerPool } from '../workers/pool.js';
import type { WriteGate } from './sqlite-driver.js';

/**
 * SQLite copies the WAL back into the database file (a checkpoint: page writes and an fsync of the
 * file) inside whichever connection commits once the WAL passes 1,000 pages — on the app's
 * connections that is the event loop, held for as long as the disk takes. Those connections run
 * with `wal_autocheckpoint = 0`, and this checkpointer does the work in a worker thread on a
 * connection of its own (checkpoint.worker.ts): looking once a second, when 1,000 frames
 * (CHECKPOINT_FRAMES, SQLite's own threshold) were appended since the last checkpoint, or every
 * MAX_AGE_MS while the WAL is written.
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
/** SQLite's own threshold: 1,000 frames (pages) appended since the last checkpoint. */
export const CHECKPOINT_FRAMES = 1000;
const MAX_AGE_MS = 30_000;

/** What `PRAGMA wal_checkpoint` answers: frames in the WAL, and how many of them are in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class Checkpointer {
  readonly #wal: string;
  readonly #shm: string;
  readonly #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #seen = 0;
  /** The WAL's last frame when the last checkpoint began. */
  #frames = 0;
  #at = performance.now();
  /** Checkpoints run (for tests). */
  runs = 0;
  /** The last checkpoint's answer (for tests). */
  last: CheckpointResult | undefined;

  constructor(private readonly file: string, everyMs: number, private readonly gate?: WriteGate) {
    this.#wal = `${file}-wal`;
    this.#shm = `${file}-shm`;
    if (everyMs > 0 && Number.isFinite(everyMs)) {
      this.#timer = setInterval(() => void this.#tick(), everyMs);
      this.#timer.unref();
    }
  }

  async #tick() {
    if (this.#running) return;
    const st = await fs.promises.stat(this.#wal).catch(() => undefined);
    if (!st || st.mtimeMs === this.#seen) return;
    const frames = await walFrames(this.#shm);
    // the WAL started over since (fewer frames than then): all of them are new
    const appended = frames >= this.#frames ? frames - this.#frames : frames;
    if (appended >= CHECKPOINT_FRAMES || performance.now() - this.#at >= MAX_AGE_MS) await this.now(st);
  }

  /** One checkpoint in the worker thread, holding the write turn (shared with one already running); `seen`: the WAL's stat, if just read. */
  now(seen?: fs.Stats): Promise<void> {
    return (this.#running ??= (async () => {
      try {
        if (this.gate) {
          await this.gate.lock();
          this.gate.startBulk();
        }
        try {
          const st = seen ?? (await fs.promises.stat(this.#wal).catch(() => undefined));
          [this.#seen, this.#frames, this.#at] = [st?.mtimeMs ?? 0, await walFrames(this.#shm), performance.now()];
          const [result] = await pool.run<CheckpointResult[]>('checkpoint', [this.file]);
          this.last = result;
          this.runs++;
        } finally {
          if (this.gate) {
            this.gate.endBulk();
            this.gate.unlock();
          }
        }
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

/**
 * The WAL's last valid frame, read from the wal-index header at the start of the `-shm` file
 * (mxFrame, a 32-bit integer in the machine's byte order at offset 16: sqlite.org/walformat.html,
 * "The WAL-Index Header"). 0 when there is none. A read that races a commit is one tick off, no more.
 */
async function walFrames(shm: string): Promise<number> {
  let fh: fs.promises.FileHandle | undefined;
  try {
    fh = await fs.promises.open(shm, 'r');
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 16);
    if (bytesRead < 4) return 0;
    return os.endianness() === 'LE' ? buf.readUInt32LE(0) : buf.readUInt32BE(0);
  } catch {
    return 0;
  } finally {
    await fh?.close();
  }
}
