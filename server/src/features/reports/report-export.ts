import type { DB } from '../../platform/db/database.js';
import { findSettings } from '../settings/index.js';
import type { BranchScope } from '../branches/index.js';
import { ordersReport } from './orders-report.js';
import { reportCsv, reportSections } from './report-sheets.js';
import { writeReportXlsxOffThread } from './report-xlsx.js';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The report over `from`…`to` as a CSV or XLSX file, with its media type and file name (`rapor-<işletme>[-sube-<n>]-<from>_<to>.<format>`). */
export async function exportReport(db: DB, userId: number, r: { from: string; to: string; format: 'csv' | 'xlsx' }, scope: BranchScope = {}) {
  const sections = reportSections(await ordersReport(db, userId, r.from, r.to, scope));
  const body = r.format === 'csv' ? reportCsv(sections) : await writeReportXlsxOffThread(sections);
  const slug = (await findSettings(db, userId))?.companyengname || 'isletme';
  const branch = scope.branch === undefined ? '' : `-sube-${scope.branch}`;
  return { body, contentType: TYPES[r.format], name: `rapor-${slug}${branch}-${r.from}_${r.to}.${r.format}` };
}
