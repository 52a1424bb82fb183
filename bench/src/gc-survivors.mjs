/**
 * How much of V8's young generation survives each scavenge while an HTTP server answers requests,
 * with and without a Writable stream ended per request (what a multipart form's parser, busboy's
 * Dicer, is): `node bench/src/gc-survivors.mjs [writable|plain] [requests]`. The server runs in a
 * child process of the same node with --trace-gc-nvp; this process sends the requests one after
 * the other on one keep-alive connection, then prints `new_space_survived` (KB) and the pause (ms)
 * of every scavenge. bench/README.md ("The owner's garbage on the diners' loop") has the results:
 * on Node 24 the survivors grow with the young generation (hundreds of KB to MBs, pauses to 15 ms+)
 * when a Writable is ended per request; on Node 20 and 22, and without the Writable, a few KB.
 */
import { spawn } from 'node:child_process';

const mode = process.argv[2] ?? 'writable';
const requests = Number(process.argv[3] ?? 8000);
const server = `
  const http = require('node:http');
  const { Writable } = require('node:stream');
  const writable = ${JSON.stringify(mode)} === 'writable';
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (writable) new Writable({ write: (chunk, enc, cb) => cb() }).end();
      res.end('{"status":200}');
    });
  }).listen(0, '127.0.0.1', function () { console.log('port=' + this.address().port); });
`;
const child = spawn(process.execPath, ['--trace-gc-nvp', '-e', server], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (d) => (out += d));
while (!/port=\d+/.test(out)) await new Promise((r) => setTimeout(r, 50));
const port = /port=(\d+)/.exec(out)[1];
const startAt = out.length;
for (let i = 0; i < requests; i++) {
  const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: `name=Kırk ${i}&price=${10 + (i % 7)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  await res.arrayBuffer();
}
child.kill();
await new Promise((r) => child.once('exit', r));
// Node ≤ 24 prints `name=value` pairs, later versions one JSON object per collection
const scavenges = out.slice(startAt).split('\n').filter((l) => l.includes('gc=s') || l.includes('"gc":"s"'));
const field = (l, name) => Number(new RegExp(`\\b${name}"?[=:]([\\d.]+)`).exec(l)?.[1] ?? NaN);
console.log(`node ${process.version}, ${mode}, ${requests} requests, ${scavenges.length} scavenges`);
console.log('survived KB: ' + scavenges.map((l) => Math.round(field(l, 'new_space_survived') / 1024)).join(' '));
console.log('pause ms:    ' + scavenges.map((l) => field(l, 'pause')).join(' '));
