import { parentPort } from 'node:worker_threads';

/**
 * The worker side of `workerPool`: answers each `{task, args}` with the task's result. Buffers and
 * typed arrays in the result are transferred, not copied. An error travels as `Name: message`.
 */
export function serveTasks(tasks: Record<string, (...args: never[]) => unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  const answer = async ({ task, args }: { task: string; args: unknown[] }) => {
    try {
      // the pool's caller sends the arguments its task takes (the task name and its types travel together)
      const fn = tasks[task] as ((...a: unknown[]) => unknown) | undefined;
      if (!fn) throw new Error(`unknown task ${task}`);
      const value = await fn(...args);
      const transfer = value instanceof Uint8Array ? [copyIfShared(value)] : [];
      port.postMessage({ ok: true, value: transfer.length ? transfer[0] : value }, transfer.length ? [transfer[0].buffer as ArrayBuffer] : []);
    } catch (err) {
      const e = err as Error;
      port.postMessage({ ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}` });
    }
  };
  port.on('message', (msg: { task: string; args: unknown[] }) => void answer(msg));
}

/** A Buffer may be a slice of a shared pool: transfer only a copy that owns its whole ArrayBuffer. */
function copyIfShared(v: Uint8Array): Uint8Array {
  return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? v : new Uint8Array(v);
}
