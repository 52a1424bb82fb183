import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * In-memory cache of the public menu responses (JSON API and server-rendered pages): the final
 * body bytes, with brotli and gzip variants made once on first demand.
 *
 * Invalidation never serves stale data to a diner, and one restaurant's edit does not empty the
 * cache of the 2,000 others:
 * - every answer of a business carries its id (`business`); answers under an old address (after
 *   a slug change: the 301 and the API's answer) belong to no business;
 * - every non-GET `/api/…` request (owner and admin edits, slug and status changes…) bumps in
 *   `onSend`, i.e. after its database write and BEFORE its response reaches the client (again in
 *   `onResponse`, harmless). An owner's request bumps only the owner's own business: every owner
 *   query is scoped by the owner taken from the token, so it cannot change another menu. An
 *   administrator's request, or any other that succeeded, bumps everything;
 * - a bump of a business ends its answers and the answers of no business; a bump of everything
 *   ends all. Each bump advances a counter (`generation`); a reader notes it before reading the
 *   database, and its result is used and stored only while no bump that ends it came after, so a
 *   result read before an edit is never stored after it.
 * Bounded by bytes (least recently used entries are evicted). Misses of one key that arrive while it
 * is being computed wait for that computation, and use it unless its business was edited since it
 * began (no stampede on the database when a popular menu has just been edited or the process has
 * just started).
 * Several processes: with REDIS_URL every bump is also published on a Redis channel and the other
 * processes bump on receipt (see README: the few milliseconds of delivery are the only window).
 */

export interface CachedResponse {
  statusCode: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** HTTP Location (301). */
  location?: string;
  /** View to count on each 2xx GET (issue 6: counted even when served from the cache). */
  view?: { business?: number; category?: number };
  /** The business (its user id) whose data this answer shows: that business's edits end it. */
  business?: number;
  br?: Buffer;
  gzip?: Buffer;
  /**
   * The headers Fastify sent with it the first time (security headers included, no
   * Content-Length/Encoding): the fast path (plugins/menu-fast-path.ts) replays them.
   */
  headers?: Record<string, string | number | string[]>;
  /** Body and `headers` with Content-Length/Encoding, per encoding, made once for the fast path. */
  wire?: Partial<Record<'identity' | 'br' | 'gzip', WireResponse>>;
}

/** What the fast path writes for one entry and encoding. */
export interface WireResponse {
  body: Buffer;
  headers: Record<string, string | number | string[]>;
}

export interface ComputedResponse {
  statusCode: number;
  contentType: string;
  body: string;
  location?: string;
  view?: { business?: number; category?: number };
  /** The business whose data this answer shows; none: any edit ends it (see the module comment). */
  business?: number;
  /** Whether this answer may be cached (not-found answers are not: unbounded key space). */
  cacheable: boolean;
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
   * `key` of a stored entry, a plain GET also indexes its raw URL for the fast path.
   */
  send(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, key?: string): FastifyReply;
  /** The valid entry Fastify last served for this exact raw URL (fast path), else undefined. */
  fastLookup(url: string): CachedResponse | undefined;
  /** The body in the encoding chosen from Accept-Encoding (made once per entry). */
  encode(entry: CachedResponse, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' };
  /** Body and full headers of a stored entry (it has `headers`) for this Accept-Encoding, made once per encoding. */
  wire(entry: CachedResponse, acceptEncoding: string | undefined): WireResponse;
  stats(): { entries: number; bytes: number; hits: number; misses: number; fastHits: number; joined: number };
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    menuCache: MenuCache;
  }
}

/** Non-GET API routes that never change what a diner sees (no bump on them). */
const NEUTRAL_WRITES = new Set(['/api/login', '/api/logout', '/api/register', '/api/store-message', '/api/forgot-password', '/api/reset-password', '/api/verify-email', '/api/resend-verification']);

export function isMenuWrite(request: FastifyRequest): boolean {
  const m = request.method;
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return false;
  const url = request.url.split('?')[0]!;
  return url.startsWith('/api/') && !NEUTRAL_WRITES.has(url.replace(/\/+$/, ''));
}

/** What a request invalidates: nothing (null), one business (its user id) or everything (`ALL`). */
const ALL = 'all';
function bumpScope(request: FastifyRequest, statusCode: number): number | typeof ALL | null {
  if (!isMenuWrite(request)) return null;
  const auth = request.auth;
  if (auth?.role === 'user') return auth.userId; // an owner can only change their own menu
  if (auth) return ALL;
  // no signed-in account: refused (401, 403, 404, 413, 429…) before it could write anything; a
  // public write that succeeded (none changes a menu today) still bumps everything, to be safe
  return statusCode < 400 ? ALL : null;
}

const CHANNEL = 'qrmenu:menu-cache:bump';
/** How long a write waits at most for Redis to take its invalidation message. */
const PUBLISH_WAIT_MS = 250;

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (bounded). */
const encodingMemo = new Map<string, 'br' | 'gzip' | undefined>();

export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  if (encodingMemo.has(accept)) return encodingMemo.get(accept);
  const picked = parseEncoding(accept);
  if (encodingMemo.size < 256 && accept.length <= 200) encodingMemo.set(accept, picked);
  return picked;
}

function parseEncoding(accept: string): 'br' | 'gzip' | undefined {
  const a = accept.toLowerCase();
  const allowed = (name: string) => {
    const m = a.match(new RegExp(`(?:^|,)\\s*${name}\\s*(;\\s*q=([0-9.]+))?`));
    return Boolean(m) && (m![2] == null || Number(m![2]) > 0);
  };
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}

/** Small bodies go uncompressed; larger ones in the best encoding the client accepts. */
const chooseEncoding = (entry: CachedResponse, acceptEncoding: string | undefined) => (entry.body.length >= 512 ? pickEncoding(acceptEncoding) : undefined);

/** The body in `enc`, compressed once per entry. */
function encoded(entry: CachedResponse, enc: 'br' | 'gzip' | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (enc === 'br') {
    entry.br ??= zlib.brotliCompressSync(entry.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    return { body: entry.br, encoding: 'br' };
  }
  if (enc === 'gzip') {
    entry.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
    return { body: entry.gzip, encoding: 'gzip' };
  }
  return { body: entry.body };
}

/** Whether an If-None-Match value names this entry's ETag (weak or strong, one of a list). */
export function etagMatches(entry: CachedResponse, ifNoneMatch: string | undefined): boolean {
  return ifNoneMatch ? ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag) : false;
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
  /** Raw URL → cache key, for the fast path; cleared with the entries. */
  private urls = new Map<string, string>();
  publish: ((business?: number) => Promise<void>) | undefined;
  /** False while the cross-process invalidation channel is down: nothing is stored then. */
  storeAllowed = true;

  constructor(private readonly maxBytes: number) {}

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
    if (this.entries.size > 0 || this.urls.size > 0) this.clear();
  }

  /** Whether an answer of `business` computed from generation `gen` on is still current. */
  private current(gen: number, business: number | undefined): boolean {
    if (gen >= this.anyBumped) return true; // no bump at all since (the usual case)
    if (gen < this.allBumped || business === undefined) return false;
    return gen >= (this.businessBumped.get(business) ?? 0);
  }

  clear() {
    this.entries.clear();
    this.urls.clear();
    this.bytes = 0;
  }

  stats() {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses, fastHits: this.fastHits, joined: this.joined };
  }

  fastLookup(url: string): CachedResponse | undefined {
    const key = this.urls.get(url);
    if (key === undefined) return undefined;
    const e = this.entries.get(key);
    if (!e || !e.res.headers || !this.current(e.gen, e.res.business)) {
      this.urls.delete(url);
      return undefined;
    }
    this.fastHits++;
    return e.res;
  }

  encode(entry: CachedResponse, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    return encoded(entry, chooseEncoding(entry, acceptEncoding));
  }

  wire(entry: CachedResponse, acceptEncoding: string | undefined): WireResponse {
    const enc = chooseEncoding(entry, acceptEncoding);
    const wire = (entry.wire ??= {});
    const made = wire[enc ?? 'identity'];
    if (made) return made;
    const { body, encoding } = encoded(entry, enc);
    const headers = { ...entry.headers, ...(encoding && { 'content-encoding': encoding }), 'content-length': body.length };
    return (wire[enc ?? 'identity'] = { body, headers });
  }

  async resolve(key: string, compute: () => Promise<ComputedResponse>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit && this.current(hit.gen, hit.res.business)) {
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
      view: c.view,
      business: c.business,
    };
    if (c.cacheable && this.storeAllowed && this.maxBytes > 0 && this.current(gen, res.business)) this.store(key, gen, res);
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

  send(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, key?: string): FastifyReply {
    reply.code(entry.statusCode);
    reply.header('Content-Type', entry.contentType);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding');
    if (entry.location) reply.header('Location', entry.location);
    if (entry.statusCode === 200) reply.header('ETag', entry.etag);
    if (key && request.method === 'GET' && this.entries.get(key)?.res === entry) {
      // every header set so far (helmet's included) is the same for each request of this entry
      if (!entry.headers) {
        const { 'content-length': _l, 'content-encoding': _e, ...headers } = reply.getHeaders();
        entry.headers = headers as CachedResponse['headers'];
      }
      if (!request.url.includes('?')) this.urls.set(request.url, key);
    }
    if (entry.statusCode === 200) {
      if (etagMatches(entry, request.headers['if-none-match'])) {
        return reply.code(304).send();
      }
    }
    const { body, encoding } = this.encode(entry, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }
}

/** Decorates `app.menuCache` and bumps it on every menu-changing request (`bumpScope`). */
export default fp<{ maxBytes: number; redisUrl?: string }>(async (app, opts) => {
  const cache = new LruMenuCache(opts.maxBytes);
  app.decorate('menuCache', cache as MenuCache);

  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    pub.on('error', (err) => app.log.warn({ err }, 'menu cache: redis publisher error'));
    sub.on('error', (err) => app.log.warn({ err }, 'menu cache: redis subscriber error'));
    // While the subscription is down, another process's edit could go unnoticed: no caching then.
    cache.storeAllowed = false;
    const down = () => {
      cache.storeAllowed = false;
      cache.bumpLocal();
    };
    sub.on('close', down);
    sub.on('end', down);
    sub.on('reconnecting', down);
    // a message is "<origin> <business id>" or "<origin> all"
    sub.on('message', (_channel, message) => {
      const [from, scope] = message.split(' ');
      if (from === origin) return;
      const business = Number(scope);
      cache.bumpLocal(Number.isSafeInteger(business) ? business : undefined);
    });
    sub.on('ready', () => {
      // ioredis subscribes again on reconnect; allow caching once the channel is ours again
      sub.subscribe(CHANNEL).then(() => {
        cache.bumpLocal();
        cache.storeAllowed = true;
      }, (err) => app.log.warn({ err }, 'menu cache: redis subscribe failed'));
    });
    cache.publish = async (business) => {
      // PUBLISH answers once Redis has queued the message to every subscriber: waiting for it
      // makes the other processes drop their entries before this writer's response goes out.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pub.publish(CHANNEL, `${origin} ${business ?? ALL}`).catch((err) => app.log.warn({ err }, 'menu cache: redis publish failed')),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS))),
      ]);
      clearTimeout(timer);
    };
    app.addHook('onClose', async () => {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    });
  }

  // callback-style hooks: no promise per request on the diners' hot path
  app.addHook('onSend', (request, reply, payload, done) => {
    const scope = bumpScope(request, reply.statusCode);
    if (scope === null) return done(null, payload);
    cache.bump(scope === ALL ? undefined : scope).then(() => done(null, payload), () => done(null, payload));
  });
  app.addHook('onResponse', (request, reply, done) => {
    const scope = bumpScope(request, reply.statusCode);
    if (scope !== null) cache.bumpLocal(scope === ALL ? undefined : scope);
    done();
  });
});
