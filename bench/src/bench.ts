/**
 * npm run bench — the diner's menu under load, beside the physical limit.
 *
 * In one run: generates a large data set (default 2,000 businesses × 60 products with photos),
 * starts the built product pinned to core 0, loads the public endpoints with autocannon pinned to
 * core 1, then serves the SAME response bytes from two references on core 0 — a bare node:http
 * server and nginx (static files) — and loads them the same way. Also measured: view counting on
 * vs off (and that counted views equal the 2xx answers), PostgreSQL vs SQLite, the large data set
 * vs 10 businesses, and that an owner's edit shows on the very next request.
 *
 * Flags: --businesses N --products N --categories N --duration S --connections N
 *        --no-nginx --no-postgres --quick (small and short, for a smoke run)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { generateDataset, type Dataset } from './dataset.js';
import { ensureNginx, load, pinned, ROOT, SERVER_CORE, startProduct, stop, waitFor, type LoadResult } from './proc.js';

const { values: flags } = parseArgs({
  options: {
    businesses: { type: 'string', default: '2000' },
    products: { type: 'string', default: '60' },
    categories: { type: 'string', default: '6' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '32' },
    'no-nginx': { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
const quick = flags.quick;
const SIZE = {
  businesses: quick ? 60 : Number(flags.businesses),
  productsPerBusiness: Number(flags.products),
  categoriesPerBusiness: Number(flags.categories),
};
const DURATION = quick ? 3 : Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const PG_BASE = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3900;
const REF_PORT = 3901;
const NGINX_PORT = 3902;
const BASE = `http://127.0.0.1:${PORT}`;

type Kind = 'getCategory' | 'getProduct' | 'menu-categories' | 'menu-products';
const KINDS: Kind[] = ['getCategory', 'getProduct', 'menu-categories', 'menu-products'];
const pathsFor = (kind: Kind, ds: Dataset) =>
  ds.sample.map((s) =>
    kind === 'getCategory' ? `/api/getCategory/${s.slug}` : kind === 'getProduct' ? `/api/getProduct/${s.categoryId}` : kind === 'menu-categories' ? `/qr/${s.slug}/category` : `/qr/${s.slug}/category/${s.categoryId}`,
  );

const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), `qrmenu-bench-${p}-`));
const log = (s: string) => console.log(`· ${s}`);

async function loadAll(ds: Dataset, base = BASE): Promise<Record<Kind, LoadResult>> {
  const out = {} as Record<Kind, LoadResult>;
  for (const kind of KINDS) {
    // warm-up, then the measured run
    await load(base, pathsFor(kind, ds), 1, CONNECTIONS);
    out[kind] = await load(base, pathsFor(kind, ds), DURATION, CONNECTIONS);
    log(`${base} ${kind}: ${Math.round(out[kind].rps)} req/s, p50 ${out[kind].p50} ms, p99 ${out[kind].p99} ms, errors ${out[kind].errors}`);
  }
  return out;
}

async function viewTotals(dataDir: string, databaseUrl?: string) {
  const q = `select (select coalesce(sum(count),0) from settings) as b, (select coalesce(sum(count),0) from categories) as c, (select coalesce(sum(count),0) from daily_views) as d`;
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const r = (await c.query(q)).rows[0];
    await c.end();
    return { business: Number(r.b), category: Number(r.c), daily: Number(r.d) };
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(path.join(dataDir, 'qrmenu.sqlite'), { readonly: true });
  const r = db.prepare(q).get() as { b: number; c: number; d: number };
  db.close();
  return { business: Number(r.b), category: Number(r.c), daily: Number(r.d) };
}

async function freshPgDb(name: string) {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Captures what the product answers for each path, for the references to serve byte for byte. */
async function capture(ds: Dataset) {
  const entries: Array<{ path: string; body: string; type: string }> = [];
  for (const kind of KINDS) {
    for (const p of pathsFor(kind, ds)) {
      const res = await fetch(BASE + p, { headers: { 'accept-encoding': 'identity' } });
      entries.push({ path: p, body: Buffer.from(await res.arrayBuffer()).toString('base64'), type: res.headers.get('content-type') ?? 'text/plain' });
    }
  }
  return entries;
}

async function startNginx(bin: string, entries: Array<{ path: string; body: string; type: string }>) {
  const dir = tmp('nginx');
  const root = path.join(dir, 'root');
  for (const e of entries) {
    const file = path.join(root, e.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // /qr/x/category is both a file and a directory prefix: store pages as <path>/index.html
    const target = e.path.startsWith('/qr/') ? path.join(file, 'index.html') : file;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(e.body, 'base64'));
  }
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${root};
    location /api/ { default_type application/json; }
    location /qr/ { default_type text/html; index index.html; try_files $uri/index.html =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // nginx workers run as an unprivileged user when started as root: the files must be readable
  execSync(`chmod -R a+rX ${JSON.stringify(dir)}`);
  const proc = pinned(SERVER_CORE, bin, ['-c', conf, '-p', dir]);
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/api/`, proc);
  return proc;
}

async function freshness(ds: Dataset): Promise<boolean> {
  const s = ds.sample[0];
  const email = `sahip${s.slug.split('-')[1]}@bench.test`;
  const login = await (await fetch(`${BASE}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-sifre-123' }) })).json();
  const before = await (await fetch(`${BASE}/qr/${s.slug}/category`)).text();
  const name = `Taze Güncelleme ${Date.now()}`;
  const upd = await (
    await fetch(`${BASE}/api/update-setting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ name: 'Bench Sahibi', companyname: name, address: 'Moda', city: 34, tel: '02165550000', deskcount: 10 }),
    })
  ).json();
  const after = await (await fetch(`${BASE}/qr/${s.slug}/category`)).text();
  return upd.status === 200 && !before.includes(name) && after.includes(name);
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : '—');

async function main() {
  execSync('node scripts/ensure-built.mjs', { cwd: ROOT, stdio: 'inherit' });
  const started = new Date();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`QR Menü bench — ${started.toISOString()} — ${machine}`);
  console.log(`data set: ${SIZE.businesses} businesses × ${SIZE.productsPerBusiness} products, ${DURATION} s per run, ${CONNECTIONS} connections`);

  // 1. SQLite, large data set, view counting on
  const dataDir = tmp('sqlite');
  log('generating the SQLite data set…');
  const ds = await generateDataset({ dataDir, size: SIZE, publicUrl: BASE, sampleSize: 100 });
  let server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE }, PORT);
  const product = await loadAll(ds);
  await stop(server);

  // 1b. counted views equal the 2xx answers: a fixed number of requests, every answer awaited,
  // then a graceful stop (pending views are written) and the counters are read from the database
  server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE }, PORT);
  const viewsBefore = await viewTotals(dataDir);
  const amount = quick ? 2_000 : 20_000;
  const served = {} as Record<Kind, number>;
  for (const kind of KINDS) served[kind] = (await load(BASE, pathsFor(kind, ds), 0, CONNECTIONS, amount)).ok;
  await stop(server);
  const viewsAfter = await viewTotals(dataDir);
  const counted = { business: viewsAfter.business - viewsBefore.business, category: viewsAfter.category - viewsBefore.category, daily: viewsAfter.daily - viewsBefore.daily };

  // 2. the same with view counting off
  server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE, VIEW_COUNTING: 'false' }, PORT);
  const noCount = await loadAll(ds);
  const entries = await capture(ds);
  const fresh = await freshness(ds);
  await stop(server);

  // 3. references serving the same bytes
  const refFile = path.join(tmp('ref'), 'responses.json');
  fs.writeFileSync(refFile, JSON.stringify(entries));
  const ref = pinned(SERVER_CORE, process.execPath, [path.join(ROOT, 'bench/src/ref-server.mjs'), refFile, String(REF_PORT)]);
  await waitFor(`http://127.0.0.1:${REF_PORT}/`, ref);
  const nodeRef = await loadAll(ds, `http://127.0.0.1:${REF_PORT}`);
  await stop(ref);
  let nginxRef: Record<Kind, LoadResult> | undefined;
  const nginxBin = flags['no-nginx'] ? undefined : ensureNginx();
  if (nginxBin) {
    const nginx = await startNginx(nginxBin, entries);
    nginxRef = await loadAll(ds, `http://127.0.0.1:${NGINX_PORT}`);
    await stop(nginx);
  }

  // 4. PostgreSQL, same data set
  let pgRes: Record<Kind, LoadResult> | undefined;
  if (!flags['no-postgres']) {
    try {
      const url = await freshPgDb('qrmenu_bench');
      log('generating the PostgreSQL data set…');
      const pds = await generateDataset({ dataDir: tmp('pg'), databaseUrl: url, size: SIZE, publicUrl: BASE, sampleSize: 100 });
      server = await startProduct({ DATA_DIR: tmp('pgdata'), DATABASE_URL: url, PUBLIC_URL: BASE }, PORT);
      pgRes = await loadAll(pds);
      await stop(server);
    } catch (err) {
      console.warn(`PostgreSQL skipped: ${(err as Error).message}`);
    }
  }

  // 5. small data set (10 businesses)
  const smallDir = tmp('small');
  const sds = await generateDataset({ dataDir: smallDir, size: { ...SIZE, businesses: 10 }, publicUrl: BASE, sampleSize: 10 });
  server = await startProduct({ DATA_DIR: smallDir, DATABASE_URL: '', PUBLIC_URL: BASE }, PORT);
  const small = await loadAll(sds);
  await stop(server);

  // report
  const rows = KINDS.map((k) => ({
    endpoint: k,
    'req/s': Math.round(product[k].rps),
    'p50 ms': product[k].p50,
    'p99 ms': product[k].p99,
    errors: product[k].errors,
    'node:http req/s': Math.round(nodeRef[k].rps),
    'vs node:http': pct(ratio(product[k].rps, nodeRef[k].rps)),
    'nginx req/s': nginxRef ? Math.round(nginxRef[k].rps) : '—',
    'vs nginx': nginxRef ? pct(ratio(product[k].rps, nginxRef[k].rps)) : '—',
    'counting on/off': pct(ratio(product[k].rps, noCount[k].rps)),
    'PG/SQLite': pgRes ? pct(ratio(pgRes[k].rps, product[k].rps)) : '—',
    'mean latency large/small': (product[k].mean / Math.max(small[k].mean, 0.001)).toFixed(2) + '×',
  }));
  console.table(rows);
  // counting rules (README "Public menu"): getCategory and /qr/{company} are business views (and daily
  // views); getProduct and /qr/{company}/category/{id} are category views; the category list page counts nothing
  const ok2xx = { business: served.getCategory, category: served.getProduct + served['menu-products'] };
  const exact = counted.business === ok2xx.business && counted.daily === ok2xx.business && counted.category === ok2xx.category;
  console.log(`views counted: business +${counted.business} / daily +${counted.daily} (2xx answers: ${ok2xx.business}), category +${counted.category} (2xx answers: ${ok2xx.category}) → ${exact ? 'exact' : 'NOT EXACT'}`);
  console.log(`owner's edit visible on the next request: ${fresh ? 'yes' : 'NO'}`);

  const result = { date: started.toISOString(), machine, size: SIZE, duration: DURATION, connections: CONNECTIONS, product, noCount, nodeRef, nginxRef, pg: pgRes, small, counted, ok2xx, exact, fresh, rows };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const out = path.join(ROOT, `bench/results/bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(`written: ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
