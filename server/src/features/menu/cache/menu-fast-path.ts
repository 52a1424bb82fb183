import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { languagePreference, SLUG_PATTERN } from '@qrmenu/contract';
import { parseId } from '../../../platform/validate.js';
import { etagMatches, notModifiedHeaders, wire } from './menu-cache-encoding.js';

/** A menu address in its canonical spelling: lower-case slug, plain decimal id, no query, no trailing slash. */
const MENU_URL = /^\/(?:qr\/([a-z0-9-]{1,100})(\/category(?:\/([0-9]{1,16}))?)?|api\/getCategory\/([a-z0-9-]{1,100})|api\/getProduct\/([0-9]{1,16}))$/;

/**
 * The cache key the routes of public-menu.routes.ts give a canonical menu address, else undefined.
 * Other spellings of the same menu (case, percent-encoding, a query string…) go to Fastify, which
 * normalises them to the same key: nothing here grows with the number of spellings.
 */
export function menuKey(url: string): string | undefined {
  const m = MENU_URL.exec(url);
  if (!m) return undefined;
  const slug = m[1] ?? m[4];
  if (slug !== undefined && !SLUG_PATTERN.test(slug)) return undefined;
  const rawId = m[3] ?? m[5];
  const id = rawId === undefined ? undefined : parseId(rawId);
  if (rawId !== undefined && id === undefined) return undefined;
  if (m[5] !== undefined) return `api:p:${id}`;
  if (m[4] !== undefined) return `api:c:${slug}`;
  if (m[3] !== undefined) return `qr:p:${slug}:${id}`;
  return m[2] ? `qr:c:${slug}` : `qr:l:${slug}`;
}

const noop = () => undefined;

/** Fastify's patterns of the routes whose answers the fast path replays (indexed by `routeOf`). */
export const FAST_PATH_ROUTES = ['/api/getProduct/:id', '/api/getCategory/:company', '/qr/:company/category/:id', '/qr/:company/category', '/qr/:company'] as const;

/** Answers of the fast path per route (index in FAST_PATH_ROUTES) and status: plain counters that /metrics reads. */
export type FastPathCounts = Array<Map<number, number>>;
export const newFastPathCounts = (): FastPathCounts => FAST_PATH_ROUTES.map(() => new Map<number, number>());

/** Index in FAST_PATH_ROUTES of a key made by `menuKey` (`api:p:`, `api:c:`, `qr:p:`, `qr:c:`, `qr:l:`). */
function routeOf(key: string): number {
  if (key.charCodeAt(0) === 97 /* a */) return key.charCodeAt(4) === 112 /* p */ ? 0 : 1;
  const c = key.charCodeAt(3);
  return c === 112 /* p */ ? 2 : c === 99 /* c */ ? 3 : 4;
}

/**
 * The diner's hot path: a GET of a canonical menu address whose answer Fastify has already sent
 * from the menu cache, and that no edit has ended since, is answered here from the stored bytes
 * and headers, without routing, hooks and serialisation. Status, headers (HSTS included when the
 * request came over HTTPS, as `TRUST_PROXY` makes Fastify read it), ETag/304, br/gzip and the
 * counted view are those of the route. Anything else goes to Fastify. Not in the request log;
 * counted in `counts` (route and status), which /metrics adds to its request counts.
 */
export function menuFastPath(app: FastifyInstance, counts: FastPathCounts = newFastPathCounts()): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = app.menuCache;
  const views = app.views;
  const trustProxy = app.config.trustProxy;
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (!url || !(url.startsWith('/qr/') || url.startsWith('/api/get'))) return false;
    let key = menuKey(url);
    if (key === undefined) return false;

    // Read from the raw list in one pass (building `req.headers` costs more than the rest of this
    // path); repeated headers are joined with ", " as Node does.
    let acceptEncoding: string | undefined;
    let acceptLanguage: string | undefined;
    let ifNoneMatch: string | undefined;
    let forwardedProto: string | undefined;
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i];
      const len = name.length;
      if (len === 15) {
        const lower = name.toLowerCase();
        if (lower === 'accept-encoding') acceptEncoding = join(acceptEncoding, raw[i + 1]);
        else if (lower === 'accept-language') acceptLanguage = join(acceptLanguage, raw[i + 1]);
      } else if (len === 13 && name.toLowerCase() === 'if-none-match') ifNoneMatch = join(ifNoneMatch, raw[i + 1]);
      else if (trustProxy && len === 17 && name.toLowerCase() === 'x-forwarded-proto') forwardedProto = join(forwardedProto, raw[i + 1]);
    }
    // the landing is keyed by the diner's language preference too (public-menu.routes.ts)
    if (key.startsWith('qr:l:')) {
      const pref = languagePreference(acceptLanguage);
      if (pref) key = `${key}:${pref}`;
    }
    const entry = cache.fastLookup(key);
    if (!entry) return false;
    // Fastify's request.protocol: the last X-Forwarded-Proto entry when the proxy is trusted
    const https = forwardedProto ? lastEntry(forwardedProto) === 'https' : Boolean((req.socket as { encrypted?: boolean }).encrypted);

    const v = entry.statusCode === 200 || entry.statusCode === 302 ? entry.view : undefined;
    const notModified = entry.statusCode === 200 && etagMatches(entry, ifNoneMatch);
    const answer = notModified ? undefined : wire(entry, acceptEncoding, https);
    if (!notModified && !answer) return false; // that encoding is not made yet: Fastify makes it off the event loop
    const byStatus = counts[routeOf(key)];
    const status = answer ? entry.statusCode : 304;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const send = () => {
      if (answer) {
        res.writeHead(entry.statusCode, answer.headers);
        res.end(answer.body);
      } else {
        res.writeHead(304, notModifiedHeaders(entry, https));
        res.end();
      }
    };
    // counted before the answer leaves, like the routes' onSend hook: the views of this turn go to
    // the journal in one write, then their answers are sent
    if (v?.branch != null) views.branch(v.branch, noop);
    if (v?.business != null) views.business(v.business, send);
    else if (v?.category != null) views.category(v.category, send);
    else send();
    return true;
  };
}

const join = (a: string | undefined, b: string) => (a === undefined ? b : `${a}, ${b}`);

function lastEntry(value: string): string {
  const i = value.lastIndexOf(',');
  return i === -1 ? value.trim() : value.slice(i + 1).trim();
}
