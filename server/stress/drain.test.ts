import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/platform/db/database.js';
import { createPgDatabase } from '../test/pg-database.js';
import { json, startServer } from './server-process.js';

/**
 * SIGTERM drains (the built server, a real process): the listener closes at once (a new connection
 * is refused), a request in flight — its body still arriving — is answered and its write kept, an
 * idle keep-alive connection does not hold the exit, the views counted just before are in the
 * database, and the process exits 0.
 */
const PG_BASE = process.env.DRAIN_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drain(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-drain-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
  cleanups.push(() => server.stop('SIGKILL'));

  const reg = await json(`${server.url}/api/register`, { body: { name: 'Kapanış Testi', email: `drain${Date.now()}@example.com`, password: 'kapanis-sifre-1' } });
  expect(reg.body.status).toBe(200);
  const token: string = reg.body.token;
  const profile = { name: 'Kapanış Testi', companyname: 'Kapanış Kafe', address: 'Moda', city: 34, tel: '05551112233', deskcount: 4 };
  expect((await json(`${server.url}/api/update-setting`, { token, body: profile })).body.status).toBe(200);
  const slug = (await json(`${server.url}/api/edit-setting`, { token })).body.settings.companyengname as string;

  // an idle keep-alive connection, as a load balancer keeps
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) => http.get(`${server.url}/api/health`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject));

  // views answered just before the signal (the first through Fastify, the others by the fast path)
  const VIEWS = 6;
  for (let i = 0; i < VIEWS; i++) {
    const res = await fetch(`${server.url}/qr/${slug}`, { headers: { 'accept-language': 'tr' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
  }

  // a request in flight: its headers and half its body sent, the rest after the SIGTERM
  const body = Buffer.from(JSON.stringify({ ...profile, companyname: 'Yavaş İstek Kafe', deskcount: 9 }));
  let inFlight: http.ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = http.request(`${server.url}/api/update-setting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 20));
    inFlight = req;
  });
  await sleep(300);

  const exited = new Promise<number | null>((r) => server.proc.once('exit', (code) => r(code)));
  server.proc.kill('SIGTERM');
  await sleep(500);
  // no new connection…
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  // …but the process waits for the request in flight
  expect(server.proc.exitCode).toBeNull();
  inFlight!.end(body.subarray(20));
  const res = await answer;
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).status).toBe(200);
  const t0 = Date.now();
  expect(await exited).toBe(0);
  // neither the idle keep-alive connection nor the one just answered held it (Node would keep each
  // open for its 5 s keep-alive timeout)
  expect(Date.now() - t0).toBeLessThan(3_000);
  agent.destroy();

  // the write and the views are in the database; no journal is left to replay
  const db = createDb({ dataDir, databaseUrl });
  try {
    const s = await db.selectFrom('settings').innerJoin('users', 'users.id', 'settings.user_id').select(['settings.companyname', 'settings.deskcount', 'settings.count', 'users.id']).where('users.email', 'like', 'drain%').executeTakeFirstOrThrow();
    expect(s.companyname).toBe('Yavaş İstek Kafe');
    expect(Number(s.deskcount)).toBe(9);
    expect(Number(s.count)).toBe(VIEWS);
    const daily = await db.selectFrom('daily_views').select('count').where('user_id', '=', s.id).execute();
    expect(daily.reduce((n, d) => n + Number(d.count), 0)).toBe(VIEWS);
  } finally {
    await db.destroy();
  }
  const journals = path.join(dataDir, 'views');
  expect(fs.existsSync(journals) ? fs.readdirSync(journals).filter((f) => f.endsWith('.log')) : []).toEqual([]);
}

describe('SIGTERM drains and exits 0', () => {
  it('SQLite', async () => {
    await drain(undefined);
  });
  it('PostgreSQL', async () => {
    const pg = await createPgDatabase(PG_BASE, `qrmenu_drain_${process.pid}`);
    cleanups.push(pg.drop);
    await drain(pg.url);
  });
});
