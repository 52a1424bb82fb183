import { planOf, type BulkPriceInput } from '@qrmenu/contract';
import { readOffThread, writeOffThread, type DB } from '../../platform/db/database.js';
import { exportFormat, exportMenu } from './export-menu.js';
import { workerPool } from '../../platform/workers/pool.js';
import { applyBulkPrice, undoBulkPrice, type BranchPick, type UndoResult } from './bulk-price.repository.js';
import { importMenu } from './menu-io.repository.js';
import { buildPlanOffThread, type SheetRow } from './spreadsheet.js';

/**
 * The owner's big writes (an applied import, a bulk price change, its undo) off the menus' event
 * loop: on SQLite in a worker thread on its own connection (owner-work.worker.ts, `writeOffThread`),
 * on PostgreSQL from the app's pool as before. One thread: the writes of one file take turns anyway.
 */
const pool = workerPool(import.meta.url, 'owner-work', { size: 1 });

type Applied = Awaited<ReturnType<typeof applyBulkPrice>>;
type Imported = Awaited<ReturnType<typeof importMenu>>;

export const writeBulkPrice = (db: DB, userId: number, input: BulkPriceInput, now: string, branches: BranchPick) =>
  writeOffThread(db, (dir) => pool.run<Applied>('applyBulkPrice', [dir, userId, input, now, branches]), () => applyBulkPrice(db, userId, input, now, branches));

export const writeBulkPriceUndo = (db: DB, userId: number, operationId: number, now: string) =>
  writeOffThread(db, (dir) => pool.run<UndoResult>('undoBulkPrice', [dir, userId, operationId, now]), () => undoBulkPrice(db, userId, operationId, now));

/** An import applied: the plan is made inside the write's transaction, from the menu it writes over. */
export const writeImport = (db: DB, userId: number, rows: SheetRow[], now: string) =>
  writeOffThread(
    db,
    (dir) => pool.run<Imported>('importMenu', [dir, userId, rows, now]),
    () => importMenu(db, userId, { dryRun: false, now, plan: (menu) => buildPlanOffThread(rows, menu), limit: (level) => planOf(level).productLimit }),
  );

type Exported = Awaited<ReturnType<typeof exportMenu>>;

/** The menu's XLSX or CSV export (`exportMenu`): read and written in the worker on SQLite; a wrong format is refused here first. */
export async function readExport(db: DB, userId: number, query: { format?: string; template?: string }, now: Date): Promise<Exported> {
  exportFormat(query);
  return readOffThread(
    db,
    async (dir) => {
      const r = await pool.run<Exported>('exportMenu', [dir, userId, query, now]);
      // a Buffer crosses threads as a Uint8Array
      return { ...r, body: Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength) };
    },
    () => exportMenu(db, userId, query, now),
  );
}
