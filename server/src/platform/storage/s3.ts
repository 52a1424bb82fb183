import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, contentTypeOf, type FileStore, type ListedObject } from './store.js';

/** `STORAGE_URL=s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`, parsed. */
export interface S3Settings {
  bucket: string;
  /** Folder inside the bucket, '' or ending in `/` (`s3://bucket/qrmenu` → `qrmenu/uploads/…`). */
  prefix: string;
  /** S3-compatible endpoint (MinIO, R2 …); unset → AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); unset → the SDK's default chain (profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** Parses STORAGE_URL; throws a message naming what is wrong. */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = {}): S3Settings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: "${value}" (expected s3://bucket?endpoint=…&region=…)`);
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3:// (unset it to keep photos in DATA_DIR/uploads)');
  const bucket = decodeURIComponent(url.hostname);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`STORAGE_URL: "${bucket}" is not a valid bucket name`);
  if (url.username || url.password) throw new Error('STORAGE_URL: give the credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path && !/^[\w.-]+(\/[\w.-]+)*$/.test(path)) throw new Error(`STORAGE_URL: "${path}" is not a usable folder inside the bucket`);
  const q = url.searchParams;
  for (const name of q.keys()) {
    if (!['endpoint', 'region', 'forcePathStyle'].includes(name)) throw new Error(`STORAGE_URL: unknown parameter "${name}" (endpoint, region, forcePathStyle)`);
  }
  const endpoint = q.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) throw new Error(`STORAGE_URL: endpoint must be http(s)://host[:port], got "${endpoint}"`);
  const style = q.get('forcePathStyle');
  if (style != null && !['true', 'false', '1', '0'].includes(style)) throw new Error('STORAGE_URL: forcePathStyle must be true or false');
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  return {
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: q.get('region') || env.AWS_REGION || 'us-east-1',
    forcePathStyle: style === 'true' || style === '1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) } : undefined,
  };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible bucket through the official SDK. Checksums only where the API requires them:
 * the SDK's default (CRC32 on every upload, sent as an aws-chunked trailer) is refused by several
 * S3-compatible stores.
 */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  readonly description: string;
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.description = `s3://${settings.bucket}/${settings.prefix}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // photos are streamed through to diners: more sockets than the SDK's default 50
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, httpAgent: { keepAlive: true, maxSockets: 256 }, httpsAgent: { keepAlive: true, maxSockets: 256 } },
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.settings.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        // names are never reused: a CDN or browser in front of the bucket may keep them for a year
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async head(key: string) {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return { size: res.ContentLength ?? 0, etag: res.ETag, lastModified: res.LastModified, contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async get(key: string, opts: { range?: string } = {}) {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Range: opts.range }));
      return {
        body: res.Body as Readable,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? contentTypeOf(key),
        etag: res.ETag,
        lastModified: res.LastModified,
        contentRange: res.ContentRange,
      };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // one request per object: DeleteObjects needs a Content-MD5/checksum that not every S3-compatible store takes
    await Promise.all(keys.map((k) => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(k) }))));
  }

  async *list(): AsyncIterable<ListedObject> {
    const prefix = `${this.settings.prefix}uploads/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }));
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        yield { key: o.Key.slice(this.settings.prefix.length), modified: o.LastModified ?? new Date(0), size: o.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
      return { ok: true };
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      return { ok: false, error: `${e.name ?? 'Error'}${e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : ''}: ${e.message ?? ''}`.trim() };
    }
  }

  close(): void {
    this.client.destroy();
  }
}
