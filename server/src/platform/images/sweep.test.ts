import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { storeImage, variantPaths } from './images.js';
import { sweepOrphanImages } from './sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('sweepOrphanImages', () => {
  it('removes old files without a row and keeps referenced and fresh ones', async () => {
    const { userId } = await registerOwner(t.app);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const kept = await storeImage(t.app.storage, jpeg);
    const orphan = await storeImage(t.app.storage, jpeg);
    const fresh = await storeImage(t.app.storage, jpeg);
    const now = new Date().toISOString();
    await t.db.insertInto('categories').values({ user_id: userId, name: 'Tatlılar', description: null, image: kept, created_at: now, updated_at: now }).execute();
    const old = new Date(Date.now() - 60_000);
    for (const p of [...variantPaths(kept), ...variantPaths(orphan)]) fs.utimesSync(path.join(t.config.dataDir, p), old, old);

    expect(await sweepOrphanImages(t.db, t.app.storage, new Date())).toBe(4);
    const exists = (p: string) => fs.existsSync(path.join(t.config.dataDir, p));
    expect(variantPaths(kept).every(exists)).toBe(true);
    expect(variantPaths(orphan).some(exists)).toBe(false);
    expect(variantPaths(fresh).every(exists)).toBe(true);
  });
});
