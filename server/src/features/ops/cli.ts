import path from 'node:path';
import { loadConfig } from '../../platform/config.js';
import { systemClock } from '../../platform/clock.js';
import { BackupError, createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup` and `npm run restore -- FILE` (README "Operations: metrics, health, backups").
 * Messages in Turkish and English: operators read both. Exit 0 done, 1 failed, 2 misused.
 */
async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  const config = loadConfig();
  // a process without an app: the system's clock
  const clock = systemClock();
  // photos in an object store are backed up by the bucket, not here
  const objectStorage = Boolean(process.env.STORAGE_URL);
  if (command === 'backup') {
    const r = await createBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, objectStorage, now: clock.now() });
    const c = r.manifest.counts;
    console.log(`Yedek alındı / Backup written: ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB)`);
    if (r.manifest.database === 'sqlite') {
      console.log(`  veritabanı / database: ${c.users} hesap / accounts, ${c.categories} kategori / categories, ${c.products} ürün / products`);
      console.log(`  görüntüleme günlükleri / view journals: ${c.journals}`);
    } else {
      console.log('  PostgreSQL: veritabanını pg_dump ile alın / take the database with pg_dump:');
      console.log('    pg_dump --format=custom --file=qrmenu.dump "$DATABASE_URL"');
    }
    if (objectStorage) console.log('  Fotoğraflar nesne deposunda (STORAGE_URL): kovayı kendi araçlarıyla yedekleyin / Photos are in the bucket: back it up with its own tools.');
    else console.log(`  fotoğraf dosyaları / photo files: ${c.uploads}`);
    return 0;
  }
  if (command === 'restore') {
    if (!file) {
      console.error('Kullanım / Usage: npm run restore -- DOSYA.tar.gz   (DATA_DIR boş bir klasör olmalı / DATA_DIR must be an empty folder)');
      return 2;
    }
    // npm runs scripts from the project root: a relative name is the caller's
    const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const r = await restoreBackup(archive, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, now: clock.now() });
    console.log(`Geri yüklendi / Restored into: ${config.dataDir} (yedek / backup of ${r.manifest.createdAt})`);
    if (r.manifest.database === 'sqlite') console.log(`  günlüklerden yazılan görüntüleme / views written from the journals: ${r.viewsReplayed}`);
    else console.log('  PostgreSQL: veritabanını pg_restore ile geri yükleyin / restore the database with pg_restore (README).');
    if (r.manifest.uploads === 'object-storage') console.log('  Fotoğraflar bu yedekte değil, kovada / Photos are not in this backup but in the bucket.');
    console.log('  Başlatın / Start: npm start');
    return 0;
  }
  console.error('Kullanım / Usage: npm run backup | npm run restore -- DOSYA.tar.gz');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof BackupError) console.error(err.message);
    else console.error(`İşlem başarısız / Failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
