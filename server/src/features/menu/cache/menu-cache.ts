import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler } from 'fastify';
import type { CacheEffect } from '../../../platform/routes/declare.js';
import { encode, etagMatches, type CachedResponse } from './menu-cache-encoding.js';
import { subscribeToBumps } from './menu-cache-redis.js';

export type { CachedResponse } from './menu-cache-encoding.js';

/**
 * In-memory cache of the public menu answers (final bytes, brotli/gzip made once), LRU-bounded by
 * MENU_CACHE_MB. Every answer carries its business; a write bumps by the cache effect its route
 * declares (`config.cache`: none, the owner's business, or everything) in `onSend`, before its
 * response leaves. A result read before
 * a bump that ends it is never stored (`generation`). Concurrent misses of one key share one
 * computation. With REDIS_URL bumps reach the other processes (menu-cache-redis.ts).
 * An answer may also end by itself (`expiresAt`: a page's open/closed line ends at the business's
 * next opening or closing): from that instant of the app's clock it is a miss, on both paths.
 */

export interface ComputedResponse {
  statusCode: number;
  contentType: string;
  body: string;
  location?: string;
  varyLanguage?: boolean;
  view?: { business?: number; category?: number; branch?: number };
  /** The business whose data this answer shows; none: any edit ends it (see the module comment). */
  business?: number;
  /**
   * A table's page of a business that takes orders there (features/orders): each answer, cached or
   * not, gives the device its seat at that table. Decided when the page is computed, so a cached
   * table page costs no query for it; the owner's ordering settings end the cached answer.
   */
  seat?: { business: number; masa: number; branch?: number };
  /** Whether this answer may be cached (not-found answers are not: unbounded key space). */
  cacheable: boolean;
  /** When it stops being true by itself (ms, the clock of the app): a page's open/closed line ends at the next opening or closing. */
  expiresAt?: number;
}

export interface MenuCache {
  /** Advances at every bump. */
  readonly generation: number;
  /**
   * Invalidates the answers of `business` (and those of no business), or every answer when no
   * business is given, in this process and, with REDIS_URL, in the others (resolves once Redis has
   * delivered the bump, or after PUBLISH_WAIT_MS when Redis is slow).
   */
  bump(business?: number): Promise<void>;
  /**
   * Cached response for `key`, else computes it (and stores it if no edit of its business happened
   * meanwhile); concurrent misses of one key share a single computation.
   */
  resolve(key: string, compute: () => Promise<ComputedResponse>): Promise<CachedResponse>;
  /**
   * Sends a cached response: ETag / 304, content negotiation (br, gzip), no-cache. With the cache
   * `key` of a stored entry, a GET also keeps its headers for the fast path.
   */
  send(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, key?: string): Promise<FastifyReply>;
  /** The current entry under `key` that Fastify has sent once (it has `headers`), for the fast path. */
  fastLookup(key: string): CachedResponse | undefined;
  stats(): { entries: number; bytes: number; hits: number; misses: number; fastHits: number; joined: number };
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCache;
  }
}

/** What a request invalidates: nothing (null), one business (its user id) or everything (`ALL`). */
const ALL = 'all';
type Scope = number | typeof ALL | null;

/**
 * The effect a route declares (`config.cache`, platform/routes/declare.ts); a non-GET /api route
 * without one (the route declarations test fails on it) is taken as an owner's menu write.
 */
export function cacheEffectOf(method: string, url: string, declared: CacheEffect | undefined): CacheEffect {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'none';
  return declared ?? (url.startsWith('/api/') ? 'owner' : 'none');
}

function bumpScope(effect: CacheEffect, request: FastifyRequest, statusCode: number): Scope {
  const auth = request.auth;
  if (effect === 'none') return null;
  if (auth?.role === 'user') return auth.userId; // an owner can only change their own menu
  if (auth) return ALL;
  // no signed-in account: refused (401, 403, 404, 413, 429…) before it could write anything; a
  // public write that succeeded (none changes a menu today) still bumps everything, to be safe
  return statusCode < 400 ? ALL : null;
}

interface Entry {
  /** The generation when its computation began (before it read the database). */
  gen: number;
  res: CachedResponse;
  size: number;
}

class LruMenuCache implements MenuCache {
  generation = 0;
  /** Generation of the last bump of everything (older entries are all invalid). */
  private allBumped = 0;
  /** Generation of the last bump of any kind (answers of no business end at each). */
  private anyBumped = 0;
  /** Generation of each business's last bump since the last bump of everything. */
  private businessBumped = new Map<number, number>();
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private fastHits = 0;
  /** Requests that waited for a computation already running for their key and generation. */
  private joined = 0;
  /** Computations running now, by key, with the generation they began under. */
  private inflight = new Map<string, { gen: number; promise: Promise<CachedResponse> }>();
  publish: ((business?: number) => Promise<void>) | undefined;
  /** False while the cross-process invalidation channel is down: nothing is stored then. */
  storeAllowed = true;

  constructor(
    private readonly maxBytes: number,
    /** The app's clock (entries with an expiry end by it). */
    private readonly now: () => number,
  ) {}

  async bump(business?: number) {
    this.bumpLocal(business);
    if (this.publish) await this.publish(business);
  }

  /** The bump in this process only; stale entries of one business go lazily (LRU, or replaced). */
  bumpLocal(business?: number) {
    const gen = ++this.generation;
    this.anyBumped = gen;
    if (business !== undefined) {
      this.businessBumped.set(business, gen);
      return;
    }
    this.allBumped = gen;
    this.businessBumped.clear();
    if (this.entries.size > 0) this.clear();
  }

  /** Whether an answer of `business` computed from generation `gen` on is still current. */
  private current(gen: number, business: number | undefined): boolean {
    if (gen >= this.anyBumped) return true; // no bump at all since (the usual case)
    if (gen < this.allBumped || business === undefined) return false;
    return gen >= (this.businessBumped.get(business) ?? 0);
  }

  /** Whether an answer has ended by itself (most never do: Infinity, no clock read). */
  private expired(res: CachedResponse): boolean {
    return res.expiresAt !== Infinity && res.expiresAt <= this.now();
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  stats() {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses, fastHits: this.fastHits, joined: this.joined };
  }

  fastLookup(key: string): CachedResponse | undefined {
    const e = this.entries.get(key);
    if (!e || !e.res.headers || this.expired(e.res) || !this.current(e.gen, e.res.business)) return undefined;
    this.fastHits++;
    return e.res;
  }

  async resolve(key: string, compute: () => Promise<ComputedResponse>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit && !this.expired(hit.res) && this.current(hit.gen, hit.res.business)) {
      this.hits++;
      // move to the most recently used end
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.res;
    }
    // one computation per key: requests that miss while it runs wait for it instead of each reading
    // the database (a popular menu after an edit or a restart) — and use it only if no bump of its
    // business came after it began (which business it is, only its answer tells)
    const running = this.inflight.get(key);
    if (running && running.gen >= this.allBumped) {
      this.joined++;
      const res = await running.promise;
      if (this.current(running.gen, res.business)) return res;
      return this.resolve(key, compute);
    }
    this.misses++;
    const gen = this.generation;
    const promise = this.computeAndStore(key, gen, compute);
    this.inflight.set(key, { gen, promise });
    try {
      return await promise;
    } finally {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    }
  }

  private async computeAndStore(key: string, gen: number, compute: () => Promise<ComputedResponse>): Promise<CachedResponse> {
    const c = await compute();
    const body = Buffer.from(c.body, 'utf8');
    const res: CachedResponse = {
      statusCode: c.statusCode,
      contentType: c.contentType,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      location: c.location,
      varyLanguage: c.varyLanguage,
      view: c.view,
      business: c.business,
      seat: c.seat,
      expiresAt: c.expiresAt ?? Infinity,
    };
    if (c.cacheable && this.storeAllowed && this.maxBytes > 0 && !this.expired(res) && this.current(gen, res.business)) this.store(key, gen, res);
    return res;
  }

  private store(key: string, gen: number, res: CachedResponse) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    const size = res.body.length * 2 + key.length + 256; // body + room for the compressed variants
    if (size > this.maxBytes) return;
    this.entries.set(key, { gen, res, size });
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const e = this.entries.get(oldest.value)!;
      this.entries.delete(oldest.value);
      this.bytes -= e.size;
    }
  }

  async send(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, key?: string): Promise<FastifyReply> {
    reply.code(entry.statusCode);
    reply.header('Content-Type', entry.contentType);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', entry.varyLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
    if (entry.location) reply.header('Location', entry.location);
    if (entry.statusCode === 200) reply.header('ETag', entry.etag);
    if (!entry.headers && key && request.method === 'GET' && this.entries.get(key)?.res === entry) {
      entry.headers = headersAsSent(reply);
    }
    if (entry.statusCode === 200) {
      if (etagMatches(entry, request.headers['if-none-match'])) {
        return reply.code(304).send();
      }
    }
    const { body, encoding } = await encode(entry, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }
}

/** Decorates `app.menuCache` and bumps it after every write whose route declares a cache effect (`bumpScope`). */
export default fp<{ maxBytes: number; now?: () => number }>(async (app, opts) => {
  const cache = new LruMenuCache(opts.maxBytes, opts.now ?? (() => app.clock.now().getTime()));
  app.decorate('menuCache', cache as MenuCache);

  // with REDIS_URL: the process's shared client and subscriber (platform/redis.ts)
  if (app.redis && app.redisBus) subscribeToBumps(app, cache, app.redis, app.redisBus);

  // Each write bumps by the cache effect it declares (`config.cache`): hooks only on the routes that
  // have one (none on the diners' GETs), callback-style (no promise per request).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const effect = methods.map((m) => cacheEffectOf(m, route.url, route.config?.cache)).find((e) => e !== 'none');
    if (!effect) return;
    const bumpBeforeSend: onSendHookHandler = (request, reply, payload, done) => {
      const scope = bumpScope(effect, request, reply.statusCode);
      if (scope === null) return done(null, payload);
      cache.bump(scope === ALL ? undefined : scope).then(() => done(null, payload), () => done(null, payload));
    };
    // once more when the answer has left: a read that began before the write committed is never kept
    const bumpAfter: onResponseHookHandler = (request, reply, done) => {
      const scope = bumpScope(effect, request, reply.statusCode);
      if (scope !== null) cache.bumpLocal(scope === ALL ? undefined : scope);
      done();
    };
    route.onSend = [...[route.onSend ?? []].flat(), bumpBeforeSend];
    route.onResponse = [...[route.onResponse ?? []].flat(), bumpAfter];
  });
});

/**
 * Every header set so far (helmet's included; the same for each request of an entry), spelled and
 * ordered as Node will write them: those set on the raw response keep their case and come first.
 */
function headersAsSent(reply: FastifyReply): NonNullable<CachedResponse['headers']> {
  const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
  const names = new Map(raw.getRawHeaderNames().map((n) => [n.toLowerCase(), n]));
  const headers: NonNullable<CachedResponse['headers']> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    // a cookie (the table's seat, features/orders) belongs to its one answer, never to a replay
    if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'set-cookie') continue;
    headers[raw.getHeader(name) === value ? (names.get(name) ?? name) : name] = value;
  }
  return headers;
}
