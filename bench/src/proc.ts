import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

/** Spawns a command pinned to one CPU core (when taskset works here). */
export function pinned(core: string, cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; stdio?: any } = {}): ChildProcess {
  const [c, a] = hasTaskset ? ['taskset', ['-c', core, cmd, ...args]] : [cmd, args];
  return spawn(c, a, { env: opts.env ?? process.env, stdio: opts.stdio ?? ['ignore', 'ignore', 'inherit'] });
}

export async function waitFor(url: string, proc: ChildProcess, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (proc.exitCode != null) throw new Error(`${url}: process exited with ${proc.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stop(proc: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!proc || proc.exitCode != null || proc.signalCode != null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** mean latency in ms (autocannon's p50/p99 are whole milliseconds) */
  mean: number;
  errors: number;
  ok: number;
  total: number;
}

/** Runs autocannon in a separate process pinned to the load core. */
export async function load(url: string, paths: string[], duration: number, connections: number, amount?: number): Promise<LoadResult> {
  const proc = pinned(LOAD_CORE, process.execPath, [fileURLToPath(new URL('./load.mjs', import.meta.url)), JSON.stringify({ url, paths, duration, connections, amount })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => proc.once('exit', r));
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Starts the built product server pinned to the server core. */
export async function startProduct(env: Record<string, string>, port: number) {
  const proc = pinned(SERVER_CORE, process.execPath, [ROOT + 'server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO: 'false', ...env },
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, proc);
  return proc;
}

export function ensureNginx(): string | undefined {
  const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];
  let bin = candidates.find((p) => fs.existsSync(p));
  if (!bin) {
    try {
      console.log('nginx eksik: Debian paketi kuruluyor (apt-get install -y nginx-light || nginx)…');
      execFileSync('bash', ['-c', 'apt-get update -qq && (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx) >/dev/null; (service nginx stop || nginx -s stop) >/dev/null 2>&1 || true'], { stdio: 'inherit' });
    } catch {
      return undefined;
    }
    bin = candidates.find((p) => fs.existsSync(p));
  }
  return bin;
}
