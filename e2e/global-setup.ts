import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/stress/server-process.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-yonetici-sifre' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The server's DATA_DIR: without SMTP_URL its mails are in DATA_DIR/outbox. */
    dataDir: string;
  }
}

/** Starts the built product (server/dist + web/dist) on a free port with a fresh SQLite data dir. */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('Build missing: run `npm run build` before the e2e tests (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-e2e-'));
  // chosen by the system: a random pick in a fixed range can hit another service (3306 is MariaDB's)
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // every e2e account is registered from 127.0.0.1: the limits themselves are tested in the API suite
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_CONTACT: '1000',
      // the journeys' diners all sit behind 127.0.0.1 too (surveys and waiter calls of several files)
      RATE_LIMIT_FEEDBACK: '1000',
      RATE_LIMIT_CALLS: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode != null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('adminEmail', ADMIN.email);
  project.provide('adminPassword', ADMIN.password);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
