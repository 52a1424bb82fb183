import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-heavy owner work (spreadsheets, PDFs): the event loop
 * that serves the diners' menus never runs it. Each feature declares its worker entry (a
 * `*.worker.ts` file that calls `serveTasks`) and gets a pool with `workerPool`. Threads start on
 * first use, at most `size` of them, and end after `idleMs` without work (they never keep the
 * process alive). A thread that dies fails its task and is replaced on the next one.
 *
 * Where the entry is: under Vitest/tsx the caller's module is TypeScript source, and the worker
 * runs `<name>.worker.ts` next to it through tsx; in the bundle (`server/dist/main.js`, built by
 * server/build.mjs) it runs `dist/workers/<name>.worker.js`, which the build makes for every
 * `*.worker.ts` listed there.
 */
export interface WorkerPool {
  run<T>(task: string, args: unknown[]): Promise<T>;
  close(): Promise<void>;
  /** Threads running now (for tests). */
  readonly threads: number;
}

type Job = { task: string; args: unknown[]; /** The task's answer, as the worker sent it (the caller's `run<T>` names its type). */
  resolve: (v: unknown) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job?: Job; idle?: NodeJS.Timeout };

export const defaultPoolSize = () => Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * How to start the worker entry `name` (e.g. `table-cards`) next to the calling module `callerUrl`
 * (its import.meta.url): from TypeScript source, a small bootstrap registers tsx's loader in the
 * thread and imports `<name>.worker.ts` (loader hooks are not inherited by workers); from the
 * bundle, `dist/workers/<name>.worker.js` directly.
 */
export function workerEntry(callerUrl: string, name: string): { spec: string | URL; eval: boolean } {
  if (/\.tsx?$/.test(new URL(callerUrl).pathname)) {
    const entry = new URL(`./${name}.worker.ts`, callerUrl).href;
    // tsx's ESM API (the package's `import` condition), found from the caller's folder
    const api = pathToFileURL(createRequire(callerUrl).resolve('tsx/esm/api')).href.replace(/\/index\.cjs$/, '/index.mjs');
    const bootstrap = `import(${JSON.stringify(api)}).then((m) => m.register()).then(() => import(${JSON.stringify(entry)}))`;
    return { spec: bootstrap, eval: true };
  }
  return { spec: new URL(`./workers/${name}.worker.js`, callerUrl), eval: false };
}

export function workerPool(callerUrl: string, name: string, opts: { size?: number; idleMs?: number } = {}): WorkerPool {
  const entry = workerEntry(callerUrl, name);
  const size = opts.size ?? defaultPoolSize();
  const idleMs = opts.idleMs ?? 30_000;
  const slots: Slot[] = [];
  const queue: Job[] = [];

  const spawn = (): Slot => {
    const worker = new Worker(entry.spec, { eval: entry.eval });
    const slot: Slot = { worker };
    worker.unref();
    worker.on('message', (msg: { ok: boolean; value?: unknown; error?: string; code?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (job && msg.ok) job.resolve(msg.value);
      else if (job) job.reject(Object.assign(new Error(msg.error ?? 'worker task failed'), { name: msg.error?.split(':')[0], ...(msg.code ? { code: msg.code } : {}) }));
      next(slot);
    });
    const gone = (err: Error) => {
      const i = slots.indexOf(slot);
      if (i !== -1) slots.splice(i, 1);
      if (slot.idle) clearTimeout(slot.idle);
      slot.job?.reject(err);
      slot.job = undefined;
      pump();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`worker exited (${code})`)));
    slots.push(slot);
    return slot;
  };

  const next = (slot: Slot) => {
    const job = queue.shift();
    if (!job) {
      slot.idle = setTimeout(() => void slot.worker.terminate(), idleMs);
      slot.idle.unref();
      return;
    }
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = undefined;
    slot.job = job;
    slot.worker.postMessage({ task: job.task, args: job.args });
  };

  const pump = () => {
    while (queue.length) {
      const free = slots.find((s) => !s.job);
      if (free) next(free);
      else if (slots.length < size) next(spawn());
      else return;
    }
  };

  return {
    run<T>(task: string, args: unknown[]) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ task, args, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      queue.length = 0;
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
    get threads() {
      return slots.length;
    },
  };
}
