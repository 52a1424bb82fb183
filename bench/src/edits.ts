/**
 * What one product edit costs the server (`npm run bench:edits`; needs `npm run build`). The built
 * server runs as its own process on SQLite, pinned to its core as in bench:stall; the owner (this
 * process, on the other core) imports 500 products, then edits 40 of them one after another, as
 * bench:stall's edits scenario does (the same multipart form, a new price each time), without
 * diners. Reported: the server's CPU per edit (user + system time of all its threads, from
 * /proc/<pid>/stat) and the wall time per edit. EDITS (2000) edits measured after 400 of warm-up;
 * ROUNDS (3) rounds, each on fresh servers. EDITS_BUILDS=a.js,b.js compares builds of the server
 * (files in server/dist/, built from other commits): one server each, the edits alternating between
 * them in blocks of 50, so a shared VM's drift falls on all of them alike. EDITS_DINERS=1 asks instead
 * what the edits do to the diners: each block is BLOCK_SECONDS of back-to-back edits while wrk loads
 * that server's menu as bench:stall does, and the builds' menu latencies are compared block by block
 * (with each build's idle menu first and last). Method: bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { form, seed, sheet } from './owner-seed.js';
import { LOAD_CORE, pinSelf, ROOT, startProduct, stop } from './proc.js';
import { delayScript, requireWrk, wrk } from './wrk.js';

const EDITS = Number(process.env.EDITS || 2000);
const BUILDS = (process.env.EDITS_BUILDS || 'main.js').split(',').map((f) => path.resolve(ROOT, 'server/dist', f.trim()));
const WARM_UP = 400;
const BLOCK = 50;
const DINERS = process.env.EDITS_DINERS === '1';
/** 3 rounds without diners, 1 with them (each of its blocks is a comparison already). */
const ROUNDS = Number(process.env.ROUNDS || (DINERS ? 1 : 3));
/** With diners: blocks per build per round, and each block's length. */
const DINER_BLOCKS = Number(process.env.EDITS_BLOCKS || 8);
const BLOCK_SECONDS = Number(process.env.BLOCK_SECONDS || 4);

/** User + system CPU time of a process (all its threads) in ms (`/proc/<pid>/stat`, USER_HZ 100). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/** One server of `script` with the owner's 500 products; `edit(i)` makes the i-th edit. */
async function owner(script: string) {
  const port = 3900 + Math.floor(Math.random() * 900);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-edits-'));
  const { token, slug } = await seed(dataDir, base);
  const server = await startProduct({ DATA_DIR: dataDir, PUBLIC_URL: base }, port, script);
  const call = async (url: string, body?: FormData) => {
    const res = await fetch(base + url, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}` }, body });
    const json = (await res.json()) as { status: number; [k: string]: unknown };
    if (res.status !== 200 || json.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const close = async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await call('/api/import-menu', form({}, { name: 'file', data: await sheet(0), type: 'application/octet-stream' }));
    const products = ((await call('/api/view-product')).products as Array<{ id: number; name: string; category_id: number }>).slice(0, 40);
    const edit = (i: number) => {
      const p = products[i % products.length];
      return call(`/api/update-product/${p.id}`, form({ category_id: String(p.category_id), name: p.name, selling_price: String(10 + (i % 7)), status: '1' }));
    };
    return { script, edit, menu: `${base}/api/getCategory/${slug}`, dataDir, cpu: () => cpuMs(server.pid!), close, spent: { cpu: 0, wall: 0 } };
  } catch (err) {
    await close();
    throw err;
  }
}

async function round() {
  const owners = [];
  try {
    for (const script of BUILDS) owners.push(await owner(script));
    for (const o of owners) for (let i = 0; i < WARM_UP; i++) await o.edit(i);
    for (let done = 0; done < EDITS; done += BLOCK) {
      for (const o of owners) {
        const cpu0 = o.cpu();
        const t0 = performance.now();
        for (let i = done; i < done + BLOCK; i++) await o.edit(i);
        o.spent.wall += performance.now() - t0;
        o.spent.cpu += o.cpu() - cpu0;
      }
    }
    const edits = Math.ceil(EDITS / BLOCK) * BLOCK;
    return owners.map((o) => ({ build: path.basename(o.script), cpu: o.spent.cpu / edits, wall: o.spent.wall / edits }));
  } finally {
    for (const o of owners) await o.close();
  }
}

type Owner = Awaited<ReturnType<typeof owner>>;
type Latency = Awaited<ReturnType<typeof wrk>>;

/** Edits back to back on `o` while wrk loads its menu for BLOCK_SECONDS: the menu's latency, the edits made. */
async function underDiners(o: Owner, script: string, from: number) {
  let busy = true;
  let i = from;
  const editing = (async () => {
    while (busy) await o.edit(i++);
  })();
  editing.catch(() => undefined);
  const menu = await wrk(o.menu, script, BLOCK_SECONDS);
  busy = false;
  await editing;
  return { menu, edits: i - from };
}

/** One round with diners: per build, the menu idle (first and last) and under edits, block by block. */
async function dinersRound() {
  const owners: Array<Owner & { idle: Latency[]; busy: Latency[]; edits: number }> = [];
  try {
    for (const script of BUILDS) owners.push({ ...(await owner(script)), idle: [], busy: [], edits: 0 });
    const script = delayScript(owners[0].dataDir, 2);
    for (const o of owners) {
      for (let i = 0; i < WARM_UP; i++) await o.edit(i);
      await wrk(o.menu, script, 3);
    }
    for (const o of owners) o.idle.push(await wrk(o.menu, script, BLOCK_SECONDS));
    for (let b = 0; b < DINER_BLOCKS; b++) {
      for (const o of owners) {
        const { menu, edits } = await underDiners(o, script, WARM_UP + o.edits);
        o.busy.push(menu);
        o.edits += edits;
      }
    }
    for (const o of owners) o.idle.push(await wrk(o.menu, script, BLOCK_SECONDS));
    return owners.map((o) => ({ build: path.basename(o.script), idle: o.idle, busy: o.busy, editsPerSecond: o.edits / (DINER_BLOCKS * BLOCK_SECONDS) }));
  } finally {
    for (const o of owners) await o.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function withDiners() {
  requireWrk();
  for (let r = 0; r < ROUNDS; r++) {
    console.log(`round ${r + 1}: ${DINER_BLOCKS} blocks of ${BLOCK_SECONDS} s per build, edits back to back, the menu at ≈ 4,000 req/s`);
    console.log('| build | idle p99 ms (first, last) | p50 ms under edits (median) | p99 ms under edits (median) | p99 per block | vs idle | edits/s |\n|---|---|---|---|---|---|---|');
    for (const b of await dinersRound()) {
      const idleP99 = (b.idle[0].p99 + b.idle[1].p99) / 2;
      const p99 = median(b.busy.map((m) => m.p99));
      console.log(`| ${b.build} | ${b.idle.map((m) => m.p99.toFixed(2)).join(', ')} | ${median(b.busy.map((m) => m.p50)).toFixed(2)} | ${p99.toFixed(2)} | ${b.busy.map((m) => m.p99.toFixed(1)).join(' ')} | ${(p99 / idleP99).toFixed(1)}× | ${b.editsPerSecond.toFixed(0)} |`);
    }
  }
}

async function withoutDiners() {
  const results: Array<Awaited<ReturnType<typeof round>>> = [];
  for (let r = 0; r < ROUNDS; r++) {
    const res = await round();
    results.push(res);
    for (const b of res) console.log(`· round ${r + 1}, ${b.build}: ${b.cpu.toFixed(3)} ms server CPU, ${b.wall.toFixed(3)} ms wall per edit`);
  }
  console.log(`\nmedian of ${ROUNDS} rounds of ${EDITS} edits:`);
  BUILDS.forEach((b, i) => {
    console.log(`| ${path.basename(b)} | ${median(results.map((r) => r[i].cpu)).toFixed(3)} ms server CPU | ${median(results.map((r) => r[i].wall)).toFixed(3)} ms wall |`);
  });
}

pinSelf(LOAD_CORE);
await (DINERS ? withDiners() : withoutDiners());
