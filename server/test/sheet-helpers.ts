import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers.js';
import { multipart } from './owner-helpers.js';

/** Spreadsheets built independently of the server's writer, and the calls that send them. */

export const HEADER = ['Kategori', 'Ürün Adı', 'Açıklama', 'Satış Fiyatı', 'İndirimsiz Fiyat', 'Alerjen', 'Durum', 'Alerjenler', 'Etiketler', 'Tükendi'];
/** The header of a business with these menu languages: a name and a description column each. */
export const headerWith = (langs: string[]) => [...HEADER, ...langs.flatMap((l) => [`Ürün Adı (${l})`, `Açıklama (${l})`])];
type Cell = string | number | null | { formula: string };

export async function xlsx(rows: Cell[][], header: string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sayfa1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r.map((c) => (c && typeof c === 'object' ? { formula: c.formula } : c)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** CSV text with the given separator; fields with the separator, quotes or line breaks are quoted. */
export function csv(rows: Array<Array<string | number | null>>, opts: { sep?: string; bom?: boolean; header?: string[] } = {}): Buffer {
  const sep = opts.sep ?? ';';
  const field = (v: string | number | null) => {
    const s = v == null ? '' : String(v);
    return s.includes(sep) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [opts.header ?? HEADER, ...rows].map((r) => r.map(field).join(sep)).join('\r\n') + '\r\n';
  return Buffer.from((opts.bom === false ? '' : '\uFEFF') + text, 'utf8');
}

export async function importFile(app: FastifyInstance, token: string, data: Buffer, opts: { dryRun?: boolean; filename?: string } = {}) {
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  const { payload, headers } = multipart(opts.dryRun ? { dry_run: '1' } : {}, {
    data,
    field: 'file',
    filename: opts.filename ?? (isZip ? 'menu.xlsx' : 'menu.csv'),
    type: isZip ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
  });
  return app.inject({ method: 'POST', url: '/api/import-menu', payload, headers: { ...headers, ...bearer(token) } });
}

export async function exportFile(app: FastifyInstance, token: string, format: 'xlsx' | 'csv') {
  return app.inject({ method: 'GET', url: `/api/export-menu?format=${format}`, headers: bearer(token) });
}

/** Reads an XLSX's first sheet back as values (numbers stay numbers). */
export async function readXlsx(data: Buffer): Promise<{ rows: unknown[][]; bold: boolean; frozen: boolean; widths: number[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const view = ws.views[0] as { state?: string; ySplit?: number } | undefined;
  return {
    rows,
    bold: Boolean(ws.getRow(1).getCell(1).font?.bold),
    frozen: view?.state === 'frozen' && view.ySplit === 1,
    widths: ws.columns.map((c) => c.width ?? 0),
  };
}
