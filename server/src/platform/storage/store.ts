import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are the paths kept in the database (`uploads/<id>.webp`, its
 * `-md`/`-sm` siblings): the same key on disk (`DATA_DIR/uploads/…`) or in a bucket
 * (`[prefix/]uploads/…`). Stored files are never changed after they are written (server-made,
 * random names), so any copy — a browser's, a CDN's — stays valid for ever.
 */
export interface StoredObject {
  body: Readable;
  /** Bytes of the whole object (or of the range asked for). */
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
  /** `bytes a-b/total` when a range was answered. */
  contentRange?: string;
}

export interface ListedObject {
  key: string;
  modified: Date;
  size: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** For logs: `/data/uploads` or `s3://bucket/prefix`. */
  readonly description: string;
  /** Writes a whole object; resolves once it is durable (fsync on disk, the store's answer in S3). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such object. */
  get(key: string, opts?: { range?: string }): Promise<StoredObject | undefined>;
  /** Size and date without the body; undefined when missing. */
  head(key: string): Promise<{ size: number; etag?: string; lastModified?: Date; contentType: string } | undefined>;
  /** Removes the objects; missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Every object under `uploads/`. */
  list(): AsyncIterable<ListedObject>;
  /** Reachable and usable (for health checks); never throws. */
  check(): Promise<{ ok: boolean; error?: string }>;
  close(): void;
}

/** Keys the stores accept: `uploads/<name>` with a plain file name (no folders, no `..`). */
export const UPLOAD_KEY = /^uploads\/[\w-][\w.-]{0,200}$/;

export function assertKey(key: string): void {
  if (!UPLOAD_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

/** Content type of a stored file by its extension (all photos are WebP; never a type a browser would run). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }[ext] ?? 'application/octet-stream';
}

/** Reads a stored object whole (exports, the migration); undefined when missing. */
export async function readWhole(store: FileStore, key: string): Promise<Buffer | undefined> {
  const obj = await store.get(key);
  if (!obj) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body as AsyncIterable<Buffer | Uint8Array | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
