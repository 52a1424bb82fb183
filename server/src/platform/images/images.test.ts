import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStore } from '../storage/local.js';
import { backfillSmallest, deleteImage, IMAGE_MSG, sniffImage, storeImage, variantPaths } from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-img-'));
const store = new LocalStore(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const jpeg = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#c2410c' } }).jpeg().toBuffer();
const files = () => (fs.existsSync(path.join(dir, 'uploads')) ? fs.readdirSync(path.join(dir, 'uploads')) : []);

describe('storeImage', () => {
  it('re-encodes a JPEG to WebP in four sizes, server-named, without metadata', async () => {
    const src = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Copyright: 'secret' } })
      .jpeg()
      .toBuffer();
    const rel = await storeImage(store, src);
    expect(rel).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    const [main, md, sm, xs] = variantPaths(rel).map((p) => path.join(dir, p));
    const m = await sharp(main).metadata();
    expect([m.format, m.width, m.height, m.exif]).toEqual(['webp', 1920, 1280, undefined]);
    expect((await sharp(md).metadata()).width).toBe(960);
    expect((await sharp(sm).metadata()).width).toBe(480);
    expect((await sharp(xs).metadata()).width).toBe(240);
    await deleteImage(store, rel);
    for (const p of [main, md, sm, xs]) expect(fs.existsSync(p)).toBe(false);
  });

  it('refuses text named .jpg, SVG, truncated JPEG and oversized pixel counts, storing nothing', async () => {
    const before = files().length;
    await expect(storeImage(store, Buffer.from('hello, I am text'))).rejects.toThrow(IMAGE_MSG.type);
    await expect(storeImage(store, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).rejects.toThrow(IMAGE_MSG.type);
    const full = await jpeg(800, 600);
    await expect(storeImage(store, full.subarray(0, Math.floor(full.length / 2)))).rejects.toThrow(IMAGE_MSG.broken);
    // a tiny PNG declaring 20000×20000 pixels
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer();
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20000, 16);
    huge.writeUInt32BE(20000, 20);
    await expect(storeImage(store, huge)).rejects.toThrow();
    expect(files().length).toBe(before);
    expect(sniffImage(full)).toBe('jpeg');
  });
});

describe('backfillSmallest', () => {
  it('makes the 240 px size of photos stored without it, from their 480 px size, once', async () => {
    const bdir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-backfill-'));
    const bstore = new LocalStore(bdir);
    try {
      const tall = await storeImage(bstore, await jpeg(1200, 1600));
      const small = await storeImage(bstore, await jpeg(200, 150));
      const [, , , tallXs] = variantPaths(tall).map((p) => path.join(bdir, p));
      const [, , , smallXs] = variantPaths(small).map((p) => path.join(bdir, p));
      // as stored by a version without the 240 px size
      fs.rmSync(tallXs);
      fs.rmSync(smallXs);
      // a file that is not one of our photos is left alone
      fs.writeFileSync(path.join(bdir, 'uploads', 'legacy.png'), 'x');
      const progress: string[] = [];
      const first = await backfillSmallest(bstore, { onProgress: (d, t) => progress.push(`${d}/${t}`) });
      expect(first).toEqual({ made: 2, failed: [] });
      expect(progress).toEqual(['1/2', '2/2']);
      const m = await sharp(tallXs).metadata();
      expect([m.format, m.width, m.height]).toEqual(['webp', 240, 320]);
      // never enlarged
      expect((await sharp(smallXs).metadata()).width).toBe(200);
      expect(fs.existsSync(path.join(bdir, 'uploads', 'legacy-xs.webp'))).toBe(false);
      const before = fs.statSync(tallXs).mtimeMs;
      expect(await backfillSmallest(bstore)).toEqual({ made: 0, failed: [] });
      expect(fs.statSync(tallXs).mtimeMs).toBe(before);
    } finally {
      fs.rmSync(bdir, { recursive: true, force: true });
    }
  });

  it('reports a photo it cannot read and goes on with the others', async () => {
    const bdir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-backfill-'));
    const bstore = new LocalStore(bdir);
    try {
      const good = await storeImage(bstore, await jpeg(800, 600));
      const bad = await storeImage(bstore, await jpeg(800, 600));
      for (const rel of [good, bad]) fs.rmSync(path.join(bdir, variantPaths(rel)[3]));
      fs.writeFileSync(path.join(bdir, variantPaths(bad)[2]), 'broken');
      const r = await backfillSmallest(bstore);
      expect(r.made).toBe(1);
      expect(r.failed.map((f) => f.key)).toEqual([bad]);
      expect(fs.existsSync(path.join(bdir, variantPaths(good)[3]))).toBe(true);
      expect(fs.existsSync(path.join(bdir, variantPaths(bad)[3]))).toBe(false);
    } finally {
      fs.rmSync(bdir, { recursive: true, force: true });
    }
  });
});

describe('npm run images:backfill', () => {
  it('makes the missing 240 px sizes in DATA_DIR/uploads, prints progress and counts', async () => {
    const bdir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-backfill-cli-'));
    try {
      const rel = await storeImage(new LocalStore(bdir), await jpeg(640, 480));
      const xs = path.join(bdir, variantPaths(rel)[3]);
      fs.rmSync(xs);
      const root = fileURLToPath(new URL('../../../../', import.meta.url));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/platform/images/backfill-cli.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: bdir },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/1\/1 photos \(100 %\)/);
      expect(run.stdout).toMatch(/1 made, 0 failed\./);
      expect((await sharp(xs).metadata()).width).toBe(240);
    } finally {
      fs.rmSync(bdir, { recursive: true, force: true });
    }
  });
});
