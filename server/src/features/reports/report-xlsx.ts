import ExcelJS from 'exceljs';
import { workerPool } from '../../platform/workers/pool.js';
import type { Section } from './report-sheets.js';

/** TL amounts as numbers with a Turkish lira format (Excel shows "1.234,50 TL" in a Turkish locale). */
export const TL_FORMAT = '#,##0.00 "TL"';

/** The report's workbook: a sheet per section, bold frozen header, TL columns formatted. */
export async function writeReportXlsx(sections: Section[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'QR Menü';
  for (const s of sections) {
    const ws = wb.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = s.header.map((h, i) => ({ header: h, width: s.widths[i] ?? 14 }));
    ws.getRow(1).font = { bold: true };
    // text is written as strings, never as formulas, whatever it begins with
    ws.addRows(s.rows);
    for (const c of s.money) ws.getColumn(c + 1).numFmt = TL_FORMAT;
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const pool = workerPool(import.meta.url, 'report-xlsx');

/** `writeReportXlsx` in a worker thread (report-xlsx.worker.ts): exceljs never runs on the menus' event loop. */
export async function writeReportXlsxOffThread(sections: Section[]): Promise<Buffer> {
  const out = await pool.run<Uint8Array>('writeReportXlsx', [sections]);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}
