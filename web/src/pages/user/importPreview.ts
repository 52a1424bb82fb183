import type { Answer, ImportChange, ImportError, ImportSummary, importMenuResponseSchema } from '@qrmenu/contract';
import type { ApiBody, ApiEnvelope } from '../../api/client';

/**
 * The menu import's preview logic without the card (tested in importPreview.test.ts): what an
 * answer of `/api/import-menu` means, which rows the preview table shows, and whether Uygula has
 * anything to do.
 */

export interface ImportPreview {
  file: File;
  summary: ImportSummary;
  changes: ImportChange[];
}
export interface ImportErrors {
  message: string;
  list: ImportError[];
}

/** Rows the preview table draws at most (a sheet of thousands would freeze a phone); all are applied. */
export const PREVIEW_LIMIT = 500;

/** A dry run's (or an apply's) answer: the preview on 200, else the Turkish reason and the errors by row. */
export function readImportAnswer(res: ApiEnvelope & Partial<ApiBody<Answer<typeof importMenuResponseSchema>>>, file: File): { preview: ImportPreview } | { errors: ImportErrors } {
  if (res.status === 200) return { preview: { file, summary: res.summary as ImportSummary, changes: res.changes ?? [] } };
  // the import's errors are a list by row (the envelope's type is the usual field → messages)
  const errors: unknown = res.errors;
  return { errors: { message: res.message ?? '', list: Array.isArray(errors) ? (errors as ImportError[]) : [] } };
}

/** The rows shown: unchanged ones only on request, at most PREVIEW_LIMIT; `more` = changed rows not drawn. */
export function previewRows(changes: ImportChange[], showUnchanged: boolean, limit = PREVIEW_LIMIT): { rows: ImportChange[]; more: number } {
  const shown = changes.filter((c) => showUnchanged || c.action !== 'unchanged');
  return { rows: shown.slice(0, limit), more: Math.max(0, shown.length - limit) };
}

/** Nothing would change the menu: Uygula is disabled. */
export const nothingToApply = (s: ImportSummary) => s.products_created + s.products_updated === 0;

/** Whether the errors point at rows (a table), or only at the whole file (the message says it all). */
export const hasRowErrors = (e: ImportErrors) => e.list.some((x) => x.row != null);
