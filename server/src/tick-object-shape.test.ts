import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * keepTickObjectShape (tick-object-shape.ts): after full garbage collections, V8's feedback for the
 * keys of process.nextTick's queue entry must stay monomorphic (the fast path), not turn
 * megamorphic (a runtime call on every nextTick). Checked in a child process, once without and once
 * with the workaround, by V8's own print of that feedback (%DebugPrint of process.nextTick).
 * nextTick is kept unoptimised there (%NeverOptimizeFunction), the state it is in after any
 * deoptimisation, so that the outcome does not depend on when the optimiser runs.
 */
const MODULE = fileURLToPath(new URL('./tick-object-shape.ts', import.meta.url));

function literalFeedbackAfterGc(keep: boolean): string[] {
  const script = `
    new Function('f', '%NeverOptimizeFunction(f)')(process.nextTick);
    const { keepTickObjectShape } = await import(${JSON.stringify(MODULE)});
    if (${keep}) {
      const entry = keepTickObjectShape();
      console.log('ENTRY ' + JSON.stringify({ keys: Object.keys(entry ?? {}), symbols: Object.getOwnPropertySymbols(entry ?? {}).map(String) }));
    }
    const spin = async () => {
      for (let r = 0; r < 20; r++) {
        for (let i = 0; i < 100; i++) process.nextTick(() => {});
        await new Promise((done) => setImmediate(done));
      }
    };
    await spin();
    for (let k = 0; k < 4; k++) { globalThis.gc(); await spin(); }
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // V8 prints through C stdio, which can drop output on a non-blocking pipe: a file takes all of it
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-tick-'));
  let stdout: string;
  try {
    const out = path.join(dir, 'out.txt');
    const fd = fs.openSync(out, 'w');
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      stdio: ['ignore', fd, 'pipe'],
    });
    fs.closeSync(fd);
    expect(r.status, r.stderr).toBe(0);
    stdout = fs.readFileSync(out, 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (keep) {
    const entry = JSON.parse(/^ENTRY (.*)$/m.exec(stdout)![1]!);
    expect(entry).toEqual({ keys: ['callback', 'args'], symbols: ['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)'] });
  }
  return [...stdout.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe('process.nextTick queue entry shape', () => {
  it('without the workaround, full GCs turn the feedback for its keys megamorphic (the slowdown worked around)', () => {
    const states = literalFeedbackAfterGc(false);
    expect(states).toHaveLength(4);
    expect(states.filter((s) => s === 'MEGAMORPHIC').length).toBeGreaterThan(0);
  });

  it('with keepTickObjectShape, the feedback stays monomorphic across full GCs', () => {
    expect(literalFeedbackAfterGc(true)).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });
});
