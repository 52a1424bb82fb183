import type { DB } from '../db/database.js';
import type { FileStore } from '../storage/store.js';
import { variantPaths } from './images.js';

/**
 * Start-up sweep: removes stored upload files that no category, product, logo or cover refers to. They appear
 * when the process dies between writing a photo and committing its row, or between replacing a
 * photo and deleting the old files (or when a bucket was out of reach for the deletion). Files
 * younger than `graceMs` are kept, so another instance that is between "file written" and "row
 * committed" is never robbed; in a bucket the dates are the store's clock, hence a longer grace.
 */
export async function sweepOrphanImages(db: DB, store: FileStore, now: Date, graceMs = store.kind === 'local' ? 5_000 : 60 * 60_000): Promise<number> {
  const rows = await db
    .selectFrom('categories')
    .select('image')
    .where('image', 'is not', null)
    .unionAll(db.selectFrom('products').select('image').where('image', 'is not', null))
    .unionAll(db.selectFrom('settings').select('logo as image').where('logo', 'is not', null))
    .unionAll(db.selectFrom('settings').select('cover as image').where('cover', 'is not', null))
    .execute();
  const keep = new Set<string>();
  for (const r of rows) for (const p of variantPaths(r.image!)) keep.add(p);
  const cutoff = now.getTime() - graceMs;
  let removed = 0;
  let batch: string[] = [];
  for await (const o of store.list()) {
    if (keep.has(o.key) || o.modified.getTime() > cutoff) continue;
    batch.push(o.key);
    if (batch.length >= 100) {
      await store.delete(batch);
      removed += batch.length;
      batch = [];
    }
  }
  if (batch.length) await store.delete(batch);
  return removed + batch.length;
}
