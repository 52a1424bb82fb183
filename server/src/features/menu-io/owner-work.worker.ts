// Worker thread entry (platform/workers/pool.ts), SQLite only: an applied import, a bulk price change and its undo,
// written on this thread's own connection while the app's thread holds its write turn (writeOffThread); the menu's
// export, read and written here (readOffThread).
import { planOf, type BulkPriceInput } from '@qrmenu/contract';
import { openSqliteConnection, type DB } from '../../platform/db/database.js';
import { serveTasks } from '../../platform/workers/serve.js';
import { applyBulkPrice, undoBulkPrice, type BranchPick } from './bulk-price.repository.js';
import { exportMenu } from './export-menu.js';
import { writeXlsx } from './spreadsheet.js';
import { buildPlan } from './import-plan.js';
import { importMenu } from './menu-io.repository.js';
import type { SheetRow } from './spreadsheet.js';

/** One connection per task: opened for it, closed after it (a few hundred µs; nothing stays open between owners' writes). */
async function withWriter<T>(dataDir: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = openSqliteConnection(dataDir);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

serveTasks({
  applyBulkPrice: (dataDir: string, userId: number, input: BulkPriceInput, now: string, branches: BranchPick) =>
    withWriter(dataDir, (db) => applyBulkPrice(db, userId, input, now, branches)),
  undoBulkPrice: (dataDir: string, userId: number, operationId: number, now: string) =>
    withWriter(dataDir, (db) => undoBulkPrice(db, userId, operationId, now)),
  importMenu: (dataDir: string, userId: number, rows: SheetRow[], now: string) =>
    withWriter(dataDir, (db) => importMenu(db, userId, { dryRun: false, now, plan: (menu) => buildPlan(rows, menu), limit: (level) => planOf(level).productLimit })),
  exportMenu: (dataDir: string, userId: number, query: { format?: string; template?: string }, now: Date) =>
    withWriter(dataDir, (db) => exportMenu(db, userId, query, now, writeXlsx)),
});
