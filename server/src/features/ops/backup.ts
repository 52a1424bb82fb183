import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { SQLite } from '../../platform/db/database.js';

/**
 * `npm run backup` (README "Operations"): DATA_DIR/backups/qrmenu-<timestamp>.tar.gz with
 *   manifest.json   what it holds (format, time, database, counts)
 *   qrmenu.sqlite   the database, copied by SQLite's online backup while the server runs
 *   uploads/        the photos (none when they live in an object store: the bucket keeps its own)
 *   views/          the view journals: views counted but not yet in the database
 * With PostgreSQL the database is left to pg_dump; the archive holds the photos only.
 *
 * Consistency while the server writes. The journals and photos are hard-linked into a staging
 * folder first (T1), then the database is copied in one step of the backup API (one read
 * transaction: a snapshot at T2), then the files made since T1 are linked too (T3). A link keeps a
 * file even if the server deletes it afterwards, so every photo and journal that existed at T1 is
 * in the archive. A journal written to the database between T1 and T2 still has its marker in
 * `view_flushes` at T2 (markers stay MARKER_KEEP_MS, features/menu/views/views.ts), so the restore skips it: no
 * view is counted twice, and every view answered before the backup began is in it.
 */

export const BACKUP_FORMAT = 'qrmenu-backup';
export const BACKUP_VERSION = 1;
export const SQLITE_FILE = 'qrmenu.sqlite';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** `local`: the photos are in uploads/; `object-storage`: they are in the bucket, not here. */
  uploads: 'local' | 'object-storage';
  /** The last migration applied to the copied database (SQLite). */
  migration?: string;
  counts: { uploads: number; journals: number; users?: number; categories?: number; products?: number };
}

export interface BackupOptions {
  dataDir: string;
  /** Set: PostgreSQL (pg_dump takes the database). */
  databaseUrl?: string;
  /** The photos live in an object store (STORAGE_URL): not copied. */
  objectStorage?: boolean;
  /** Where the archive goes (default DATA_DIR/backups). */
  outDir?: string;
  /** The backup's time (its manifest and file name): the CLI's clock. */
  now: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

const JOURNAL = /^\d+-\d+-\d+\.log$/;

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const dataDir = path.resolve(opts.dataDir);
  const outDir = path.resolve(opts.outDir ?? path.join(dataDir, 'backups'));
  const now = opts.now;
  const dialect = opts.databaseUrl ? 'postgres' : 'sqlite';
  const dbFile = path.join(dataDir, SQLITE_FILE);
  if (dialect === 'sqlite' && !fs.existsSync(dbFile)) {
    throw new BackupError(`Veritabanı bulunamadı: ${dbFile} (DATA_DIR doğru mu?) / Database not found: ${dbFile} (is DATA_DIR right?)`);
  }
  fs.mkdirSync(outDir, { recursive: true });
  // staging next to the archive, on the data's file system, so that links work
  const staging = fs.mkdtempSync(path.join(outDir, '.staging-'));
  try {
    const uploadsFrom = path.join(dataDir, 'uploads');
    const viewsFrom = path.join(dataDir, 'views');
    const uploadsTo = path.join(staging, 'uploads');
    const viewsTo = path.join(staging, 'views');
    const copyUploads = !opts.objectStorage;
    const copyJournals = dialect === 'sqlite';

    // T1: the files as they are now
    if (copyUploads) linkTree(uploadsFrom, uploadsTo, (name) => !name.startsWith('.'));
    if (copyJournals) linkTree(viewsFrom, viewsTo, (name) => JOURNAL.test(name));

    // T2: the database snapshot
    let facts: Pick<BackupManifest, 'migration' | 'counts'> | undefined;
    if (dialect === 'sqlite') facts = await snapshotSqlite(dbFile, path.join(staging, SQLITE_FILE));

    // T3: files made since T1; journals are then frozen (the server may still append to its current one)
    if (copyUploads) linkTree(uploadsFrom, uploadsTo, (name) => !name.startsWith('.'));
    if (copyJournals) {
      linkTree(viewsFrom, viewsTo, (name) => JOURNAL.test(name));
      freeze(viewsTo);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: dialect,
      uploads: copyUploads ? 'local' : 'object-storage',
      ...(facts?.migration ? { migration: facts.migration } : {}),
      counts: { ...facts?.counts, uploads: countFiles(uploadsTo), journals: countFiles(viewsTo) },
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

    const entries = ['manifest.json', SQLITE_FILE, 'uploads', 'views'].filter((e) => fs.existsSync(path.join(staging, e)));
    const file = path.join(outDir, `qrmenu-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    // on disk before it gets its final name: a listed backup is always a whole one
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export class BackupError extends Error {}

/**
 * The online backup in one step: a single read transaction, so the copy is the database at one
 * instant (WAL mode: the server's writers are not blocked meanwhile). Then checked, and turned into
 * a self-contained file (rollback journal, no -wal beside it).
 */
async function snapshotSqlite(source: string, target: string): Promise<Pick<BackupManifest, 'migration' | 'counts'>> {
  const src = new SQLite(source, { fileMustExist: true });
  try {
    src.pragma('busy_timeout = 10000');
    await src.backup(target, { progress: () => 0x7fffffff });
  } finally {
    src.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`Kopyalanan veritabanı bozuk (${String(check)}) / The copied database is damaged (${String(check)})`);
    copy.pragma('journal_mode = DELETE');
    const count = (table: string) => (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const last = copy.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined;
    return { migration: last?.name, counts: { uploads: 0, journals: 0, users: count('users'), categories: count('categories'), products: count('products') } };
  } finally {
    copy.close();
  }
}

/** Hard-links (or copies, across file systems) every file of `from` not yet in `to`, recursively. */
function linkTree(from: string, to: string, keep: (name: string) => boolean) {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch {
    return; // no such folder (nothing uploaded yet)
  }
  fs.mkdirSync(to, { recursive: true });
  for (const e of entries) {
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    if (e.isDirectory()) {
      linkTree(src, dst, keep);
      continue;
    }
    if (!e.isFile() || !keep(e.name) || fs.existsSync(dst)) continue;
    try {
      fs.linkSync(src, dst);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted meanwhile
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
      try {
        fs.copyFileSync(src, dst);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code !== 'ENOENT') throw copyErr;
      }
    }
  }
}

/** Replaces each linked file by a copy of its content now (a cut last line is dropped at replay). */
function freeze(dir: string) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const data = fs.readFileSync(file);
    fs.rmSync(file);
    fs.writeFileSync(file, data);
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}
