import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/pg-database.js';
import { startServer } from './server-process.js';

/**
 * The built server on PostgreSQL whose database goes away under it (dropped, its connections
 * killed): the process stays up, /api/health answers HTTP 503 and /metrics shows the database down.
 */
const PG_BASE = process.env.HEALTH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TOKEN = 'stress-metrics-token-0123456789';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('database down under a running server', () => {
  it('PostgreSQL dropped: health 503, metrics show it, the process lives on', async () => {
    const name = `qrmenu_health_${process.pid}`;
    const db = await createPgDatabase(PG_BASE, name);
    cleanups.push(db.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-health-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: db.url, METRICS_TOKEN: TOKEN });
    cleanups.push(() => server.stop('SIGKILL'));

    const up = await fetch(`${server.url}/api/health`);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 200, database: 'up', storage: 'up', redis: 'off' });

    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }

    const down = await fetch(`${server.url}/api/health`);
    expect(down.status).toBe(503);
    const body = await down.json();
    expect(body).toMatchObject({ status: 503, database: 'down', storage: 'up' });
    expect(JSON.stringify(body)).not.toMatch(/does not exist|terminat|57P01|3D000/i);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(metrics).toContain('qrmenu_service_up{service="database"} 0');
    expect(metrics).toMatch(/qrmenu_db_connection_errors_total [1-9]/);
    expect(server.proc.exitCode).toBeNull();
  });
});
