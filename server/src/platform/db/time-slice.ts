import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Cooperative time slices for the app's SQLite queries. better-sqlite3 answers synchronously, so
 * the queries of one request (an owner's edit: its token, the product, the category, the write, the
 * answer's read; a KVKK export's pages) resolve as microtasks one after the other, and the event
 * loop serves no diner until the whole chain ends. A slice starts at the first query of a loop
 * turn; once it has run SLICE_MS, the next query waits for `setImmediate` — the loop's check phase,
 * and from there the next turn's — so the menus already waiting (cached answers need no query) go
 * out between two owner queries. A turn that stays under SLICE_MS never waits.
 */
export const SLICE_MS = 2;

let started = -1;
const endSlice = () => {
  started = -1;
};

/** Resolves at once while the current slice lasts; else after the loop has served what waits. */
export function sliceTurn(): Promise<void> | undefined {
  const now = performance.now();
  if (started < 0) {
    started = now;
    // runs before any continuation deferred below (setImmediate keeps its order)
    setImmediate(endSlice);
    return undefined;
  }
  return now - started < SLICE_MS ? undefined : nextTurn();
}
