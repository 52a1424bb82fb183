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
  view?: { business?: number; category?: number };
  /** The business (its user id) whose data this answer shows: that business's edits end it. */
  business?: number;
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

/** The body in the encoding chosen from Accept-Encoding (small bodies go uncompressed), compressed once per entry. */
export function encode(entry: CachedResponse, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const enc = entry.body.length >= 512 ? pickEncoding(acceptEncoding) : undefined;
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

/** Body and headers of an entry with `headers`, as Fastify sends them, made once per encoding and protocol. */
export function wire(entry: CachedResponse, acceptEncoding: string | undefined, https: boolean): WireResponse {
  const { body, encoding } = encode(entry, acceptEncoding);
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
