import fs from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '../db/database.js';
import { variantPaths } from './images.js';

/**
 * Start-up sweep: removes upload files that no category, product, logo or cover refers to. They appear when
 * the process dies between writing a photo and committing its row, or between replacing a photo
 * and deleting the old files. Files younger than `graceMs` are kept, so a second instance that is
 * between "file written" and "row committed" (milliseconds) is never robbed.
 */
export async function sweepOrphanImages(db: DB, dataDir: string, graceMs = 5_000): Promise<number> {
  const dir = path.join(dataDir, 'uploads');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  const rows = await db
    .selectFrom('categories')
    .select('image')
    .where('image', 'is not', null)
    .unionAll(db.selectFrom('products').select('image').where('image', 'is not', null))
    .unionAll(db.selectFrom('settings').select('logo as image').where('logo', 'is not', null))
    .unionAll(db.selectFrom('settings').select('cover as image').where('cover', 'is not', null))
    .execute();
  const keep = new Set<string>();
  for (const r of rows) for (const p of variantPaths(r.image!)) keep.add(path.basename(p));
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const name of names) {
    if (keep.has(name)) continue;
    const file = path.join(dir, name);
    const st = await fs.stat(file).catch(() => undefined);
    if (!st?.isFile() || st.mtimeMs > cutoff) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
