import type { DB } from '../../platform/db/database.js';
import { findSettings } from '../settings/index.js';
import { ordersReport } from './orders-report.js';
import { reportCsv, reportSections } from './report-sheets.js';
import { writeReportXlsxOffThread } from './report-xlsx.js';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The report over `from`…`to` as a CSV or XLSX file, with its media type and file name (`rapor-<işletme>-<from>_<to>.<format>`). */
export async function exportReport(db: DB, userId: number, r: { from: string; to: string; format: 'csv' | 'xlsx' }) {
  const sections = reportSections(await ordersReport(db, userId, r.from, r.to));
  const body = r.format === 'csv' ? reportCsv(sections) : await writeReportXlsxOffThread(sections);
  const slug = (await findSettings(db, userId))?.companyengname || 'isletme';
  return { body, contentType: TYPES[r.format], name: `rapor-${slug}-${r.from}_${r.to}.${r.format}` };
}
