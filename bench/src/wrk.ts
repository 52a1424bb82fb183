/**
 * wrk at a fixed rate, as bench:stall and bench:edits load a diner's menu: 8 connections, each waiting
 * `delayMs` between requests (wrk's Lua `delay()`), so ≈ 8 × 1000 / delayMs req/s, on the load core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { LOAD_CORE, pinned } from './proc.js';

/** Fails with the install command when Debian's wrk is missing. */
export function requireWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('wrk eksik: apt-get install -y wrk');
  }
}

/** Writes the Lua script that makes each connection wait `delayMs` between requests; returns its path. */
export function delayScript(dir: string, delayMs: number): string {
  const script = path.join(dir, 'delay.lua');
  fs.writeFileSync(script, `function delay() return ${delayMs} end\n`);
  return script;
}

/** wrk's latency distribution (--latency) and rate, in ms and req/s. */
export async function wrk(url: string, script: string, seconds: number) {
  const proc = pinned(LOAD_CORE, 'wrk', ['-t', '2', '-c', '8', '-d', `${seconds}s`, '--latency', '-s', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => proc.once('exit', r));
  const ms = (s: string) => (s.endsWith('us') ? parseFloat(s) / 1000 : s.endsWith('ms') ? parseFloat(s) : s.endsWith('s') ? parseFloat(s) * 1000 : parseFloat(s));
  const pct = (p: string) => ms(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? 'NaN');
  const max = ms(/^\s*Latency\s+\S+\s+\S+\s+(\S+)/m.exec(out)?.[1] ?? 'NaN');
  const rps = parseFloat(/Requests\/sec:\s+(\S+)/.exec(out)?.[1] ?? 'NaN');
  return { p50: pct('50'), p99: pct('99'), max, rps };
}
