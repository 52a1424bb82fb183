import { createHook } from 'node:async_hooks';

/**
 * Works around a Node 20 (V8 11.3) slowdown that otherwise hits a long-running server at random.
 *
 * `process.nextTick` builds its queue entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …,
 * callback, args }`. Between two requests no such object is alive, so a full garbage collection can
 * free the shapes (maps) of that literal; the next call builds new ones, V8's feedback for the
 * computed keys sees a second map and turns megamorphic for good, and from then on every
 * `nextTick` (Node's HTTP and stream code calls it 4–5 times per request) goes through the runtime:
 * about 200 ns instead of 26 ns per call, ≈ 5 µs of CPU per menu request. Whether and when it
 * happens depends on when the collections fall, so identical processes differed by up to 12%
 * (bench/README.md).
 *
 * Holding one queue entry for the life of the process keeps its shape, and through the shape's
 * back pointers the whole chain of shapes, alive, so the feedback stays monomorphic. The entry is
 * caught once, at start-up, with an async hook that is disabled again at once (hooks cost on every
 * async operation while enabled). Returns the entry (for the test), or undefined when this Node
 * version makes no such entry — then nothing is held and nothing else changes.
 */
let kept: object | undefined;

export function keepTickObjectShape(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject' && !kept) kept = resource as object;
    },
  });
  hook.enable();
  process.nextTick(noop);
  hook.disable();
  return kept;
}

function noop() {}
