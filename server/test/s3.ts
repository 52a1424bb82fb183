import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/storage/s3.js';

/** s3rver's built-in account (it checks the requests' signatures against it). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** Store settings for this bucket (optionally in a folder of it). */
  settings(prefix?: string): S3Settings;
  /** The same as STORAGE_URL and the environment a server process takes. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, files in a temp folder) on a free local port, with one empty
 * bucket: the tests' object store, reached through the official SDK like any S3-compatible store.
 */
export async function startS3(bucket = 'qrmenu-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run());
  const endpoint = `http://127.0.0.1:${port}`;
  const url = (prefix = '') => `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({ bucket, prefix: prefix ? `${prefix}/` : '', endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { ...S3RVER_KEYS } }),
    env: (prefix = '') => ({ STORAGE_URL: url(prefix), AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey }),
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
