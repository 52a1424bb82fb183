import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * The CPU priority of a worker thread: the owner's heavy work (spreadsheets, PDFs, ZIPs, big
 * writes) yields the CPU to the thread that serves the diners' menus whenever both want it, and
 * takes all that is left otherwise. On Linux a thread's nice value and scheduling policy are its
 * own (setpriority(2) with `who` 0 names the calling thread, see its NOTES; sched(7)):
 * - nice WORKER_NICE, the lowest weight of the normal policy;
 * - then SCHED_IDLE, set with util-linux's `chrt` on this thread's id: the scheduler lets a waking
 *   normal thread (the event loop, when a diner's request arrives) preempt an idle-policy one at
 *   once, where nice alone lets the worker finish its slice (a few ms on one core). SCHED_IDLE is
 *   not strict: the worker still gets a small share when the loop is saturated, so owner work
 *   never starves. Without `chrt` the nice value stays.
 * Elsewhere nice would be the whole process's, so there nothing changes.
 */
export const WORKER_NICE = 19;

/** Linux's number for SCHED_IDLE (sched(7)), as /proc shows a thread's policy. */
export const SCHED_IDLE = 5;

/** Lowers this worker thread's CPU priority (Linux only); false where it could not. */
export function lowerThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    os.setPriority(0, WORKER_NICE);
  } catch {
    return false;
  }
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', threadId()], { stdio: 'ignore', timeout: 2000 });
  } catch {
    // no chrt here: the nice value alone
  }
  return true;
}

/** This thread's kernel id (Linux): /proc/thread-self links to /proc/<pid>/task/<tid>. */
const threadId = () => fs.readlinkSync('/proc/thread-self').split('/').pop()!;

/** This thread's nice value and scheduling policy (field 41 of /proc/thread-self/stat), for the tests. */
function threadPriority() {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: os.getPriority(), policy: Number(fields[38]) };
}

/**
 * The worker side of `workerPool`: answers each `{task, args}` with the task's result (and the
 * built-in `threadPriority`, this thread's nice value and policy, for the tests). Buffers and
 * typed arrays in the result are transferred, not copied. The thread runs at a lower CPU priority
 * (`lowerThreadPriority`) unless `lowerPriority: false` (a task that holds the write turn). An error travels as `Name: message`, with its `code` when it has one.
 */
export function serveTasks(tasks: Record<string, (...args: never[]) => unknown>, opts: { lowerPriority?: boolean } = {}): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  if (opts.lowerPriority !== false) lowerThreadPriority();
  const answer = async ({ task, args }: { task: string; args: unknown[] }) => {
    try {
      // the pool's caller sends the arguments its task takes (the task name and its types travel together)
      const fn = (task === 'threadPriority' ? threadPriority : tasks[task]) as ((...a: unknown[]) => unknown) | undefined;
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
