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

/** Pins this process (all its threads) to one core, when taskset works here: the load side of a bench stays off the server's core. */
export function pinSelf(core: string): boolean {
  if (!hasTaskset) return false;
  execFileSync('taskset', ['-a', '-p', '-c', core, String(process.pid)], { stdio: 'ignore' });
  return true;
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
  /** latency in ms (p50, p99, mean) of the 2xx answers, to the microsecond (see load.mjs) */
  mean: number;
  errors: number;
  ok: number;
  total: number;
  /** the server's own CPU time per answered request, in µs (bench.ts fills it in) */
  cpuUs?: number;
  /** the server's write-type system calls per answered request (see writeCalls) */
  writes?: number;
  /** busy share of the server core and of the load core during the load */
  serverCore?: number;
  loadCore?: number;
}

export interface LoadOptions {
  connections: number;
  /** seconds (ignored with `amount`) */
  duration?: number;
  /** exactly this many requests, every answer awaited */
  amount?: number;
  pipelining?: number;
  /** epoch ms at which the load begins */
  startAt?: number;
  /** request headers sent with every request */
  headers?: Record<string, string>;
}

/** Runs autocannon in a separate process pinned to the load core. */
export async function load(url: string, paths: string[], opts: LoadOptions): Promise<LoadResult> {
  const proc = pinned(LOAD_CORE, process.execPath, [fileURLToPath(new URL('./load.mjs', import.meta.url)), JSON.stringify({ url, paths, ...opts })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => proc.once('exit', r));
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Starts the built product server (`script`: another build of it) pinned to the server core. */
export async function startProduct(env: Record<string, string>, port: number, script = ROOT + 'server/dist/main.js') {
  // BENCH_NODE_ARGS: extra flags for the product's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (bench/README.md)
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = pinned(SERVER_CORE, process.execPath, [...extra, script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO: 'false', ...env },
    // the product's own log (errors only) goes to the bench's output: a failed request says why
    stdio: ['ignore', 'inherit', 'inherit'],
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

/** Sums a figure over a process and all its descendants (nginx's workers), read from /proc. */
function overTree(pid: number | undefined, read: (p: number) => number): number {
  if (!pid) return NaN;
  let total = 0;
  const visit = (p: number) => {
    try {
      total += read(p);
      for (const tid of fs.readdirSync(`/proc/${p}/task`)) {
        const kids = fs.readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim();
        for (const k of kids ? kids.split(' ') : []) visit(Number(k));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return total;
}

/**
 * CPU time (user + system, in seconds) used so far by a process and all its descendants (nginx's
 * workers), from /proc. Read before and after a load, it gives the server's own cost per request —
 * the measure that still tells servers apart when the load generator, not the server, is the limit.
 */
export const cpuSeconds = (pid: number | undefined) =>
  overTree(pid, (p) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  });

/**
 * Write-type system calls made so far (`syscw` of /proc/PID/io: write, writev, pwrite, send…). Per
 * request it shows what a server does besides sending the answer (the product's view journal made
 * one write(2) per counted view).
 */
export const writeCalls = (pid: number | undefined) => overTree(pid, (p) => Number(/syscw: (\d+)/.exec(fs.readFileSync(`/proc/${p}/io`, 'utf8'))![1]));

/** Busy share (0…1) of each CPU core between two readings of /proc/stat. */
export function coreTimes(): Array<{ idle: number; total: number }> {
  return fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l))
    .map((l) => {
      const f = l.trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3] + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
    });
}
export const busyShare = (a: ReturnType<typeof coreTimes>, b: ReturnType<typeof coreTimes>) =>
  b.map((c, i) => 1 - (c.idle - a[i].idle) / Math.max(1, c.total - a[i].total));
