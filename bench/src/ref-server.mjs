// Reference 1: a bare node:http server returning precomputed responses — the same bytes, headers
// included, that the product sent. Usage: node ref-server.mjs <responses.json> <port>
import http from 'node:http';
import fs from 'node:fs';

const [file, port] = process.argv.slice(2);
const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
const table = new Map(
  entries.map((e) => {
    const body = Buffer.from(e.body, 'base64');
    // the product's own headers (security headers, ETag, cache policy) when captured with them
    return [e.path, { body, headers: { ...(e.headers ?? { 'content-type': e.type }), 'content-length': body.length } }];
  }),
);

http
  .createServer((req, res) => {
    const hit = table.get(req.url);
    if (!hit) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, hit.headers);
    res.end(hit.body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
