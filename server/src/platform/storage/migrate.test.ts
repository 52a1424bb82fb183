import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, RELAXED_LIMITS, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { jpeg, sendForm, uploadFiles } from '../../../test/owner-helpers.js';
import { startS3, type TestBucket } from '../../../test/s3.js';
import { variantPaths } from '../images/images.js';
import { LocalStore } from './local.js';
import { copyLocalToStore } from './migrate.js';
import { S3Store } from './s3.js';

/**
 * `npm run storage:migrate`: the photos of a running single-disk installation are copied into the
 * bucket; run again, it copies only what is new; an instance on the bucket then shows them all.
 */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const CLI = path.join(ROOT, 'server/src/platform/storage/migrate-cli.ts');
let s3: TestBucket;
let t: TestApp;
let bucket: S3Store;
let owner: Awaited<ReturnType<typeof createBusiness>>;
let cat: number;

const addPhoto = async (name: string) =>
  (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat, name, selling_price: '50' }, { data: await jpeg(400, 300) })).json().product.image as string;

/** Runs the command as `npm run storage:migrate` does (tsx), with the given environment. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

beforeAll(async () => {
  s3 = await startS3();
  t = await buildTestApp(); // photos on disk, as before STORAGE_URL
  bucket = new S3Store(s3.settings());
  owner = await createBusiness(t.app, 'Taşınan Kafe');
  cat = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Izgaralar', status: '1' }, { data: await jpeg(800, 450) })).json().category.id;
});
afterAll(async () => {
  await t?.close();
  bucket?.close();
  await s3?.stop();
});

describe('copying DATA_DIR/uploads into the bucket', () => {
  it('copies every file once, reports counts and progress, and copies only what is new when run again', async () => {
    const first = await addPhoto('Adana');
    await addPhoto('Urfa');
    const local = new LocalStore(t.config.dataDir);
    expect(uploadFiles(t.config.dataDir)).toHaveLength(12);

    const seen: string[] = [];
    const report = await copyLocalToStore(local, bucket, { onFile: (done, total, key, outcome) => seen.push(`${done}/${total} ${outcome}`) });
    expect(report).toEqual({ total: 12, copied: 12, skipped: 0, failed: [] });
    expect(seen).toHaveLength(12);
    expect(seen.at(-1)).toBe('12/12 copied');
    for (const k of variantPaths(first)) {
      expect((await bucket.head(k))?.size, k).toBe(fs.statSync(path.join(t.config.dataDir, k)).size);
      expect((await bucket.head(k))?.contentType, k).toBe('image/webp');
    }

    expect(await copyLocalToStore(local, bucket)).toEqual({ total: 12, copied: 0, skipped: 12, failed: [] });
    // a photo added meanwhile (the server keeps running), and an object cut short by an interrupted run
    await addPhoto('Beyti');
    await bucket.put(variantPaths(first)[1], Buffer.from('yarım'), 'image/webp');
    expect(await copyLocalToStore(local, bucket)).toEqual({ total: 16, copied: 5, skipped: 11, failed: [] });
  });

  it('npm run storage:migrate: prints progress and counts; refuses without STORAGE_URL or an unreachable bucket', async () => {
    const run = await runCli({ DATA_DIR: t.config.dataDir, ...s3.env() });
    expect(run.err).not.toMatch(/fail|error/i); // (the SDK warns on stderr under Node 20 that its 2027 releases need Node 22)
    expect(run.code).toBe(0);
    expect(run.out).toContain(`→ s3://${s3.bucket}/`);
    expect(run.out).toMatch(/16\/16 files \(100 %\)/);
    expect(run.out).toMatch(/16 files, 0 copied, 16 already in the bucket, 0 failed\./);

    const unset = await runCli({ DATA_DIR: t.config.dataDir });
    expect(unset.code).toBe(2);
    expect(unset.err).toMatch(/STORAGE_URL is not set/);

    const dead = await runCli({ DATA_DIR: t.config.dataDir, ...s3.env(), STORAGE_URL: `s3://${s3.bucket}?endpoint=http://127.0.0.1:9&forcePathStyle=true` });
    expect(dead.code).toBe(2);
    expect(dead.err).toMatch(/cannot be used/);
  });

  it('an instance on the bucket (no photos on its disk) then shows every photo of the menu', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-migrated-'));
    let b: FastifyInstance | undefined;
    try {
      b = await buildApp({ config: { ...t.config, dataDir: dir, storage: s3.settings() }, db: t.db, rateLimits: RELAXED_LIMITS });
      const page = await b.inject({ url: `/qr/${owner.slug}/category/${cat}` });
      const srcs = [...page.body.matchAll(/src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]);
      expect(srcs).toHaveLength(3);
      for (const src of srcs) {
        const res = await b.inject({ url: src });
        expect(res.statusCode, src).toBe(200);
        expect(res.rawPayload.equals(fs.readFileSync(path.join(t.config.dataDir, src)))).toBe(true);
      }
      expect(uploadFiles(dir)).toEqual([]);
    } finally {
      await b?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
