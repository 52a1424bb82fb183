// The load generator, run in its own process (pinned to another core than the server).
// Usage: node load.mjs '<json: {url, paths, duration, connections, amount?, pipelining?, startAt?, headers?}>' → prints one JSON line.
// With `amount`, exactly that many requests are sent and every answer is awaited (view counting check).
// With `startAt` (epoch ms), the load begins at that moment: two loads started together (bench.ts,
// `measuredTogether`) then cover the same seconds, whichever process came up first.
//
// Latency is taken from autocannon's 'response' events (a float in ms, from process.hrtime), not
// from its result: autocannon's latency histogram stores whole milliseconds (hdr-histogram with
// lowestDiscernibleValue 1), so a 0.9 ms answer counts as 0 and a 1.1 ms one as 1, and for our
// sub-millisecond answers its "mean" is the share of answers slower than 1 ms, not a time.
import autocannon from 'autocannon';

const { url, paths, duration, connections, amount, pipelining = 1, startAt, headers } = JSON.parse(process.argv[2]);
if (startAt) await new Promise((go) => setTimeout(go, Math.max(0, startAt - Date.now())));
const times = [];
const instance = autocannon({
  url,
  ...(amount ? { amount } : { duration }),
  connections,
  pipelining,
  requests: paths.map((path) => ({ method: 'GET', path, ...(headers && { headers }) })),
});
instance.on('response', (_client, statusCode, _bytes, ms) => {
  if (statusCode >= 200 && statusCode <= 299) times.push(ms);
});
const result = await instance;
const n = times.length;
const sorted = Float64Array.from(times).sort();
const at = (p) => (n ? sorted[Math.min(n - 1, Math.floor((p / 100) * n))] : NaN);
const sum = sorted.reduce((a, b) => a + b, 0);
const round = (x) => Math.round(x * 1000) / 1000;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: round(at(50)),
    p99: round(at(99)),
    mean: round(n ? sum / n : NaN),
    errors: result.errors + result.timeouts + result.non2xx,
    ok: result['2xx'],
    total: result.requests.total,
  }),
);
