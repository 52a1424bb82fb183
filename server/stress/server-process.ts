import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A port nobody listens on, chosen by the system (a fixed or random range can hit another service:
 * a random pick in 4100–4899 once landed on RabbitMQ's epmd at 4369). The e2e setup uses it too.
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the built server (server/dist/main.js) as a child process and waits for /api/health; on
 * `port` (a restart on the same address) or on a free one.
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  if (!fs.existsSync(MAIN)) throw new Error('server/dist/main.js missing: run `npm run build` first');
  port ??= await freePort();
  const proc = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode != null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    proc,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode != null || proc.signalCode != null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await exited;
    },
  };
}

export async function json(url: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(url, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { http: res.status, body: await res.json().catch(() => undefined) };
}
