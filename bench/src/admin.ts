/**
 * npm run bench:admin — the admin lists and dashboard at national scale: 25,000 businesses and
 * 1,000,000 products (src/admin-dataset.ts), in SQLite and in PostgreSQL. Every list page, search,
 * sort and filter is timed through the product's own routes (the Fastify app with the real
 * database, requests by `inject`, the admin's bearer token); p95 ≤ 100 ms and ≤ 64 KB per answer,
 * the dashboard p95 ≤ 200 ms. Prints a table per database, writes JSON to bench/results/, exits
 * non-zero on a miss. Method and latest results: bench/README.md.
 *
 * Flags: --businesses N (25000) --categories N per business (8) --products N per category (5)
 *        --reps N (15) --db sqlite|postgres|both (both) --keep (keep the data set and reuse it next run)
 *        --only a,b (only the cases whose name contains one of these substrings)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/platform/config.js';
import { createDb, type DB } from '../../server/src/platform/db/database.js';
import { migrateToLatest } from '../../server/src/platform/db/migrate.js';
import { createAccount } from '../../server/src/features/accounts/accounts.repository.js';
import { issueToken } from '../../server/src/platform/auth/tokens.repository.js';
import { createPgDatabase } from '../../server/test/pg-database.js';
import { generateAdminPlatform, type AdminSize } from './admin-dataset.js';
import { ROOT } from './proc.js';

const { values: flags } = parseArgs({
  options: {
    businesses: { type: 'string', default: '25000' },
    categories: { type: 'string', default: '8' },
    products: { type: 'string', default: '5' },
    reps: { type: 'string', default: '15' },
    db: { type: 'string', default: 'both' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});
const SIZE: AdminSize = { businesses: Number(flags.businesses), categoriesPerBusiness: Number(flags.categories), productsPerCategory: Number(flags.products), days: 35, messages: 2000, audit: 5000 };
const REPS = Number(flags.reps);
const ONLY = flags.only ? flags.only.split(',') : [];
const LIST_MS = 100;
const DASHBOARD_MS = 200;
const MAX_BYTES = 64 * 1024;
const PG_BASE = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'qrmenu_admin_bench';
const SQLITE_DIR = path.join(os.tmpdir(), 'qrmenu-admin-bench');

interface Case {
  name: string;
  url: string;
  limitMs: number;
  /** false: measured and shown, not part of the pass/fail. */
  gated: boolean;
  /** Keyset case: the page after this page number, by the `next` cursor its answer carries (read once before timing). */
  afterPageOf?: string;
}
interface Timing extends Case {
  p50: number;
  p95: number;
  max: number;
  bytes: number;
  rows: number;
  total: number;
  ok: boolean;
}

const LISTS = [
  { list: 'users', url: '/api/view-user', key: 'users', sort: ['id', 'name', 'companyname', 'email', 'address', 'city', 'tel', 'deskcount', 'count', 'qr_status', 'status', 'userlevel', 'created_at'], filters: ['status=0', 'status=1', 'userlevel=0', 'userlevel=2', 'qr_status=0', 'branch=ege%20%C5%9Fubesi', 'branch=isletme-4244-sube'], searches: ['lezzet', 'çınar kafe', 'IŞIK BÜFE', 'öztürk', 'sahip12345', 'isletme-777', 'zz-yok', 'ŞUBESİ 2', 'isletme-4244-sube-1'] },
  { list: 'categories', url: '/api/admin/categories', key: 'categories', sort: ['id', 'name', 'companyname', 'count', 'status', 'created_at'], filters: ['status=0', 'status=1', 'business=%C3%A7%C4%B1nar%20kafe', 'business=isletme-4242'], searches: ['çorba', 'İÇECEK', 'sıcak içecekler', 'ta', 'zz-yok'] },
  { list: 'products', url: '/api/admin/products', key: 'products', sort: ['id', 'name', 'category', 'companyname', 'selling_price', 'status', 'created_at'], filters: ['status=0', 'status=1', 'business=%C3%A7%C4%B1nar%20kafe', 'business=isletme-4242', 'status=0&business=g%C3%BCne%C5%9F'], searches: ['köfte', 'ŞAKŞUKA', 'iskender özel', 'hünkar beğendi 42', 'ilik sut', 'ay', 'zz-yok'] },
  { list: 'messages', url: '/api/admin/messages', key: 'messages', sort: ['id', 'name', 'mail', 'created_at'], filters: ['unread=1', 'unread=0'], searches: ['ziyaretci12', 'şahin'] },
  { list: 'audit', url: '/api/admin/audit', key: 'entries', sort: ['id', 'at', 'admin_email', 'action'], filters: ['action=update-user'], searches: ['yonetici1'] },
] as const;

function cases(totals: Record<string, number>): Case[] {
  const out: Case[] = [];
  const add = (name: string, url: string, gated = true, limitMs = LIST_MS, afterPageOf?: string) => out.push({ name, url, limitMs, gated, afterPageOf });
  for (const l of LISTS) {
    const pages = Math.max(1, Math.ceil((totals[l.list] ?? 0) / (l.list === 'audit' ? 50 : 20)));
    add(`${l.list} first page (no parameters)`, l.url);
    for (const p of [2, 10, 100]) if (p <= pages) add(`${l.list} page ${p}`, `${l.url}?page=${p}`);
    if (pages > 2) add(`${l.list} second-to-last page (${pages - 1})`, `${l.url}?page=${pages - 1}`);
    add(`${l.list} last page (${pages})`, `${l.url}?page=${pages}`);
    // deep pages ("go to page"): a keyset seek from the key of the row before the page
    if (pages > 200) {
      const mid = Math.floor(pages / 2);
      add(`${l.list} middle page (${mid})`, `${l.url}?page=${mid}`);
      for (const at of [Math.floor(pages / 4), Math.floor((pages * 3) / 4)]) add(`${l.list} page ${at}`, `${l.url}?page=${at}`);
      for (const s of l.sort.slice(1, 3)) add(`${l.list} sort ${s} asc, middle page`, `${l.url}?sort=${s}&dir=asc&page=${mid}`);
      add(`${l.list} next page by cursor from the middle`, `${l.url}?page=${mid + 1}`, true, LIST_MS, `${l.url}?page=${mid}`);
    }
    add(`${l.list} per_page=100`, `${l.url}?per_page=100`);
    for (const s of l.sort) for (const dir of ['asc', 'desc']) add(`${l.list} sort ${s} ${dir}`, `${l.url}?sort=${s}&dir=${dir}`);
    for (const s of l.sort.slice(1, 3)) add(`${l.list} sort ${s} asc, last page`, `${l.url}?sort=${s}&dir=asc&page=${pages}`);
    for (const f of l.filters) add(`${l.list} ${decodeURIComponent(f)}`, `${l.url}?${f}`);
    for (const q of l.searches) add(`${l.list} q=${q}`, `${l.url}?q=${encodeURIComponent(q)}`);
    add(`${l.list} q=${l.searches[0]} sorted by ${l.sort[1]} desc, page 2`, `${l.url}?q=${encodeURIComponent(l.searches[0])}&sort=${l.sort[1]}&dir=desc&page=2`);
  }
  add('dashboard', '/api/admin/dashboard', true, DASHBOARD_MS);
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(label: string, databaseUrl: string | undefined, dataDir: string, fresh: boolean): Promise<{ label: string; generation: number | null; timings: Timing[]; counts: Record<string, number> }> {
  const db: DB = createDb({ dataDir, databaseUrl });
  await migrateToLatest(db);
  let generation: number | null = null;
  if (fresh) {
    console.log(`${label}: generating ${SIZE.businesses.toLocaleString('en')} businesses, ${(SIZE.businesses * SIZE.categoriesPerBusiness * SIZE.productsPerCategory).toLocaleString('en')} products …`);
    const t0 = Date.now();
    await generateAdminPlatform(db, SIZE, console.log);
    generation = (Date.now() - t0) / 1000;
    console.log(`${label}: generated in ${generation.toFixed(0)} s`);
  }
  const counts: Record<string, number> = {};
  for (const t of ['settings', 'categories', 'products', 'messages', 'audit_log'] as const) counts[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const email = `bench-admin-${Date.now()}@qrmenu.test`;
  const adminId = (await createAccount(db, { name: 'Bench Yönetici', email, passwordHash: 'x', role: 'admin' }, new Date().toISOString()))!;
  const token = await issueToken(db, adminId, 1, new Date());
  const config = loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent', seedDemo: false, publicUrl: 'http://bench.test' });
  const app = await buildApp({ config, db });
  await app.ready();
  const totals = { users: counts.settings, categories: counts.categories, products: counts.products, messages: counts.messages, audit: counts.audit_log };
  const timings: Timing[] = [];
  for (const c of cases(totals).filter((c) => !ONLY.length || ONLY.some((o) => c.name.includes(o)))) {
    if (c.afterPageOf) {
      const from = (await app.inject({ url: c.afterPageOf, headers: { authorization: `Bearer ${token}` } })).json();
      c.url = `${c.url}&after=${from.next}`;
    }
    const times: number[] = [];
    let bytes = 0;
    let body: any;
    for (let i = 0; i <= REPS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url: c.url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (i > 0) times.push(ms); // the first is a warm-up
      bytes = Math.max(bytes, res.rawPayload.length);
      body = res.json();
      if (res.statusCode !== 200 || body.status !== 200) throw new Error(`${c.url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const key = LISTS.find((l) => c.url.startsWith(l.url + '?') || c.url === l.url)?.key;
    const t: Timing = { ...c, p50: pct(times, 50), p95: pct(times, 95), max: times[times.length - 1], bytes, rows: key ? body[key].length : 0, total: Number(body.total ?? 0), ok: false };
    t.ok = t.p95 <= c.limitMs && bytes <= MAX_BYTES;
    timings.push(t);
    console.log(`${label.padEnd(10)} ${c.name.padEnd(52)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(1).padStart(5)} KB  ${String(t.rows).padStart(3)}/${String(t.total).padStart(7)}  ${t.ok ? 'ok' : c.gated ? 'MISS' : 'miss (not gated)'}`);
  }
  await app.close();
  await db.deleteFrom('access_tokens').where('user_id', '=', adminId).execute();
  await db.deleteFrom('users').where('id', '=', adminId).execute();
  await db.destroy();
  return { label, generation, timings, counts };
}

async function main() {
  const started = new Date();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at start`;
  console.log(`QR Menü admin bench — ${started.toISOString()} — ${machine}`);
  const runs = [];
  if (flags.db !== 'postgres') {
    const reuse = flags.keep && fs.existsSync(path.join(SQLITE_DIR, 'qrmenu.sqlite'));
    if (!reuse) fs.rmSync(SQLITE_DIR, { recursive: true, force: true });
    runs.push(await measure('sqlite', undefined, SQLITE_DIR, !reuse));
    if (!flags.keep) fs.rmSync(SQLITE_DIR, { recursive: true, force: true });
  }
  if (flags.db !== 'sqlite') {
    const url = new URL(PG_BASE);
    url.pathname = `/${PG_DB}`;
    let reuse = false;
    if (flags.keep) {
      const probe = createDb({ dataDir: SQLITE_DIR, databaseUrl: url.toString() });
      reuse = await probe
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
        .then((r) => Number(r?.n) > 0, () => false);
      await probe.destroy();
    }
    const database = reuse ? { url: url.toString(), drop: async () => {} } : await createPgDatabase(PG_BASE, PG_DB);
    runs.push(await measure('postgres', database.url, fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-admin-pg-')), !reuse));
    if (!flags.keep) await database.drop();
  }
  const misses = runs.flatMap((r) => r.timings.filter((t) => t.gated && !t.ok).map((t) => `${r.label}: ${t.name} (p95 ${t.p95.toFixed(1)} ms, ${(t.bytes / 1024).toFixed(1)} KB)`));
  const result = { date: started.toISOString(), machine, size: SIZE, reps: REPS, targets: { listP95Ms: LIST_MS, dashboardP95Ms: DASHBOARD_MS, maxBytes: MAX_BYTES }, runs, misses };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(ROOT, 'bench/results', `admin-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);
  for (const r of runs) {
    const gated = r.timings.filter((t) => t.gated);
    const worst = [...gated].sort((a, b) => b.p95 - a.p95)[0];
    console.log(`${r.label}: ${gated.filter((t) => t.ok).length}/${gated.length} within target; worst p95 ${worst?.p95.toFixed(1)} ms (${worst?.name}); largest answer ${(Math.max(...r.timings.map((t) => t.bytes)) / 1024).toFixed(1)} KB`);
  }
  if (misses.length) {
    console.log(`\nMISSED (${misses.length}):\n  ${misses.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
