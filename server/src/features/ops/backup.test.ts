import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { bearer, buildTestApp, isPostgres, RELAXED_LIMITS, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { jpeg, sendForm } from '../../../test/owner-helpers.js';
import { BackupError, createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * npm run backup / restore, in process: a backup taken while an owner keeps writing and diners keep
 * viewing holds every write and view acknowledged before it began, and restores into a folder an
 * app starts on. The same through real processes and the npm scripts: server/stress/backup.test.ts.
 */
let t: TestApp;
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(d);
  return d;
};
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  for (const d of temp) fs.rmSync(d, { recursive: true, force: true });
});

/** An owner writing categories (every third with a photo) and diners viewing the menu, until stopped. */
async function load(app: FastifyInstance, biz: Awaited<ReturnType<typeof createBusiness>>) {
  const photo = await jpeg(320, 240);
  const acked: Array<{ name: string; at: number }> = [];
  const views: number[] = [];
  let attemptedViews = 0;
  let running = true;
  let n = 0;
  const writer = (async () => {
    while (running) {
      const name = `Yedek Kategori ${++n}`;
      const res = await sendForm(app, '/api/store-category', biz.token, { name, status: '1' }, n % 3 === 0 ? { data: photo } : undefined);
      if (res.json().status === 200) acked.push({ name, at: performance.now() });
    }
  })();
  const viewer = (async () => {
    while (running) {
      attemptedViews++;
      const res = await app.inject({ url: `/qr/${biz.slug}` });
      if (res.statusCode === 200) views.push(performance.now());
      await new Promise((r) => setImmediate(r));
    }
  })();
  return {
    acked,
    views,
    attempted: () => attemptedViews,
    async stop() {
      running = false;
      await Promise.all([writer, viewer]);
    },
  };
}

/** An app on a restored DATA_DIR, as `npm start` would run it (migrations, then the app). */
async function startOn(dataDir: string) {
  const config = { ...t.config, dataDir };
  const db = createDb(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, rateLimits: RELAXED_LIMITS });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

describe.skipIf(isPostgres())('npm run backup / restore (SQLite)', () => {
  it('a backup during writes and views holds every write and view acknowledged before it began, and the app starts on its restore', async () => {
    const biz = await createBusiness(t.app, 'Yedekli Kafe');
    const running = await load(t.app, biz);
    while (running.acked.length < 6 || running.views.length < 20) await new Promise((r) => setTimeout(r, 20));
    const began = performance.now();
    const ackedBefore = running.acked.filter((a) => a.at < began).map((a) => a.name);
    const viewsBefore = running.views.filter((v) => v < began).length;
    const backup = await createBackup({ dataDir: t.config.dataDir, now: new Date() });
    // the load goes on a little after it, then stops
    const after = running.acked.length;
    while (running.acked.length < after + 3) await new Promise((r) => setTimeout(r, 20));
    await running.stop();
    expect(running.views.some((v) => v > began)).toBe(true); // the diners went on during the backup too

    expect(path.dirname(backup.file)).toBe(path.join(t.config.dataDir, 'backups'));
    expect(path.basename(backup.file)).toMatch(/^qrmenu-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(backup.manifest).toMatchObject({ format: 'qrmenu-backup', version: 1, database: 'sqlite', uploads: 'local' });
    expect(fs.readdirSync(path.dirname(backup.file))).toEqual([path.basename(backup.file)]); // no staging, no partial left
    const entries: string[] = [];
    await tar.list({ file: backup.file, onReadEntry: (e) => void entries.push(e.path) });
    expect(entries).toContain('manifest.json');
    expect(entries).toContain('qrmenu.sqlite');
    expect(entries.some((e) => /^uploads\/[0-9a-f]{32}\.webp$/.test(e))).toBe(true);

    const restored = path.join(tempDir('qrmenu-restore-'), 'data');
    const result = await restoreBackup(backup.file, { dataDir: restored, now: new Date() });
    expect(result.manifest.createdAt).toBe(backup.manifest.createdAt);
    expect(fs.readdirSync(path.join(restored, 'views')).filter((f) => f.endsWith('.log'))).toEqual([]); // replayed into the database
    expect(fs.existsSync(path.join(restored, 'manifest.json'))).toBe(false);

    const r = await startOn(restored);
    try {
      // the owner's token was in the database: the same sign-in works on the restored copy
      const list = (await r.app.inject({ url: '/api/view-category', headers: bearer(biz.token) })).json();
      expect(list.status).toBe(200);
      const names = new Set((list.category as Array<{ name: string }>).map((c) => c.name));
      for (const name of ackedBefore) expect(names, name).toContain(name);
      const withPhotos = (list.category as Array<{ image: string | null }>).filter((c) => c.image);
      expect(withPhotos.length).toBeGreaterThan(0);
      for (const c of withPhotos) expect((await r.app.inject({ url: `/${c.image}` })).statusCode, c.image!).toBe(200);
      const counted = await r.db.selectFrom('settings').select('count').where('user_id', '=', biz.userId).executeTakeFirstOrThrow();
      expect(Number(counted.count)).toBeGreaterThanOrEqual(viewsBefore);
      expect(Number(counted.count)).toBeLessThanOrEqual(running.attempted());
    } finally {
      await r.close();
    }
  });

  it('does not count twice a journal that the snapshot already holds (written between the links and the snapshot)', async () => {
    const biz = await createBusiness(t.app, 'Çift Sayım Kafe');
    await t.app.views.flush();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: `/qr/${biz.slug}` })).statusCode).toBe(200);
    const journals = path.join(t.config.dataDir, 'views');
    const names = fs.readdirSync(journals).filter((f) => f.endsWith('.log'));
    expect(names.length).toBeGreaterThan(0);
    // what the backup's first links hold…
    const held = tempDir('qrmenu-held-');
    for (const n of names) fs.copyFileSync(path.join(journals, n), path.join(held, n));
    // …then the server writes those views (marker in view_flushes) and deletes the journal, before the snapshot
    await t.app.views.flush();
    const { file } = await createBackup({ dataDir: t.config.dataDir, now: new Date() });
    const unpacked = tempDir('qrmenu-unpacked-');
    await tar.extract({ file, cwd: unpacked });
    fs.mkdirSync(path.join(unpacked, 'views'), { recursive: true });
    for (const n of names) fs.copyFileSync(path.join(held, n), path.join(unpacked, 'views', n));
    const repacked = path.join(tempDir('qrmenu-repacked-'), 'b.tar.gz');
    await tar.create({ gzip: true, file: repacked, cwd: unpacked }, fs.readdirSync(unpacked));

    const target = path.join(tempDir('qrmenu-twice-'), 'data');
    const result = await restoreBackup(repacked, { dataDir: target, now: new Date() });
    expect(result.viewsReplayed).toBe(0);
    const db = createDb({ dataDir: target });
    try {
      const s = await db.selectFrom('settings').select('count').where('user_id', '=', biz.userId).executeTakeFirstOrThrow();
      expect(Number(s.count)).toBe(5);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a folder that is not empty, in Turkish and English, and changes nothing there', async () => {
    const { file } = await createBackup({ dataDir: t.config.dataDir, now: new Date() });
    const target = tempDir('qrmenu-full-');
    fs.writeFileSync(path.join(target, 'qrmenu.sqlite'), 'existing data');
    const err = await restoreBackup(file, { dataDir: target, now: new Date() }).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.message).toContain('DATA_DIR boş değil');
    expect(err.message).toContain('DATA_DIR is not empty');
    expect(fs.readdirSync(target)).toEqual(['qrmenu.sqlite']);
    expect(fs.readFileSync(path.join(target, 'qrmenu.sqlite'), 'utf8')).toBe('existing data');
  });

  it('refuses to restore a SQLite backup for a PostgreSQL server, and leaves the folder empty', async () => {
    const { file } = await createBackup({ dataDir: t.config.dataDir, now: new Date() });
    const target = tempDir('qrmenu-pgtarget-');
    await expect(restoreBackup(file, { dataDir: target, databaseUrl: 'postgres://postgres@127.0.0.1:5432/x', now: new Date() })).rejects.toThrow(/DATABASE_URL/);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

describe.runIf(isPostgres())('npm run backup / restore (PostgreSQL: the photos; pg_dump takes the database)', () => {
  it('archives the local photos without a database file, and restores them', async () => {
    const biz = await createBusiness(t.app, 'Postgres Kafe');
    const res = await sendForm(t.app, '/api/store-category', biz.token, { name: 'Fotoğraflı', status: '1' }, { data: await jpeg(200, 150) });
    const image = res.json().category.image as string;
    const backup = await createBackup({ dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl, now: new Date() });
    expect(backup.manifest).toMatchObject({ database: 'postgres', uploads: 'local' });
    const entries: string[] = [];
    await tar.list({ file: backup.file, onReadEntry: (e) => void entries.push(e.path) });
    expect(entries).not.toContain('qrmenu.sqlite');
    expect(entries).toContain(image);
    const target = path.join(tempDir('qrmenu-pgrestore-'), 'data');
    await restoreBackup(backup.file, { dataDir: target, databaseUrl: t.config.databaseUrl, now: new Date() });
    expect(fs.readFileSync(path.join(target, image))).toEqual(fs.readFileSync(path.join(t.config.dataDir, image)));
  });
});

describe('npm run restore: archives that are not ours', () => {
  it('refuses a file that is not a backup, and leaves no half-restored folder', async () => {
    const dir = tempDir('qrmenu-bad-');
    const bogus = path.join(dir, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'this is not an archive');
    const target = path.join(dir, 'data');
    await expect(restoreBackup(bogus, { dataDir: target, now: new Date() })).rejects.toThrow();
    expect(fs.existsSync(target)).toBe(false);
    await expect(restoreBackup(path.join(dir, 'missing.tar.gz'), { dataDir: target, now: new Date() })).rejects.toThrow(/Yedek dosyası bulunamadı/);
  });

  it('refuses an archive with anything but the manifest, the database, uploads/ and views/', async () => {
    const dir = tempDir('qrmenu-evil-');
    const src = path.join(dir, 'src');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, 'manifest.json'), JSON.stringify({ format: 'qrmenu-backup', version: 1, database: 'postgres', uploads: 'local', counts: {} }));
    fs.writeFileSync(path.join(src, 'run-me.sh'), '#!/bin/sh\n');
    const file = path.join(dir, 'evil.tar.gz');
    await tar.create({ gzip: true, file, cwd: src }, ['manifest.json', 'run-me.sh']);
    const target = path.join(dir, 'data');
    await expect(restoreBackup(file, { dataDir: target, now: new Date() })).rejects.toThrow(/Unexpected entry in the backup: run-me\.sh/);
    expect(fs.existsSync(target)).toBe(false);
  });
});
