import zlib from 'node:zlib';
import { HSTS } from '../../../platform/http/security.js';

/** One cached answer: the final body, its compressed variants and what the fast path writes. */
export interface CachedResponse {
  statusCode: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** HTTP Location (301, or the landing's 302 to the diner's language). */
  location?: string;
  /** The answer depends on Accept-Language too (the landing page). */
  varyLanguage?: boolean;
  /** The view counted on each 200 GET (and 304), also when served from the cache. */
  view?: { business?: number; category?: number; branch?: number };
  /** The business (its user id) whose data this answer shows: that business's edits end it. */
  business?: number;
  /** The table whose seat this answer gives (features/orders; ComputedResponse.seat). */
  seat?: { business: number; masa: number; branch?: number };
  /** When the answer goes stale by itself (ms; the next opening or closing it shows), else Infinity. */
  expiresAt: number;
  br?: Buffer;
  gzip?: Buffer;
  /** The headers Fastify sent with it the first time (no Content-Length/Encoding, no HSTS): the fast path replays them. */
  headers?: Record<string, string | number | string[]>;
  /** Body and full headers per encoding (and HTTPS or not), made once for the fast path. */
  wire?: Record<string, WireResponse>;
}

/** What the fast path writes for one entry, encoding and protocol. */
export interface WireResponse {
  body: Buffer;
  headers: Record<string, string | number | string[]>;
}

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

type Encoded = { body: Buffer; encoding?: 'br' | 'gzip' };

/** The encoding an entry goes out in for this Accept-Encoding (small bodies go uncompressed). */
const encodingFor = (entry: CachedResponse, acceptEncoding: string | undefined) => (entry.body.length >= 512 ? pickEncoding(acceptEncoding) : undefined);

/** The body in the chosen encoding if it is made already, else undefined (see `encode`). */
export function encodeReady(entry: CachedResponse, acceptEncoding: string | undefined): Encoded | undefined {
  const enc = encodingFor(entry, acceptEncoding);
  if (!enc) return { body: entry.body };
  const body = entry[enc];
  return body ? { body, encoding: enc } : undefined;
}

/** Compressions running, per entry and encoding: concurrent misses share one. */
const inFlight = new WeakMap<CachedResponse, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>();

/**
 * The body in the encoding chosen from Accept-Encoding, compressed once per entry (brotli 9, gzip
 * 9) on libuv's thread pool: the event loop that serves the menus never waits for a compression.
 * The bytes of an entry never change once made (the fast path replays them).
 */
export async function encode(entry: CachedResponse, acceptEncoding: string | undefined): Promise<Encoded> {
  const ready = encodeReady(entry, acceptEncoding);
  if (ready) return ready;
  const enc = encodingFor(entry, acceptEncoding)!;
  const running = inFlight.get(entry) ?? {};
  inFlight.set(entry, running);
  const job = (running[enc] ??= compress(entry.body, enc).then((body) => (entry[enc] ??= body)));
  return { body: await job, encoding: enc };
}

function compress(body: Buffer, enc: 'br' | 'gzip'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (enc === 'br') {
      zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    } else zlib.gzip(body, { level: 9 }, done);
  });
}

/**
 * Body and headers of an entry with `headers`, as Fastify sends them, made once per encoding and
 * protocol; undefined while that encoding is not made yet (the fast path then leaves the request
 * to Fastify, which compresses off the event loop).
 */
export function wire(entry: CachedResponse, acceptEncoding: string | undefined, https: boolean): WireResponse | undefined {
  const ready = encodeReady(entry, acceptEncoding);
  if (!ready) return undefined;
  const { body, encoding } = ready;
  const id = `${encoding ?? 'identity'}${https ? '+hsts' : ''}`;
  const wires = (entry.wire ??= {});
  return (wires[id] ??= {
    body,
    headers: {
      ...entry.headers,
      ...(encoding && { 'content-encoding': encoding }),
      ...(https && { 'strict-transport-security': HSTS }),
      'content-length': body.length,
    },
  });
}

/** Headers of a 304 to an entry with `headers`, as Fastify sends them. */
export function notModifiedHeaders(entry: CachedResponse, https: boolean): WireResponse['headers'] {
  if (!https) return entry.headers!;
  const wires = (entry.wire ??= {});
  return (wires['304+hsts'] ??= { body: Buffer.alloc(0), headers: { ...entry.headers, 'strict-transport-security': HSTS } }).headers;
}

/** Whether an If-None-Match value names this entry's ETag (weak or strong, one of a list). */
export function etagMatches(entry: CachedResponse, ifNoneMatch: string | undefined): boolean {
  return ifNoneMatch ? ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag) : false;
}
