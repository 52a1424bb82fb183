import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStore } from '../storage/local.js';
import { deleteImage, IMAGE_MSG, sniffImage, storeImage, variantPaths } from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-img-'));
const store = new LocalStore(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const jpeg = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#c2410c' } }).jpeg().toBuffer();
const files = () => (fs.existsSync(path.join(dir, 'uploads')) ? fs.readdirSync(path.join(dir, 'uploads')) : []);

describe('storeImage', () => {
  it('re-encodes a JPEG to WebP in three sizes, server-named, without metadata', async () => {
    const src = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Copyright: 'secret' } })
      .jpeg()
      .toBuffer();
    const rel = await storeImage(store, src);
    expect(rel).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    const [main, md, sm] = variantPaths(rel).map((p) => path.join(dir, p));
    const m = await sharp(main).metadata();
    expect([m.format, m.width, m.height, m.exif]).toEqual(['webp', 1920, 1280, undefined]);
    expect((await sharp(md).metadata()).width).toBe(960);
    expect((await sharp(sm).metadata()).width).toBe(480);
    await deleteImage(store, rel);
    for (const p of [main, md, sm]) expect(fs.existsSync(p)).toBe(false);
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
