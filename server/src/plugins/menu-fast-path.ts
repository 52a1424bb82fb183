import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { etagMatches, type CachedResponse } from './menu-cache.js';

/**
 * The diner's hot path (issue 6). A GET of a public menu URL that Fastify has already answered
 * from the menu cache, and that no edit has ended since, is answered here straight from the
 * stored bytes and headers — the same status, headers (security headers included), ETag/304 and
 * br/gzip choice as Fastify's answer — without going through routing, hooks and serialisation.
 * The view is counted exactly as the routes count it (200 and 304). Everything else (a first request, any other
 * method, a query string, HTTPS or a proxy header, an edit that ended the answer) goes to
 * Fastify. Not logged per request (Fastify's request log does not see these answers).
 */
export function menuFastPath(app: FastifyInstance): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = app.menuCache;
  const views = app.views;
  let later: Array<() => void> = [];
  let armed = false;
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (!url || !(url.startsWith('/qr/') || url.startsWith('/api/get'))) return false;
    if ((req.socket as { encrypted?: boolean }).encrypted) return false;

    // The three request headers the answer depends on, read from the raw list in one pass:
    // building `req.headers` (a browser sends 10–15 headers) would cost more than the rest of this
    // path. Repeated headers are joined with ", " as Node does.
    let acceptEncoding: string | undefined;
    let ifNoneMatch: string | undefined;
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      const len = name.length;
      if (len === 15 && name.toLowerCase() === 'accept-encoding') acceptEncoding = acceptEncoding === undefined ? raw[i + 1] : `${acceptEncoding}, ${raw[i + 1]}`;
      else if (len === 13 && name.toLowerCase() === 'if-none-match') ifNoneMatch = ifNoneMatch === undefined ? raw[i + 1] : `${ifNoneMatch}, ${raw[i + 1]}`;
      // HSTS and the client address depend on it: let Fastify answer
      else if (len === 17 && raw[i + 1] && name.toLowerCase() === 'x-forwarded-proto') return false;
    }
    const entry = cache.fastLookup(url);
    if (!entry?.headers) return false;

    if (entry.statusCode === 200 && etagMatches(entry, ifNoneMatch)) {
      // the diner opened the menu again and the browser shows its copy: a view too
      counted(entry, () => {
        res.writeHead(304, entry.headers);
        res.end();
      });
      return true;
    }
    const wire = cache.wire(entry, acceptEncoding);
    counted(entry, () => {
      res.writeHead(entry.statusCode, wire.headers);
      res.end(wire.body);
    });
    return true;
  };

  // counted before the answer leaves, like the routes' onSend hook (the view is in the journal)
  function counted(entry: CachedResponse, send: () => void) {
    const v = entry.statusCode === 200 ? entry.view : undefined;
    if (v?.business != null) views.business(v.business);
    else if (v?.category != null) views.category(v.category);
    later.push(send);
    if (!armed) {
      armed = true;
      setImmediate(sendAll);
    }
  }

  // The answers of one event-loop turn leave together at its end. Sent one by one, each may wake
  // the diner's side of the connection on its own; on this bench's VM that cost the product
  // 2–10 µs per answer of its own CPU time, most in rounds where the machine was busy (bench/README.md).
  function sendAll() {
    armed = false;
    const sends = later;
    later = [];
    for (const send of sends) send();
  }
}
