/**
 * Whole-menu operations at 500 products (`npm run bench:bulk`): an import of a 500-row XLSX (new
 * products, then the same file changing every price), a +10% bulk price update of 500 products and
 * its undo, on SQLite and on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a temporary database is made and dropped). Each figure is the median of ROUNDS requests through
 * the real app (multipart parsing, validation, one transaction, response), not a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/platform/config.js';
import { createDb } from '../../server/src/platform/db/database.js';
import { migrateToLatest } from '../../server/src/platform/db/migrate.js';

const ROUNDS = 5;
const N = 500;

async function sheet(priceOffset: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Menü');
  ws.addRow(['Kategori', 'Ürün Adı', 'Açıklama', 'Satış Fiyatı', 'İndirimsiz Fiyat', 'Alerjen', 'Durum']);
  for (let i = 0; i < N; i++) ws.addRow([`Kategori ${i % 20}`, `Ürün ${i}`, `Açıklama ${i}, ev yapımı`, 50 + i + priceOffset, null, 'Gluten', 'Aktif']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer) {
  const b = '----bench' + randomBytes(6).toString('hex');
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="menu.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bulk-bench-'));
  const config = loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent', seedDemo: false, publicUrl: 'http://bench.test' });
  const db = createDb(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, rateLimits: { loginPerEmailIp: 1e6, loginPerIp: 1e6, registerPerIp: 1e6, contactPerIp: 1e6 } });
  await app.ready();
  const files = [await sheet(0), await sheet(5)];
  const times: Record<string, number[]> = { 'import 500 new': [], 'import 500 updates': [], 'bulk +10% of 500': [], 'undo of 500': [] };
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const email = `bench${r}-${randomBytes(4).toString('hex')}@example.com`;
      const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Bench', email, password: 'gizli-sifre-1' } });
      const token = reg.json().token as string;
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', user.id).execute();
      const auth = { authorization: `Bearer ${token}` };
      const timed = async (name: string, call: () => Promise<{ json(): { status: number; operation_id?: number } }>) => {
        const t0 = performance.now();
        const res = await call();
        times[name].push(performance.now() - t0);
        if (res.json().status !== 200) throw new Error(`${name}: ${JSON.stringify(res.json())}`);
        return res.json();
      };
      for (const [i, name] of ['import 500 new', 'import 500 updates'].entries()) {
        const m = multipart(files[i]);
        await timed(name, () => app.inject({ method: 'POST', url: '/api/import-menu', payload: m.payload, headers: { ...m.headers, ...auth } }));
      }
      const op = await timed('bulk +10% of 500', () => app.inject({ method: 'POST', url: '/api/bulk-price', payload: { scope: 'all', mode: 'percent', value: 10, round: 0.5 }, headers: auth }));
      await timed('undo of 500', () => app.inject({ method: 'POST', url: '/api/bulk-price/undo', payload: { operation_id: op.operation_id }, headers: auth }));
    }
  } finally {
    await app.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const [name, xs] of Object.entries(times)) {
    console.log(`${label.padEnd(10)} ${name.padEnd(20)} median ${median(xs).toFixed(0).padStart(5)} ms   (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${ROUNDS} runs)`);
  }
}

await run('SQLite');
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `qrmenu_bulk_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
try {
  const url = new URL(base);
  url.pathname = `/${name}`;
  await run('PostgreSQL', url.toString());
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
