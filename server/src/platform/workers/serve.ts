import os from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * The nice value of a worker thread: the owner's heavy work (spreadsheets, PDFs, ZIPs) yields the
 * CPU to the thread that serves the diners' menus whenever both want it, and takes all that is
 * left otherwise. On Linux a thread's nice value is its own (setpriority(2) with `who` 0 names the
 * calling thread, see its NOTES); elsewhere it would be the whole process's, so there it stays.
 */
export const WORKER_NICE = 10;

/** Lowers this worker thread's CPU priority to WORKER_NICE (Linux only); false where it did not. */
export function lowerThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    os.setPriority(0, WORKER_NICE);
    return true;
  } catch {
    return false;
  }
}

/**
 * The worker side of `workerPool`: answers each `{task, args}` with the task's result (and the
 * built-in `threadPriority`, this thread's nice value, for the tests). Buffers and
 * typed arrays in the result are transferred, not copied. An error travels as `Name: message`, with its `code` when it has one.
 */
export function serveTasks(tasks: Record<string, (...args: never[]) => unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  lowerThreadPriority();
  const answer = async ({ task, args }: { task: string; args: unknown[] }) => {
    try {
      // the pool's caller sends the arguments its task takes (the task name and its types travel together)
      const fn = (task === 'threadPriority' ? () => os.getPriority() : tasks[task]) as ((...a: unknown[]) => unknown) | undefined;
      if (!fn) throw new Error(`unknown task ${task}`);
      const value = await fn(...args);
      const transfer = value instanceof Uint8Array ? [copyIfShared(value)] : [];
      port.postMessage({ ok: true, value: transfer.length ? transfer[0] : value }, transfer.length ? [transfer[0].buffer as ArrayBuffer] : []);
    } catch (err) {
      const e = err as Error & { code?: unknown };
      // a database error keeps its code (SQLITE_CONSTRAINT_UNIQUE…): the caller tells them apart by it
      port.postMessage({ ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`, code: typeof e?.code === 'string' ? e.code : undefined });
    }
  };
  port.on('message', (msg: { task: string; args: unknown[] }) => void answer(msg));
}

/** A Buffer may be a slice of a shared pool: transfer only a copy that owns its whole ArrayBuffer. */
function copyIfShared(v: Uint8Array): Uint8Array {
  return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? v : new Uint8Array(v);
}
