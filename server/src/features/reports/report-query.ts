import { istanbulDay, REPORT_MSG, reportExportQuerySchema, reportQuerySchema, resolveReportRange, type ReportFormat } from '@qrmenu/contract';
import type { Clock } from '../../platform/clock.js';
import { ValidationError } from '../../platform/errors.js';
import { parseBody } from '../../platform/validate.js';

/** The report's range from a query string (defaults: the last 7 Istanbul days on the app's clock); bad input → body 422 in Turkish. */
export function reportRange(query: unknown, clock: Clock): { from: string; to: string } {
  const q = parseBody(reportQuerySchema, query, { status: 422, message: REPORT_MSG.invalid });
  const range = resolveReportRange(q, istanbulDay(clock.now()));
  if ('errors' in range) throw new ValidationError(range.errors, { status: 422, message: REPORT_MSG.invalid });
  return range;
}

/** The export's range and file format. */
export function exportRequest(query: unknown, clock: Clock): { from: string; to: string; format: ReportFormat } {
  const { format } = parseBody(reportExportQuerySchema, query, { status: 422, message: REPORT_MSG.invalid });
  return { ...reportRange(query, clock), format };
}
