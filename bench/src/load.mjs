// The load generator, run in its own process (pinned to another core than the server).
// Usage: node load.mjs '<json: {url, paths, duration, connections, amount?}>' → prints one JSON line.
// With `amount`, exactly that many requests are sent and every answer is awaited (view counting check).
import autocannon from 'autocannon';

const { url, paths, duration, connections, amount, pipelining = 1 } = JSON.parse(process.argv[2]);
const result = await autocannon({
  url,
  ...(amount ? { amount } : { duration }),
  connections,
  pipelining,
  requests: paths.map((path) => ({ method: 'GET', path })),
});
const ok = result['2xx'];
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.timeouts + result.non2xx,
    ok,
    total: result.requests.total,
  }),
);
