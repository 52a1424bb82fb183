// Reference 1: a bare node:http server returning precomputed responses (the same bytes the
// product sent). Usage: node ref-server.mjs <responses.json> <port>
import http from 'node:http';
import fs from 'node:fs';

const [file, port] = process.argv.slice(2);
const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
const table = new Map(entries.map((e) => [e.path, { body: Buffer.from(e.body, 'base64'), type: e.type }]));

http
  .createServer((req, res) => {
    const hit = table.get(req.url);
    if (!hit) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.body.length });
    res.end(hit.body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
