import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The diner's hot path (issue 6). A GET of a public menu URL that Fastify has already answered
 * from the menu cache, under the current cache generation, is answered here straight from the
 * stored bytes and headers — the same status, headers (security headers included), ETag/304 and
 * br/gzip choice as Fastify's answer — without going through routing, hooks and serialisation.
 * The view is counted exactly as the routes count it (200 and 304). Everything else (a first request, any other
 * method, a query string, HTTPS or a proxy header, an edit that bumped the generation) goes to
 * Fastify. Not logged per request (Fastify's request log does not see these answers).
 */
export function menuFastPath(app: FastifyInstance): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = app.menuCache;
  const views = app.views;
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (!url || !(url.startsWith('/qr/') || url.startsWith('/api/get'))) return false;
    // HSTS and the client address depend on these: let Fastify answer
    if (req.headers['x-forwarded-proto'] || (req.socket as { encrypted?: boolean }).encrypted) return false;
    const entry = cache.fastLookup(url);
    if (!entry?.headers) return false;

    const v = entry.statusCode === 200 ? entry.view : undefined;
    const counted = (send: () => void) => {
      // counted before the answer leaves, like the routes' onSend hook: the answer waits for the
      // one journal write of this event-loop turn
      if (v?.business != null) views.deferred('business', v.business, send);
      else if (v?.category != null) views.deferred('category', v.category, send);
      else send();
    };
    if (entry.statusCode === 200) {
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
        // the diner opened the menu again and the browser shows its copy: a view too
        counted(() => {
          res.writeHead(304, entry.headers);
          res.end();
        });
        return true;
      }
    }
    const { body, encoding } = cache.encode(entry, req.headers['accept-encoding']);
    const wire = (entry.wire ??= {});
    const headers = (wire[encoding ?? 'identity'] ??= encoding
      ? { ...entry.headers, 'content-encoding': encoding, 'content-length': body.length }
      : { ...entry.headers, 'content-length': body.length });
    counted(() => {
      res.writeHead(entry.statusCode, headers);
      res.end(body);
    });
    return true;
  };
}
