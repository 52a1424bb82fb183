import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { createDb, SQLite } from '../../platform/db/database.js';
import { replayViewJournals } from '../menu/index.js';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, SQLITE_FILE, type BackupManifest } from './backup.js';

export interface RestoreOptions {
  /** The target: must be empty (or not exist yet). */
  dataDir: string;
  /** Set: the server runs on PostgreSQL (restore its database with pg_restore; this restores the photos). */
  databaseUrl?: string;
  /** The restore's time (the view journals' old markers are pruned by it): the CLI's clock. */
  now: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Views from the archive's journals written into the restored database. */
  viewsReplayed: number;
}

/** What an archive may hold; anything else in it is refused. */
const ALLOWED = /^(manifest\.json|qrmenu\.sqlite|uploads(\/[^/]+)*\/?|views(\/[0-9-]+\.log)?\/?)$/;
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * `npm run restore -- FILE`: unpacks a backup made by `npm run backup` into an empty DATA_DIR, never
 * over existing data. The journals it holds are written into the restored database at once (each
 * exactly once: the markers in `view_flushes` say which it already has), so the folder starts clean.
 * Undone (the folder emptied again) if anything fails.
 */
export async function restoreBackup(file: string, opts: RestoreOptions): Promise<RestoreResult> {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) {
    throw new BackupError(`Yedek dosyası bulunamadı: ${archive} / Backup file not found: ${archive}`);
  }
  const dataDir = path.resolve(opts.dataDir);
  if (fs.existsSync(dataDir) && (!fs.statSync(dataDir).isDirectory() || fs.readdirSync(dataDir).length > 0)) {
    throw new BackupError(
      `DATA_DIR boş değil: ${dataDir}. Geri yükleme yalnızca boş bir klasöre yapılır; mevcut verinin üzerine yazılmaz. ` +
        `Yeni bir klasör seçin (DATA_DIR=/yeni/klasor npm run restore -- ${file}). / ` +
        `DATA_DIR is not empty: ${dataDir}. A backup is restored only into an empty folder; existing data is never overwritten. ` +
        `Choose a new folder (DATA_DIR=/new/folder npm run restore -- ${file}).`,
    );
  }
  const created = !fs.existsSync(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    let unexpected: string | undefined;
    await tar.extract({
      file: archive,
      cwd: dataDir,
      strict: true,
      filter: (p, entry) => {
        const type = (entry as { type?: string }).type ?? 'File';
        const ok = ALLOWED.test(p.replace(/^\.\//, '')) && FILE_TYPES.has(type);
        if (!ok) unexpected ??= p;
        return ok;
      },
    });
    if (unexpected) throw new BackupError(`Yedekte beklenmeyen bir öğe var: ${unexpected} / Unexpected entry in the backup: ${unexpected}`);
    const manifest = readManifest(dataDir);
    fs.rmSync(path.join(dataDir, 'manifest.json'));
    let viewsReplayed = 0;
    if (manifest.database === 'sqlite') {
      if (opts.databaseUrl) {
        throw new BackupError(
          'Bu yedek bir SQLite veritabanı içeriyor, ama DATABASE_URL ayarlı (PostgreSQL). DATABASE_URL olmadan geri yükleyin. / ' +
            'This backup holds a SQLite database, but DATABASE_URL is set (PostgreSQL). Restore it without DATABASE_URL.',
        );
      }
      checkSqlite(path.join(dataDir, SQLITE_FILE));
      const db = createDb({ dataDir });
      try {
        // the journals' pids are those of the machine that made them: none is alive here
        viewsReplayed = await replayViewJournals(db, path.join(dataDir, 'views'), opts.now, () => false);
      } finally {
        await db.destroy();
      }
    }
    return { manifest, viewsReplayed };
  } catch (err) {
    // back to empty: a half-restored folder must not be started
    if (created) fs.rmSync(dataDir, { recursive: true, force: true });
    else for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}

function readManifest(dataDir: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('Bu dosya bir QR Menü yedeği değil (manifest.json yok). / This file is not a QR Menü backup (no manifest.json).');
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') {
    throw new BackupError('Bu dosya bir QR Menü yedeği değil. / This file is not a QR Menü backup.');
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(`Bu yedek daha yeni bir sürümle alınmış (biçim ${manifest.version}); önce uygulamayı güncelleyin. / This backup was made by a newer version (format ${manifest.version}); update the application first.`);
  }
  if (manifest.database === 'sqlite' && !fs.existsSync(path.join(dataDir, SQLITE_FILE))) {
    throw new BackupError('Yedekte veritabanı dosyası eksik. / The database file is missing from the backup.');
  }
  return manifest;
}

function checkSqlite(file: string) {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`Yedekteki veritabanı bozuk (${String(check)}). / The database in the backup is damaged (${String(check)}).`);
  } finally {
    db.close();
  }
}
