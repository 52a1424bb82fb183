/**
 * Menu latency while the owner works (`npm run bench:stall`; needs `npm run build` and Debian's
 * `wrk`). The built server runs as its own process on SQLite. wrk loads a diner's menu
 * (`/api/getCategory/{slug}`) at a fixed rate — 8 connections, each waiting DELAY_MS between
 * requests (wrk's Lua `delay()`), so ≈ 8 × 1000 / DELAY_MS req/s — for SECONDS per scenario while
 * an owner repeats one heavy operation back to back: a 500-product XLSX import, XLSX and CSV export,
 * a KVKK export with 60 photos, edits of a 40-product category, a 60-table card PDF, a bulk price
 * change and its undo. Per scenario: the menu's p50, p99 and maximum latency and its throughput,
 * against idle (no owner work; measured first and last). Method: bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { form, seed, sheet } from './owner-seed.js';
import { LOAD_CORE, pinSelf, startProduct, stop } from './proc.js';
import { delayScript, requireWrk, wrk } from './wrk.js';

const SECONDS = Number(process.env.STALL_SECONDS || 10);
const DELAY_MS = Number(process.env.STALL_DELAY_MS || 2);
/** `STALL_ONLY=KVKK,CSV`: only the scenarios whose names contain one of these (idle always runs). */
const ONLY = (process.env.STALL_ONLY || '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
const METRICS = 'stall-bench-metrics-token';
const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;

async function main() {
  requireWrk();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-stall-'));
  const { token, slug } = await seed(dataDir, base);
  // the owner repeats the KVKK export back to back: its limit (10 an hour) raised for the bench
  // METRICS_TOKEN: the server's own event-loop delay (prom-client's monitorEventLoopDelay, reset at each scrape) per scenario
  const server = await startProduct({ DATA_DIR: dataDir, PUBLIC_URL: base, RATE_LIMIT_EXPORT: '100000', METRICS_TOKEN: METRICS }, PORT);
  // the server has core 0 (startProduct); the load — wrk and this owner's client — takes core 1, as in bench.ts
  pinSelf(LOAD_CORE);
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, url: string, body?: FormData | object) => {
    const res = await fetch(base + url, {
      method,
      headers: body instanceof FormData || !body ? auth : { ...auth, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const buf = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${method} ${url}: HTTP ${res.status}`);
    return buf;
  };
  const jsonOf = (b: Buffer) => JSON.parse(b.toString()) as { status: number; operation_id?: number; [k: string]: unknown };
  try {
    // 500 products, then 60 photos and a 40-product category
    const files = [await sheet(0), await sheet(5)];
    const imported = jsonOf(await call('POST', '/api/import-menu', form({}, { name: 'file', data: files[0], type: 'application/octet-stream' })));
    if (imported.status !== 200) throw new Error(JSON.stringify(imported));
    const products = (jsonOf(await call('GET', '/api/view-product')).products as Array<{ id: number; name: string; category_id: number; selling_price: number }>);
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b45309' } }).jpeg({ quality: 85 }).toBuffer();
    for (const p of products.slice(0, 60)) {
      await call('POST', `/api/update-product/${p.id}`, form({ category_id: String(p.category_id), name: p.name, selling_price: String(p.selling_price), status: '1' }, { name: 'foto.jpg', data: photo, type: 'image/jpeg' }));
    }
    const cat = (await call('POST', '/api/store-category', form({ name: 'Kırk Ürün', status: '1' })), jsonOf(await call('GET', '/api/view-category')).category as Array<{ id: number; name: string }>).find((c) => c.name === 'Kırk Ürün')!;
    const forty: number[] = [];
    // the plan's 500 products are all imported: the category gets 40 of them (moved, as an owner would)
    for (const p of products.slice(100, 140)) {
      const moved = jsonOf(await call('POST', `/api/update-product/${p.id}`, form({ category_id: String(cat.id), name: `Kırk ${p.id}`, selling_price: String(p.selling_price), status: '1' })));
      if (moved.status !== 200) throw new Error(`could not move product ${p.id}: ${JSON.stringify(moved)}`);
    }
    for (const p of jsonOf(await call('GET', '/api/view-product')).products as Array<{ id: number; category_id: number }>) if (p.category_id === cat.id) forty.push(p.id);
    if (forty.length !== 40) throw new Error(`the 40-product category has ${forty.length} products`);
    let round = 0;
    const scenarios: Array<[string, (() => Promise<unknown>) | undefined]> = [
      ['idle', undefined],
      ['XLSX import, 500 products', () => call('POST', '/api/import-menu', form({}, { name: 'file', data: files[round++ % 2], type: 'application/octet-stream' }))],
      ['XLSX export', () => call('GET', '/api/export-menu?format=xlsx')],
      ['CSV export', () => call('GET', '/api/export-menu?format=csv')],
      ['KVKK export, 60 photos', () => call('GET', '/api/export-my-data')],
      ['edits of a 40-product category', async () => {
        for (const id of forty) await call('POST', `/api/update-product/${id}`, form({ category_id: String(cat.id), name: `Kırk ${id}`, selling_price: String(10 + (round++ % 7)), status: '1' }));
      }],
      ['60-table card PDF', () => call('GET', '/api/qr-cards.pdf?tables=1-60')],
      ['bulk price +10% and undo', async () => {
        const op = jsonOf(await call('POST', '/api/bulk-price', { scope: 'all', mode: 'percent', value: 10, round: 0.5 }));
        await call('POST', '/api/bulk-price/undo', { operation_id: op.operation_id });
      }],
      ['idle', undefined],
    ];
    // idle is measured first and last (after a warm-up of the menu's path): the scenarios are
    // compared with the mean of the two
    const script = delayScript(dataDir, DELAY_MS);
    // the menu's path warmed first (JIT, caches), so the first idle run is not its warm-up
    await wrk(`${base}/api/getCategory/${slug}`, script, 5);
    const measured: Array<{ name: string; out: Awaited<ReturnType<typeof wrk>>; loop: Awaited<ReturnType<typeof loopDelay>>; ops: number }> = [];
    for (const [name, op] of scenarios) {
      if (op && ONLY.length && !ONLY.some((o) => name.toLowerCase().includes(o))) continue;
      let busy = op !== undefined;
      let ops = 0;
      await loopDelay(); // resets the server's histogram
      const owner = (async () => {
        while (busy) {
          await op!();
          ops++;
        }
      })();
      // a failed operation is thrown by the `await owner` below, once wrk is done (the server is then stopped)
      owner.catch(() => undefined);
      const out = await wrk(`${base}/api/getCategory/${slug}`, script, SECONDS);
      const loop = await loopDelay();
      busy = false;
      await owner;
      measured.push({ name, out, loop, ops });
      console.log(`· ${name}: p50 ${out.p50.toFixed(2)} ms, p99 ${out.p99.toFixed(2)} ms, max ${out.max.toFixed(1)} ms, ${out.rps.toFixed(0)} req/s, ${ops} operations`);
    }
    const idles = measured.filter((m) => m.name === 'idle');
    const idleP99 = idles.reduce((sum, m) => sum + m.out.p99, 0) / idles.length;
    const rows = measured.map(({ name, out, loop, ops }, i) => {
      const label = name === 'idle' ? (i === 0 ? 'idle (first)' : 'idle (last)') : name;
      return `| ${label} | ${out.p50.toFixed(2)} | ${out.p99.toFixed(2)} | ${out.max.toFixed(1)} | ${out.rps.toFixed(0)} | ${(out.p99 / idleP99).toFixed(1)}× | ${loop.p99.toFixed(1)} / ${loop.max.toFixed(1)} | ${ops} |`;
    });
    console.log(`\nidle p99: ${idles.map((m) => m.out.p99.toFixed(2)).join(' and ')} ms, mean ${idleP99.toFixed(2)} ms`);
    console.log(`${SECONDS} s per scenario, 8 connections, ${DELAY_MS} ms between requests per connection (≈ ${Math.round((8 * 1000) / DELAY_MS)} req/s offered)`);
    console.log('| owner operation | p50 ms | p99 ms | max ms | req/s | p99 vs idle | event-loop delay p99 / max ms | operations |\n|---|---|---|---|---|---|---|---|\n' + rows.join('\n'));
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server's event-loop delay since the last call (prom-client's gauges from monitorEventLoopDelay at
 * its 10 ms resolution, minus that resolution): how long the loop was held up, apart from the CPU
 * the other threads and processes took. In ms.
 */
async function loopDelay() {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).text();
  const gauge = (n: string) => Number(new RegExp(`^nodejs_eventloop_lag_${n}_seconds (\\S+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: Math.max(0, gauge('p99') - 10), max: Math.max(0, gauge('max') - 10) };
}

await main();
