import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { IMPORT_LIMITS } from '@qrmenu/contract';
import { workerPool } from '../../platform/workers/pool.js';
import type { ImportMenu, ImportPlan } from './import-plan.js';

/**
 * Reading and writing the menu spreadsheet: XLSX (exceljs) and CSV as Turkish Excel opens it with
 * a double click (UTF-8 with BOM, `;`, decimal comma). Text that a spreadsheet would run as a
 * formula is neutralised (OWASP CSV injection): a leading `'` in CSV, a plain string cell in XLSX;
 * reading removes the mark again, so a round trip changes nothing.
 */

export { escapeFormula, unescapeFormula, type InCell, type OutCell, type SheetRow } from './sheet-types.js';
import { escapeFormula, type InCell, type OutCell, type SheetRow } from './sheet-types.js';

/** 1234.5 → "1234,50" (CSV: Turkish decimal comma, no grouping, so Excel reads a number). */
export const csvPrice = (tl: number) => tl.toFixed(2).replace('.', ',');

function csvField(v: OutCell): string {
  if (v == null) return '';
  // numbers stay unquoted so Excel reads them as numbers; text with a comma is quoted for comma readers too
  if (typeof v === 'number') return csvPrice(v);
  const s = escapeFormula(v);
  return /[;",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function writeCsv(header: string[], rows: OutCell[][]): Buffer {
  const lines = [header.map(csvField).join(';'), ...rows.map((r) => r.map(csvField).join(';'))];
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

/** A second worksheet the import never reads (e.g. the valid codes): a bold header and its rows. */
export interface ExtraSheet {
  name: string;
  header: string[];
  rows: string[][];
  widths: number[];
}

export async function writeXlsx(
  header: string[], rows: OutCell[][], opts: { priceColumns: number[]; widths: number[]; sheetName: string; created: Date; extra?: ExtraSheet },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'QR Menü';
  wb.created = opts.created;
  const ws = wb.addWorksheet(opts.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = header.map((h, i) => ({ header: h, width: opts.widths[i] ?? 16 }));
  ws.getRow(1).font = { bold: true };
  // strings are written as shared strings, never as formulas, whatever they begin with
  ws.addRows(rows.map((r) => r.map((v) => (v == null ? null : v))));
  for (const c of opts.priceColumns) ws.getColumn(c + 1).numFmt = '#,##0.00';
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  if (opts.extra) {
    const x = wb.addWorksheet(opts.extra.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    x.columns = opts.extra.header.map((h, i) => ({ header: h, width: opts.extra!.widths[i] ?? 16 }));
    x.getRow(1).font = { bold: true };
    x.addRows(opts.extra.rows);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class SheetError extends Error {
  override name = 'SheetError';
}
/** An XLSX whose parts expand beyond IMPORT_LIMITS.maxInflatedBytes or are more than maxEntries. */
export class SheetTooLargeError extends SheetError {
  override name = 'SheetTooLargeError';
}

/** Compressed bytes inflated per slice: the event loop serves menus between slices. */
const SLICE = 64 * 1024;

/**
 * Checks an XLSX before parsing (a 2 MB zip can expand without bound): the parts' real inflated
 * size, counted while inflating in slices of SLICE compressed bytes with a turn of the event loop
 * between them and stopped as soon as the limit is passed (a declared size may lie), and their
 * number. Throws SheetTooLargeError; a damaged zip throws SheetError.
 */
export async function checkXlsxSize(file: Buffer, limits: { maxInflatedBytes: number; maxEntries: number } = IMPORT_LIMITS): Promise<void> {
  let total = 0;
  let entries = 0;
  let failure: SheetError | undefined;
  const unzip = new Unzip((entry) => {
    if (failure) return;
    if (++entries > limits.maxEntries || (entry.originalSize ?? 0) > limits.maxInflatedBytes) {
      failure = new SheetTooLargeError('entries');
      return;
    }
    entry.ondata = (err, chunk) => {
      if (failure) return;
      if (err) failure = new SheetError('zip');
      else if ((total += chunk.length) > limits.maxInflatedBytes) {
        failure = new SheetTooLargeError('inflated');
        entry.terminate();
      }
    };
    try {
      entry.start();
    } catch {
      failure = new SheetError('zip'); // a compression method other than stored or deflate
    }
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < file.length && !failure; at += SLICE) {
    try {
      unzip.push(file.subarray(at, at + SLICE), at + SLICE >= file.length);
    } catch {
      failure ??= new SheetError('zip');
    }
    if (at + SLICE < file.length) await new Promise((r) => setImmediate(r));
  }
  if (failure) throw failure;
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The first worksheet (XLSX) or the CSV's rows; throws SheetError when it is neither. */
export async function readSheet(file: Buffer): Promise<SheetRow[]> {
  return isZip(file) ? readXlsx(file) : readCsv(file);
}

function xlsxCell(v: ExcelJS.CellValue): InCell {
  if (v == null) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return { formula: true };
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return typeof v.text === 'string' ? v.text : String((v.text as { richText?: Array<{ text: string }> }).richText?.map((t) => t.text).join('') ?? '');
    if ('error' in v) return { formula: true };
  }
  return String(v);
}

async function readXlsx(file: Buffer): Promise<SheetRow[]> {
  await checkXlsxSize(file);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('xlsx');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetError('xlsx');
  const out: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: InCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = xlsxCell(cell.value);
    });
    out.push({ row: n, cells: Array.from(cells, (c) => (c === undefined ? null : c)) });
  });
  return out;
}

/** UTF-8 (with or without BOM); a file that is not UTF-8 is read as Windows-1254 (Turkish Excel's "CSV"). */
function decode(file: Buffer): string {
  if (file.includes(0)) throw new SheetError('binary');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return new TextDecoder('windows-1254').decode(file);
  }
}

/** Separator of the header line: `;` (Turkish Excel), `,` or a tab, whichever occurs most outside quotes. */
function separatorOf(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? best : ';';
}

/** CSV has no formulas: unmarked text starting with `=` is one a spreadsheet would run, refused. */
const csvCell = (c: string): InCell => (c === '' ? null : c.startsWith('=') ? { formula: true } : c);

/** RFC 4180 with a chosen separator; quoted fields may hold separators, quotes and line breaks. */
export function parseCsv(text: string): SheetRow[] {
  const sep = separatorOf(text);
  const rows: SheetRow[] = [];
  let field = '';
  let cells: string[] = [];
  let quoted = false;
  // rows are numbered as a spreadsheet shows them: a quoted line break stays inside its row
  let record = 0;
  const endRow = () => {
    cells.push(field);
    field = '';
    record++;
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: record, cells: cells.map(csvCell) });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      cells.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (quoted) throw new SheetError('quote');
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

function readCsv(file: Buffer): SheetRow[] {
  const text = decode(file).replace(/^\uFEFF/, '');
  // a CSV has printable text: control characters other than tab and line breaks mean another format
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  if (/[\x00-\x08\x0B\x0C\x0E-\x1F]/.test(text)) throw new SheetError('binary');
  return parseCsv(text);
}

const pool = workerPool(import.meta.url, 'spreadsheet');

/**
 * `readSheet` in a worker thread (spreadsheet.worker.ts): the XLSX check and exceljs never run on
 * the menus' event loop. Throws SheetError / SheetTooLargeError as `readSheet` does.
 */
export async function readSheetOffThread(file: Buffer): Promise<SheetRow[]> {
  try {
    return await pool.run<SheetRow[]>('readSheet', [new Uint8Array(file)]);
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'SheetTooLargeError') throw new SheetTooLargeError((err as Error).message);
    if (name === 'SheetError') throw new SheetError((err as Error).message);
    throw err;
  }
}

/** `writeXlsx` in a worker thread. */
export async function writeXlsxOffThread(...args: Parameters<typeof writeXlsx>): Promise<Buffer> {
  const out = await pool.run<Uint8Array>('writeXlsx', args);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * `buildPlan` (import-plan.ts) in a worker thread: checking and comparing 500 rows against the
 * menu takes ~80 ms of CPU, which the menus' event loop must not spend in one piece.
 */
export function buildPlanOffThread(rows: SheetRow[], menu: ImportMenu): Promise<ImportPlan> {
  return pool.run<ImportPlan>('buildPlan', [rows, menu]);
}
