import type { FastifyRequest } from 'fastify';
import { BULK_MSG, IMPORT_LIMITS, planLimitMessage, planOf, type ImportError } from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { importMenu } from './menu-io.repository.js';
import { writeImport } from './owner-work.js';
import { buildPlanOffThread, readSheetOffThread, SheetError, SheetTooLargeError, type SheetRow } from './spreadsheet.js';

/** Body 422 with the errors as `[{row, field, message}]`; nothing was changed. */
const refuse = (message: string, errors: ImportError[], extra: Record<string, unknown> = {}) => new AppError(200, 422, message, { errors, ...extra });
const fileError = (message: string) => refuse(message, [{ row: null, field: 'file', message }]);

/** The uploaded `file` (≤ 2 MB) and the `dry_run` flag (query, or a field of the multipart body). */
export async function readUpload(request: FastifyRequest): Promise<{ file?: Buffer; dryRun: boolean }> {
  const q = request.query as Record<string, string | undefined>;
  let dryRun = q.dry_run === '1' || q.dry_run === 'true';
  if (!request.isMultipart()) throw fileError(BULK_MSG.fileRequired);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === 'file' && buf.length > 0) file = buf;
      } else if (part.fieldname === 'dry_run') {
        dryRun = part.value === '1' || part.value === 'true';
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(BULK_MSG.fileTooLarge);
    throw err;
  }
  return { file, dryRun };
}

/**
 * Imports (or with `dryRun` previews) a menu spreadsheet for the owner: every row is checked first
 * and a refused file (422 with `errors: [{row, field, message}]`) changes nothing.
 */
export async function importMenuFile(db: DB, userId: number, upload: { file?: Buffer; dryRun: boolean }, now: string) {
  const { file, dryRun } = upload;
  if (!file) throw fileError(BULK_MSG.fileRequired);
  let rows: SheetRow[];
  try {
    rows = await readSheetOffThread(file);
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw fileError(BULK_MSG.unpackedTooLarge);
    if (err instanceof SheetError) throw fileError(BULK_MSG.notSpreadsheet);
    throw err;
  }
  if (rows.length - 1 > IMPORT_LIMITS.maxRows) throw fileError(BULK_MSG.tooManyRows(IMPORT_LIMITS.maxRows));
  const { plan, overLimit, count } = dryRun
    ? await importMenu(db, userId, { dryRun, now, plan: (menu) => buildPlanOffThread(rows, menu), limit: (level) => planOf(level).productLimit })
    : await writeImport(db, userId, rows, now);
  if (plan.errors.length > 0) {
    const fileLevel = plan.errors.find((e) => e.row === null);
    throw refuse(fileLevel?.message ?? BULK_MSG.rowErrors(plan.errors.length), plan.errors);
  }
  if (overLimit) {
    const p = planOf((await findSettings(db, userId))?.userlevel);
    throw refuse(planLimitMessage(p), [{ row: null, field: 'file', message: planLimitMessage(p) }], { limit: p.productLimit, plan: p.name, count });
  }
  return {
    status: 200,
    message: dryRun ? BULK_MSG.previewReady : BULK_MSG.imported,
    dry_run: dryRun,
    summary: {
      categories_created: plan.newCategories.size,
      products_created: plan.creates.length,
      products_updated: plan.updates.length,
      unchanged: plan.unchanged,
    },
    errors: [],
    changes: plan.changes,
  };
}
