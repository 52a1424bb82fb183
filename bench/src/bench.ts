/**
 * npm run bench — the diner's menu under load, beside bare node:http and nginx serving the product's
 * own bytes. Method and latest results: bench/README.md. Exits non-zero when counted views differ
 * from the 2xx answers or any request fails.
 *
 * Flags: --businesses N --products N --categories N --duration S --rounds N --connections N
 *        --pipelining N --no-nginx --no-postgres --quick (small and short, for a smoke run)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPgDatabase } from '../../server/test/pg-database.js';
import { generateDataset, type Dataset } from './dataset.js';
import { busyShare, coreTimes, cpuSeconds, writeCalls, ensureNginx, load, LOAD_CORE, pinned, ROOT, SERVER_CORE, startProduct, stop, waitFor, type LoadResult } from './proc.js';

const { values: flags } = parseArgs({
  options: {
    businesses: { type: 'string', default: '2000' },
    products: { type: 'string', default: '60' },
    categories: { type: 'string', default: '6' },
    duration: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '7' },
    connections: { type: 'string', default: '32' },
    pipelining: { type: 'string', default: '1' },
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
const DURATION = quick ? 2 : Number(flags.duration);
const ROUNDS = quick ? 1 : Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
const PIPELINING = Number(flags.pipelining);
const PG_BASE = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The PostgreSQL database the bench creates for its data set (and drops when it ends). */
const PG_DB = 'qrmenu_bench';
/** Every server runs at once on the server core; `product10`/`ref10` are loaded over 10 of the sampled businesses instead of 100. */
const PORTS = {
  product: 3900, ref: 3901, nginx: 3902, noCount: 3903, pg: 3904, small: 3905, twin: 3906, product10: 3900, ref10: 3901,
  // the same servers (and a node:http serving the product's answers to a phone) loaded by a phone behind a load balancer
  productPhone: 3900, refPhone: 3907, noCountPhone: 3903, pgPhone: 3904, twinPhone: 3906,
} as const;
type Target = keyof typeof PORTS;
const urlOf = (name: Target) => `http://127.0.0.1:${PORTS[name]}`;
/** What a phone's browser sends through a TLS load balancer (the product runs with TRUST_PROXY=true). */
const PHONE_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7',
  'accept-encoding': 'gzip, deflate, br',
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-proto': 'https',
};
const headersOf = (name: Target) => (name.endsWith('Phone') ? PHONE_HEADERS : undefined);
/** The order of the loads alone in a round (reversed every other round): they give the absolute figures. */
const ORDER: Target[] = ['ref10', 'pg', 'noCount', 'nginx', 'product', 'twin', 'ref', 'small', 'product10', 'productPhone', 'refPhone'];
/**
 * The compared pairs, each loaded at the same time (`measuredTogether`), so that the machine's drift
 * hits both sides alike. `product`/`twin` (two identical processes) is the control.
 */
const PAIRS = [
  ['product', 'ref'],
  ['product', 'nginx'],
  ['product', 'noCount'],
  ['pg', 'product'],
  ['product', 'small'],
  ['product10', 'small'],
  ['product', 'twin'],
  ['productPhone', 'refPhone'],
  ['productPhone', 'noCountPhone'],
  ['pgPhone', 'productPhone'],
  ['productPhone', 'twinPhone'],
] as const satisfies ReadonlyArray<readonly [Target, Target]>;
type Pair = (typeof PAIRS)[number];
const pairKey = ([a, b]: readonly [Target, Target]) => `${a}|${b}`;
const BASE = urlOf('product');
const PORT = PORTS.product;

type Kind = 'getCategory' | 'getProduct' | 'menu-categories' | 'menu-products';
const KINDS: Kind[] = ['getCategory', 'getProduct', 'menu-categories', 'menu-products'];
const pathsFor = (kind: Kind, ds: Dataset) =>
  ds.sample.map((s) =>
    kind === 'getCategory' ? `/api/getCategory/${s.slug}` : kind === 'getProduct' ? `/api/getProduct/${s.categoryId}` : kind === 'menu-categories' ? `/qr/${s.slug}/category` : `/qr/${s.slug}/category/${s.categoryId}`,
  );

const tmpDirs: string[] = [];
const tmp = (p: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qrmenu-bench-${p}-`));
  tmpDirs.push(dir);
  return dir;
};
/** Removes the run's data sets (≈ 80 MB of temporary folders and the PostgreSQL database). */
async function cleanup() {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (flags['no-postgres']) return;
  const c = new pg.Client({ connectionString: PG_BASE });
  try {
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  } catch {
    // PostgreSQL unreachable: there is no database to drop
  } finally {
    await c.end().catch(() => {});
  }
}
const log = (s: string) => console.log(`· ${s}`);
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const medianResult = (rs: LoadResult[]): LoadResult => ({
  rps: median(rs.map((r) => r.rps)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  mean: median(rs.map((r) => r.mean)),
  errors: rs.reduce((a, r) => a + r.errors, 0),
  ok: rs.reduce((a, r) => a + r.ok, 0),
  total: rs.reduce((a, r) => a + r.total, 0),
  cpuUs: median(rs.map((r) => r.cpuUs ?? NaN)),
  writes: median(rs.map((r) => r.writes ?? NaN)),
  serverCore: median(rs.map((r) => r.serverCore ?? NaN)),
  loadCore: median(rs.map((r) => r.loadCore ?? NaN)),
});

/** A load's result with the server's CPU time per request (`cpu` seconds over the load) and the busy share of both cores. */
const withCost = (res: LoadResult, cpu: number, busy: number[]): LoadResult => ({
  ...res,
  cpuUs: (cpu * 1e6) / Math.max(1, res.total),
  serverCore: busy[Number(SERVER_CORE)],
  loadCore: busy[Number(LOAD_CORE)],
});

/** One load, with the server's CPU time and write calls per request and the busy share of both cores. */
async function measured(name: Target, paths: string[], pid: number | undefined): Promise<LoadResult> {
  const cpu0 = cpuSeconds(pid);
  const writes0 = writeCalls(pid);
  const cores0 = coreTimes();
  const res = await load(urlOf(name), paths, { duration: DURATION, connections: CONNECTIONS, pipelining: PIPELINING, headers: headersOf(name) });
  const busy = busyShare(cores0, coreTimes());
  const writes = (writeCalls(pid) - writes0) / Math.max(1, res.total);
  return { ...withCost(res, cpuSeconds(pid) - cpu0, busy), writes };
}

type Loaded = { name: Target; ds: Dataset; pid: number | undefined };

/** Two loads starting at the same instant, one per server of a pair: both measured over the same seconds of the machine. */
async function measuredTogether(kind: Kind, a: Loaded, b: Loaded): Promise<[LoadResult, LoadResult]> {
  const cpuA = cpuSeconds(a.pid);
  const cpuB = cpuSeconds(b.pid);
  const cores0 = coreTimes();
  const startAt = Date.now() + 400; // both load processes are up by then (≈ 100 ms each here)
  const [ra, rb] = await Promise.all(
    [a, b].map((t) => load(urlOf(t.name), pathsFor(kind, t.ds), { duration: DURATION, connections: CONNECTIONS, pipelining: PIPELINING, startAt, headers: headersOf(t.name) })),
  );
  const busy = busyShare(cores0, coreTimes());
  return [withCost(ra, cpuSeconds(a.pid) - cpuA, busy), withCost(rb, cpuSeconds(b.pid) - cpuB, busy)];
}

/** Each round and endpoint: every target alone (ORDER), then every pair of PAIRS together; medians of the loads alone. */
type Runs = Record<Target, Record<Kind, LoadResult[]>>;
type Together = Record<string, Record<Kind, Array<[LoadResult, LoadResult]>>>;
async function loadInterleaved(targets: Loaded[], all: Loaded[]): Promise<{ medians: Record<Target, Record<Kind, LoadResult>>; runs: Runs; together: Together }> {
  const runs = {} as Runs;
  const together: Together = {};
  const byName = new Map(all.map((t) => [t.name, t]));
  const pairs = PAIRS.filter(([a, b]) => byName.has(a) && byName.has(b));
  for (const t of targets) runs[t.name] = { getCategory: [], getProduct: [], 'menu-categories': [], 'menu-products': [] };
  for (const p of pairs) together[pairKey(p)] = { getCategory: [], getProduct: [], 'menu-categories': [], 'menu-products': [] };
  for (const kind of KINDS) {
    // warm-up of every server with every client (the first brotli answers are made then)
    for (const t of all) await load(urlOf(t.name), pathsFor(kind, t.ds), { duration: 1, connections: CONNECTIONS, headers: headersOf(t.name) });
    for (let r = 0; r < ROUNDS; r++) {
      // the fixed order (ORDER), reversed every other round: the two sides of each compared pair
      // stay within seconds of each other and take turns going first
      const order = r % 2 ? [...targets].reverse() : targets;
      for (const t of order) {
        const res = await measured(t.name, pathsFor(kind, t.ds), t.pid);
        runs[t.name][kind].push(res);
        log(
          `round ${r + 1}/${ROUNDS} ${kind} ${t.name}: ${Math.round(res.rps)} req/s, mean ${res.mean.toFixed(2)} ms, p99 ${res.p99} ms, errors ${res.errors}, ` +
            `server ${res.cpuUs!.toFixed(1)} µs CPU/req, ${res.writes!.toFixed(2)} write calls/req, cores busy: server ${pct(res.serverCore!)} load ${pct(res.loadCore!)}`,
        );
      }
      for (const p of r % 2 ? [...pairs].reverse() : pairs) {
        const [ra, rb] = await measuredTogether(kind, byName.get(p[0])!, byName.get(p[1])!);
        together[pairKey(p)][kind].push([ra, rb]);
        log(
          `round ${r + 1}/${ROUNDS} ${kind} ${p[0]} + ${p[1]} together: ${Math.round(ra.rps)} + ${Math.round(rb.rps)} req/s, ` +
            `mean ${ra.mean.toFixed(2)} / ${rb.mean.toFixed(2)} ms, server ${ra.cpuUs!.toFixed(1)} / ${rb.cpuUs!.toFixed(1)} µs CPU/req, errors ${ra.errors + rb.errors}, ` +
            `cores busy: server ${pct(ra.serverCore!)} load ${pct(ra.loadCore!)}`,
        );
      }
    }
  }
  const out = {} as Record<Target, Record<Kind, LoadResult>>;
  for (const t of targets) {
    out[t.name] = {} as Record<Kind, LoadResult>;
    for (const kind of KINDS) out[t.name][kind] = medianResult(runs[t.name][kind]);
  }
  return { medians: out, runs, together };
}

type Metric = 'rps' | 'mean' | 'capacity' | 'cost';
/** a/b of one pair of results; capacity = requests per CPU-second of the server = 1 / cost (CPU time per request). */
const ratioOf = (x: LoadResult, y: LoadResult, metric: Metric) =>
  metric === 'capacity' ? y.cpuUs! / Math.max(x.cpuUs!, 0.001) : metric === 'cost' ? x.cpuUs! / Math.max(y.cpuUs!, 0.001) : x[metric] / Math.max(y[metric], 0.001);

/** The per-round a/b of one endpoint, from the pair's simultaneous loads (PAIRS); their median is the reported ratio (NaN when none). */
const togetherRounds = (together: Together, pair: Pair, kind: Kind, metric: Metric) =>
  (together[pairKey(pair)]?.[kind] ?? []).map(([x, y]) => ratioOf(x, y, metric));

/** The per-round a[r]/b[r] of one endpoint, from the loads alone (seconds apart in round r). */
const aloneRounds = (runs: Runs, a: Target, b: Target, kind: Kind, metric: Metric) =>
  (runs[a]?.[kind] ?? []).flatMap((x, i) => (runs[b]?.[kind][i] ? [ratioOf(x, runs[b][kind][i], metric)] : []));

/** Resident memory of a process (kB), from /proc. */
function rssKb(pid: number | undefined): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
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

/** Headers that belong to one connection or moment, not to the response. */
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
type Captured = { path: string; body: string; type: string; headers: Record<string, string> };

/** Captures what the product answers for each path (body bytes as sent and headers), for the references to serve byte for byte. */
async function capture(ds: Dataset, headers: Record<string, string> = { 'accept-encoding': 'identity' }, base = BASE): Promise<Captured[]> {
  const entries: Captured[] = [];
  for (const kind of KINDS) {
    for (const p of pathsFor(kind, ds)) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(base + p, { headers }, resolve).on('error', reject));
      const chunks: Buffer[] = [];
      for await (const c of res) chunks.push(c as Buffer);
      const kept = Object.entries(res.headers).filter(([k]) => !HOP.has(k)).map(([k, v]) => [k, String(v)]);
      entries.push({ path: p, body: Buffer.concat(chunks).toString('base64'), type: res.headers['content-type'] ?? 'text/plain', headers: Object.fromEntries(kept) });
    }
  }
  return entries;
}

async function startNginx(bin: string, entries: Captured[]) {
  const dir = tmp('nginx');
  const root = path.join(dir, 'root');
  for (const e of entries) {
    const file = path.join(root, e.path);
    // /qr/x/category is both a file and a directory prefix: store pages as <path>/index.html
    const target = e.path.startsWith('/qr/') ? path.join(file, 'index.html') : file;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(e.body, 'base64'));
  }
  // the product's fixed headers (security headers, cache policy), as nginx add_header lines;
  // nginx makes its own ETag/Last-Modified, so the per-response ETag is left to it
  const fixed = Object.entries(entries[0].headers).filter(([k]) => !['content-type', 'etag', 'content-encoding'].includes(k));
  const addHeaders = fixed.map(([k, v]) => `    add_header ${k} "${v.replace(/"/g, '\\"')}" always;`).join('\n');
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
  server_tokens off;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${PORTS.nginx};
    root ${root};
${addHeaders}
    location /api/ { default_type "application/json; charset=utf-8"; }
    location /qr/ { default_type "text/html; charset=utf-8"; index index.html; try_files $uri/index.html =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // nginx workers run as an unprivileged user when started as root: the files must be readable
  execSync(`chmod -R a+rX ${JSON.stringify(dir)}`);
  const proc = pinned(SERVER_CORE, bin, ['-c', conf, '-p', dir]);
  await waitFor(`${urlOf('nginx')}/api/`, proc);
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

const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : '—');

async function postJson(base: string, pathname: string, body: unknown, token?: string) {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ status: number; token?: string }>;
}

/** Owner edits per second during the "while an owner edits" loads. */
const EDITS_PER_S = 5;

/**
 * The category pages while an owner whose menu is not among them saves its settings EDITS_PER_S
 * times a second, on the product in odd rounds and on its twin in even ones (loaded together): the
 * edited process's share of the other's. Undefined when every business is loaded (--quick).
 */
async function whileEditing(ds: Dataset, product: Loaded, twin: Loaded) {
  const loaded = new Set(ds.sample.map((s) => s.slug));
  const n = Array.from({ length: SIZE.businesses }, (_, i) => i + 1).find((i) => !loaded.has(`isletme-${i}`));
  if (n === undefined) return undefined;
  const login = { email: `sahip${n}@bench.test`, password: 'bench-sifre-123' };
  const tokens = new Map<Loaded, string | undefined>([
    [product, (await postJson(urlOf(product.name), '/api/login', login)).token],
    [twin, (await postJson(urlOf(twin.name), '/api/login', login)).token],
  ]);
  const runs = { without: [] as LoadResult[], with: [] as LoadResult[] };
  let edits = 0;
  let failed = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const [edited, other] = r % 2 ? [twin, product] : [product, twin];
    let editing = true;
    const editor = (async () => {
      while (editing) {
        const t0 = Date.now();
        const res = await postJson(urlOf(edited.name), '/api/update-setting', { name: 'Bench Sahibi', companyname: `Lezzet Durağı ${n} (${edits})`, address: 'Moda', city: 34, tel: '02165550000', deskcount: 10 }, tokens.get(edited));
        if (res.status === 200) edits++;
        else failed++;
        await new Promise((done) => setTimeout(done, Math.max(0, 1000 / EDITS_PER_S - (Date.now() - t0))));
      }
    })();
    const [withEdits, without] = await measuredTogether('menu-products', edited, other);
    editing = false;
    await editor;
    runs.with.push(withEdits);
    runs.without.push(without);
    log(
      `round ${r + 1}/${ROUNDS} menu-products, owner edits on ${edited.name}: ${Math.round(withEdits.rps)} req/s, ${withEdits.cpuUs!.toFixed(1)} µs CPU/req; ` +
        `${other.name} without: ${Math.round(without.rps)} req/s, ${without.cpuUs!.toFixed(1)} µs CPU/req; errors ${withEdits.errors + without.errors}`,
    );
  }
  const ratio = (metric: 'rps' | 'capacity') => median(runs.with.map((w, i) => ratioOf(w, runs.without[i], metric)));
  return { editsPerSecond: EDITS_PER_S, edits, failed, rps: ratio('rps'), capacity: ratio('capacity'), runs };
}

async function main() {
  execSync('node scripts/ensure-built.mjs', { cwd: ROOT, stdio: 'inherit' });
  const started = new Date();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`QR Menü bench — ${started.toISOString()} — ${machine}`);
  console.log(`data set: ${SIZE.businesses} businesses × ${SIZE.productsPerBusiness} products; ${ROUNDS} interleaved round(s) of ${DURATION} s per server and endpoint, ${CONNECTIONS} connections; servers on core ${SERVER_CORE}, load on core 1`);

  // 1. data sets: SQLite large (and a copy for the counting-off run), PostgreSQL large, SQLite small
  const dataDir = tmp('sqlite');
  log('generating the SQLite data set…');
  const ds = await generateDataset({ dataDir, size: SIZE, publicUrl: BASE, sampleSize: 100 });
  const noCountDir = tmp('nocount');
  fs.cpSync(dataDir, noCountDir, { recursive: true });
  const twinDir = tmp('twin');
  fs.cpSync(dataDir, twinDir, { recursive: true });
  let pgUrl: string | undefined;
  let pds: Dataset | undefined;
  if (!flags['no-postgres']) {
    try {
      pgUrl = (await createPgDatabase(PG_BASE, PG_DB)).url;
      log('generating the PostgreSQL data set…');
      pds = await generateDataset({ dataDir: tmp('pg'), databaseUrl: pgUrl, size: SIZE, publicUrl: BASE, sampleSize: 100 });
    } catch (err) {
      console.warn(`PostgreSQL skipped: ${(err as Error).message}`);
      pgUrl = undefined;
    }
  }
  const smallDir = tmp('small');
  const sds = await generateDataset({ dataDir: smallDir, size: { ...SIZE, businesses: 10 }, publicUrl: BASE, sampleSize: 10 });

  // 2. counted views equal the 2xx answers: a fixed number of requests per endpoint, every answer
  // awaited, then a graceful stop (pending views are written) and the counters read from the database
  let server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE, TRUST_PROXY: 'true' }, PORT);
  const viewsBefore = await viewTotals(dataDir);
  const amount = quick ? 2_000 : 20_000;
  const served = {} as Record<Kind, number>;
  let viewLoadErrors = 0;
  for (const kind of KINDS) {
    const res = await load(BASE, pathsFor(kind, ds), { connections: CONNECTIONS, amount });
    served[kind] = res.ok;
    viewLoadErrors += res.errors + (amount - res.ok);
  }
  await stop(server);
  const viewsAfter = await viewTotals(dataDir);
  const counted = { business: viewsAfter.business - viewsBefore.business, category: viewsAfter.category - viewsBefore.category, daily: viewsAfter.daily - viewsBefore.daily };

  // 3. every server at once: the product, its variants and the two references serving its bytes
  server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: BASE, TRUST_PROXY: 'true' }, PORTS.product);
  const entries = await capture(ds);
  const noCount = await startProduct({ DATA_DIR: noCountDir, DATABASE_URL: '', PUBLIC_URL: BASE, TRUST_PROXY: 'true', VIEW_COUNTING: 'false' }, PORTS.noCount);
  const small = await startProduct({ DATA_DIR: smallDir, DATABASE_URL: '', PUBLIC_URL: BASE, TRUST_PROXY: 'true' }, PORTS.small);
  const twin = await startProduct({ DATA_DIR: twinDir, DATABASE_URL: '', PUBLIC_URL: BASE, TRUST_PROXY: 'true' }, PORTS.twin);
  const procs = [server, noCount, small, twin];
  const pgProc = pgUrl ? await startProduct({ DATA_DIR: tmp('pgdata'), DATABASE_URL: pgUrl, PUBLIC_URL: BASE, TRUST_PROXY: 'true' }, PORTS.pg) : undefined;
  if (pgProc) procs.push(pgProc);
  const refFile = path.join(tmp('ref'), 'responses.json');
  fs.writeFileSync(refFile, JSON.stringify(entries));
  const ref = pinned(SERVER_CORE, process.execPath, [path.join(ROOT, 'bench/src/ref-server.mjs'), refFile, String(PORTS.ref)]);
  await waitFor(`${urlOf('ref')}/`, ref);
  procs.push(ref);
  const phoneFile = path.join(tmp('ref-phone'), 'responses.json');
  fs.writeFileSync(phoneFile, JSON.stringify(await capture(ds, PHONE_HEADERS)));
  const refPhone = pinned(SERVER_CORE, process.execPath, [path.join(ROOT, 'bench/src/ref-server.mjs'), phoneFile, String(PORTS.refPhone)]);
  await waitFor(`${urlOf('refPhone')}/`, refPhone);
  procs.push(refPhone);
  // the product process served both captures: every other product process is asked the same
  // questions, so that no side of a compared pair starts with a different heap or cache
  for (const [name, set] of [['twin', ds], ['noCount', ds], ['small', sds], ...(pds && pgProc ? [['pg', pds] as const] : [])] as const) {
    await capture(set, undefined, urlOf(name));
    await capture(set, PHONE_HEADERS, urlOf(name));
  }
  const nginxBin = flags['no-nginx'] ? undefined : ensureNginx();
  const nginx = nginxBin ? await startNginx(nginxBin, entries) : undefined;
  if (nginx) procs.push(nginx);

  // 10 of the 100 sampled businesses, spread over the whole data set (every 10th of the sample)
  const ds10: Dataset = { sample: ds.sample.filter((_, i) => i % 10 === 0) };
  const all: Loaded[] = [
    { name: 'product', ds, pid: server.pid },
    { name: 'twin', ds, pid: twin.pid },
    { name: 'ref', ds, pid: ref.pid },
    ...(nginx ? [{ name: 'nginx' as Target, ds, pid: nginx.pid }] : []),
    { name: 'noCount', ds, pid: noCount.pid },
    ...(pds && pgProc ? [{ name: 'pg' as Target, ds: pds, pid: pgProc.pid }] : []),
    { name: 'small', ds: sds, pid: small.pid },
    { name: 'product10', ds: ds10, pid: server.pid },
    { name: 'ref10', ds: ds10, pid: ref.pid },
    { name: 'productPhone', ds, pid: server.pid },
    { name: 'refPhone', ds, pid: refPhone.pid },
    { name: 'noCountPhone', ds, pid: noCount.pid },
    ...(pds && pgProc ? [{ name: 'pgPhone' as Target, ds: pds, pid: pgProc.pid }] : []),
    { name: 'twinPhone', ds, pid: twin.pid },
  ];
  const targets = ORDER.flatMap((name) => all.filter((t) => t.name === name));
  const { medians: r, runs, together } = await loadInterleaved(targets, all);
  const ratio = (a: Pair[0], b: Pair[1], k: Kind, metric: Metric = 'rps') => median(togetherRounds(together, [a, b] as Pair, k, metric));
  const memory = { productKb: rssKb(server.pid), twinKb: rssKb(twin.pid), refKb: rssKb(ref.pid) };
  const fresh = await freshness(ds);
  const editing = await whileEditing(ds, all.find((t) => t.name === 'product')!, all.find((t) => t.name === 'twin')!);
  for (const p of procs.reverse()) await stop(p);

  // report: absolute figures from the loads alone, ratios from the pairs loaded together
  const rows = KINDS.map((k) => ({
    endpoint: k,
    'req/s': Math.round(r.product[k].rps),
    'mean ms': Number(r.product[k].mean.toFixed(2)),
    'p99 ms': r.product[k].p99,
    errors: r.product[k].errors,
    'node:http req/s': Math.round(r.ref[k].rps),
    'vs node:http': pct(ratio('product', 'ref', k)),
    'nginx req/s': r.nginx ? Math.round(r.nginx[k].rps) : '—',
    'vs nginx': r.nginx ? pct(ratio('product', 'nginx', k)) : '—',
    'counting on/off': pct(ratio('product', 'noCount', k)),
    'PG/SQLite': r.pg ? pct(ratio('pg', 'product', k)) : '—',
    // the target: 100 businesses' menus from the 2,000-business data set vs the 10-business one's
    'latency large/small': ratio('product', 'small', k, 'mean').toFixed(2) + '×',
    // the same, with the same traffic on both sides: 10 businesses' menus (data set size alone)
    'same 10 menus': ratio('product10', 'small', k, 'mean').toFixed(2) + '×',
    // what spreading the load over 100 menus instead of 10 costs the bare reference (loads alone)
    'node:http 100/10': median(aloneRounds(runs, 'ref', 'ref10', k, 'mean')).toFixed(2) + '×',
    // the control: two identical product processes (should read 100%)
    'identical processes': pct(ratio('product', 'twin', k)),
    // a phone behind a TLS load balancer (PHONE_HEADERS): node:http serves the product's answers to it
    'phone req/s': Math.round(r.productPhone[k].rps),
    'phone mean ms': Number(r.productPhone[k].mean.toFixed(2)),
    'phone vs node:http': pct(ratio('productPhone', 'refPhone', k)),
    'phone counting on/off': pct(ratio('productPhone', 'noCountPhone', k)),
    'phone PG/SQLite': r.pg ? pct(ratio('pgPhone', 'productPhone', k)) : '—',
    'phone identical processes': pct(ratio('productPhone', 'twinPhone', k)),
  }));
  console.log('Throughput under the load generator (autocannon, one core; ratios from each pair loaded together, median of the rounds):');
  console.table(rows);
  // when the load core is the limit, only the servers' own CPU time per request tells them apart
  const us = (t: Target, k: Kind) => (r[t] ? r[t][k].cpuUs!.toFixed(1) : '—');
  const cost = KINDS.map((k) => ({
    endpoint: k,
    'product µs/req': us('product', k),
    'node:http µs/req': us('ref', k),
    'nginx µs/req': us('nginx', k),
    'capacity vs node:http': pct(ratio('product', 'ref', k, 'capacity')),
    'capacity vs nginx': r.nginx ? pct(ratio('product', 'nginx', k, 'capacity')) : '—',
    'counting on/off': pct(ratio('product', 'noCount', k, 'capacity')),
    'PG/SQLite': r.pg ? pct(ratio('pg', 'product', k, 'capacity')) : '—',
    // CPU time per request with 2,000 businesses over that with 10 (the latency target's ≤ 1.2×)
    'cost large/small': ratio('product', 'small', k, 'cost').toFixed(2) + '×',
    'same 10 menus': ratio('product10', 'small', k, 'cost').toFixed(2) + '×',
    'identical processes': pct(ratio('product', 'twin', k, 'capacity')),
    'phone µs/req': us('productPhone', k),
    'phone node:http µs/req': us('refPhone', k),
    'phone capacity vs node:http': pct(ratio('productPhone', 'refPhone', k, 'capacity')),
    'phone counting on/off': pct(ratio('productPhone', 'noCountPhone', k, 'capacity')),
    'phone PG/SQLite': r.pg ? pct(ratio('pgPhone', 'productPhone', k, 'capacity')) : '—',
    'phone identical processes': pct(ratio('productPhone', 'twinPhone', k, 'capacity')),
    // write-type system calls per answer: 1 is the answer itself, +1 per counted view (the journal)
    'write calls/req product / node:http': `${r.product[k].writes!.toFixed(2)} / ${r.ref[k].writes!.toFixed(2)}`,
    'load core busy': pct(r.product[k].loadCore!),
    'server core busy': pct(r.product[k].serverCore!),
  }));
  console.log('Server cost (CPU time per request, from /proc, loads alone; ratios are of capacity = 1 / cost, from each pair loaded together):');
  console.table(cost);
  // the method's own check: how far two identical processes read from 1 (median and range of the rounds)
  const spread = (xs: number[]) => `${pct(median(xs))} (${pct(Math.min(...xs))}–${pct(Math.max(...xs))})`;
  const perRound = (k: Kind, metric: Metric, how: 'together' | 'alone' | 'phone') =>
    how === 'together'
      ? togetherRounds(together, ['product', 'twin'], k, metric)
      : how === 'phone'
        ? togetherRounds(together, ['productPhone', 'twinPhone'], k, metric)
        : aloneRounds(runs, 'product', 'twin', k, metric);
  const control = KINDS.map((k) => ({
    endpoint: k,
    'req/s, together': spread(perRound(k, 'rps', 'together')),
    'req/s, alone': spread(perRound(k, 'rps', 'alone')),
    'capacity, together': spread(perRound(k, 'capacity', 'together')),
    'capacity, alone': spread(perRound(k, 'capacity', 'alone')),
    'phone req/s, together': spread(perRound(k, 'rps', 'phone')),
    'phone capacity, together': spread(perRound(k, 'capacity', 'phone')),
  }));
  console.log('Control — the product against an identical second process: median (range) of the per-round ratios, loaded together vs alone:');
  console.table(control);
  // counting rules (README "Public menu"): getCategory and /qr/{company} are business views (and daily
  // views); getProduct and /qr/{company}/category/{id} are category views; the category list page counts nothing
  const ok2xx = { business: served.getCategory, category: served.getProduct + served['menu-products'] };
  const exact = counted.business === ok2xx.business && counted.daily === ok2xx.business && counted.category === ok2xx.category;
  console.log(`views counted: business +${counted.business} / daily +${counted.daily} (2xx answers: ${ok2xx.business}), category +${counted.category} (2xx answers: ${ok2xx.category}) → ${exact ? 'exact' : 'NOT EXACT'}`);
  console.log(`owner's edit visible on the next request: ${fresh ? 'yes' : 'NO'}`);
  if (editing) {
    console.log(
      `category pages while another owner edits ${editing.editsPerSecond}×/s (${editing.edits} edits, ${editing.failed} failed): ` +
        `${pct(editing.rps)} of the req/s without, ${pct(editing.capacity)} of the capacity (the edited process against its identical twin, loaded together)`,
    );
  } else {
    console.log('category pages while another owner edits: not measured (every business of the data set is loaded)');
  }
  console.log(`memory after the load: product ${Math.round(memory.productKb / 1024)} MB RSS, its twin ${Math.round(memory.twinKb / 1024)} MB RSS, bare node:http ${Math.round(memory.refKb / 1024)} MB RSS`);
  // every request of every load must succeed: an error is a failed run, not a slower one
  const loadErrors =
    Object.values(runs).flatMap((byKind) => Object.values(byKind).flat()).reduce((n, x) => n + x.errors, 0) +
    Object.values(together).flatMap((byKind) => Object.values(byKind).flat(2)).reduce((n, x) => n + x.errors, 0) +
    (editing ? editing.failed + [...editing.runs.with, ...editing.runs.without].reduce((n, x) => n + x.errors, 0) : 0);
  const failed = [
    ...(exact ? [] : ['counted views differ from the 2xx answers']),
    ...(viewLoadErrors ? [`${viewLoadErrors} request(s) of the view count failed`] : []),
    ...(loadErrors ? [`${loadErrors} request(s) or edit(s) failed under load`] : []),
    ...(fresh ? [] : ["an owner's edit was not visible on the next request"]),
  ];

  const result = { date: started.toISOString(), machine, size: SIZE, duration: DURATION, rounds: ROUNDS, connections: CONNECTIONS, pipelining: PIPELINING, phoneHeaders: PHONE_HEADERS, results: r, runs, together, counted, ok2xx, exact, fresh, editing, memory, rows, cost, control, failed };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const out = path.join(ROOT, `bench/results/bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(`written: ${path.relative(ROOT, out)}`);
  if (failed.length) {
    console.error(`BENCH FAILED: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

main().then(cleanup, async (err) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
