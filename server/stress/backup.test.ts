import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run backup` while the built server runs under continuous owner writes (categories, some
 * with photos, and profile edits) and diner views; `npm run restore -- FILE` into a new DATA_DIR;
 * the server started on it has every write and view acknowledged before the backup began, and
 * serves the photos. A second restore into that (now full) folder is refused.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'error', ...env } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run backup / restore under load (real processes)', () => {
  it('restores every write and view acknowledged before the backup began', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bk-'));
    const restoredRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bk-restored-'));
    const restored = path.join(restoredRoot, 'data');
    cleanups.push(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(restoredRoot, { recursive: true, force: true });
    });
    let server: ServerProcess = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    cleanups.push(() => server.stop('SIGKILL'));

    const reg = await json(`${server.url}/api/register`, { body: { name: 'Yedek Testi', email: `backup${Date.now()}@example.com`, password: 'yedek-sifre-12' } });
    const token: string = reg.body.token;
    const profile = { name: 'Yedek Testi', companyname: 'Yedekli Lokanta', address: 'Karaköy', city: 34, tel: '05551112233', deskcount: 1 };
    expect((await json(`${server.url}/api/update-setting`, { token, body: profile })).body.status).toBe(200);
    const slug = (await json(`${server.url}/api/edit-setting`, { token })).body.settings.companyengname as string;
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0e7490' } }).jpeg().toBuffer();

    const acked = { categories: [] as Array<{ name: string; at: number }>, desks: [] as Array<{ desk: number; at: number }>, views: [] as number[] };
    const attempts: number[] = [];
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        const i = ++n;
        if (i % 4 === 3) {
          const r = await json(`${server.url}/api/update-setting`, { token, body: { ...profile, deskcount: i } });
          if (r.body?.status === 200) acked.desks.push({ desk: i, at: Date.now() });
          continue;
        }
        const name = `Kategori ${i}`;
        const f = new FormData();
        f.set('name', name);
        f.set('status', '1');
        if (i % 3 === 0) f.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
        const r = await (await fetch(`${server.url}/api/store-category`, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } })).json();
        if (r.status === 200) acked.categories.push({ name, at: Date.now() });
      }
    };
    const viewer = async () => {
      while (running) {
        attempts.push(Date.now());
        const r = await fetch(`${server.url}/qr/${slug}`, { headers: { 'accept-language': 'tr' } });
        await r.arrayBuffer();
        if (r.status === 200) acked.views.push(Date.now());
      }
    };
    const load = [writer(), writer(), viewer(), viewer()];
    await sleep(1_500);

    const began = Date.now();
    const backup = await npm(['backup'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(backup.code, backup.stderr).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toMatch(/\/backups\/qrmenu-[\dTZ-]+\.tar\.gz$/);
    const ended = Date.now();
    await sleep(500);
    running = false;
    await Promise.all(load);
    await server.stop();

    const catsBefore = acked.categories.filter((c) => c.at < began).map((c) => c.name);
    const deskBefore = Math.max(1, ...acked.desks.filter((d) => d.at < began).map((d) => d.desk));
    const viewsBefore = acked.views.filter((v) => v < began).length;
    expect(catsBefore.length).toBeGreaterThan(5);
    expect(viewsBefore).toBeGreaterThan(20);
    // the load went on during the backup
    expect(acked.categories.some((c) => c.at > began) && acked.views.some((v) => v > began)).toBe(true);

    const restore = await npm(['restore', '--', file!], { DATA_DIR: restored, DATABASE_URL: '' });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restored into');

    // a second restore into the same folder is refused, in Turkish and English
    const again = await npm(['restore', '--', file!], { DATA_DIR: restored, DATABASE_URL: '' });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('DATA_DIR boş değil');
    expect(again.stderr).toContain('DATA_DIR is not empty');

    server = await startServer({ DATA_DIR: restored, DATABASE_URL: '' });
    const cats = (await json(`${server.url}/api/view-category`, { token })).body.category as Array<{ name: string; image: string | null }>;
    const names = new Set(cats.map((c) => c.name));
    expect(catsBefore.filter((c) => !names.has(c))).toEqual([]);
    const photos = cats.filter((c) => c.image);
    expect(photos.length).toBeGreaterThan(0);
    for (const c of photos) {
      const r = await fetch(`${server.url}/${c.image}`);
      expect(r.status, c.image!).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
      await r.arrayBuffer();
    }
    const s = (await json(`${server.url}/api/edit-setting`, { token })).body.settings;
    expect(Number(s.deskcount)).toBeGreaterThanOrEqual(deskBefore);
    expect(Number(s.count)).toBeGreaterThanOrEqual(viewsBefore);
    // and none twice: no more than the views asked for before the backup ended
    const attemptedBeforeEnd = attempts.filter((a) => a <= ended).length;
    expect(Number(s.count)).toBeLessThanOrEqual(attemptedBeforeEnd);
    console.log(`backup under load: ${catsBefore.length} categories and ${viewsBefore} views acknowledged before it began; restored ${cats.length} categories, ${s.count} views (${attemptedBeforeEnd} asked for before it ended, ${attempts.length} in all)`);
    await server.stop();
  });
});
