import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { workerPool } from '../../platform/workers/pool.js';
import type { Slip } from './bill.js';
import { lineDetail, lineLabel, price, SLIP_TEXT, slipFacts, slipFooter } from './slip-text.js';

/** 80 mm thermal paper: the page is 80 mm wide (226.77 pt), 72 mm of it printable, as tall as the slip. */
export const SLIP_WIDTH = (80 / 25.4) * 72;
const MARGIN = (4 / 25.4) * 72;
const INNER = SLIP_WIDTH - 2 * MARGIN;
/** A PDF page is at most 200 inches tall; a longer slip runs on to a second page. */
const MAX_HEIGHT = 14_400;

/** DejaVu Sans (every Turkish letter and ₺) and its monospace figures: read once per thread, embedded (subset). */
const require = createRequire(import.meta.url);
let fonts: Record<'regular' | 'bold' | 'mono' | 'monoBold', Buffer> | undefined;
const fontData = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    mono: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf')),
    monoBold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf')),
  });

function newDoc(s: Slip, height: number): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: [SLIP_WIDTH, height],
    margin: MARGIN,
    info: { Title: `${SLIP_TEXT.title} — ${SLIP_TEXT.table(s.bill.masa)} — ${s.business.name}`, Author: s.business.name, Creator: 'QR Menü', Subject: SLIP_TEXT.notFiscal },
  });
  for (const [name, data] of Object.entries(fontData())) doc.registerFont(name, data);
  return doc;
}

/** Draws the slip from the top; answers where it ended (pt). */
function draw(doc: PDFKit.PDFDocument, s: Slip): number {
  const b = s.bill;
  const x = MARGIN;
  const text = (t: string, font: string, size: number, opts: PDFKit.Mixins.TextOptions = {}) => doc.font(font).fontSize(size).text(t, x, doc.y, { width: INNER, ...opts });
  /** Left and right on one line (the right one in monospace figures); the left wraps if long. */
  const pair = (left: string, right: string, size: number, bold = false, indent = 0) => {
    const y = doc.y;
    const rw = doc.font(bold ? 'monoBold' : 'mono').fontSize(size).widthOfString(right);
    doc.font(bold ? 'bold' : 'regular').fontSize(size).text(left, x + indent, y, { width: INNER - rw - 6 - indent });
    const end = Math.max(doc.y, y + size * 1.25);
    doc.font(bold ? 'monoBold' : 'mono').fontSize(size).text(right, x + INNER - rw, y, { width: rw, lineBreak: false });
    doc.y = end;
  };
  const rule = () => {
    doc.y += 3;
    doc.moveTo(x, doc.y).lineTo(x + INNER, doc.y).dash(2, { space: 2 }).lineWidth(0.6).strokeColor('#000').stroke().undash();
    doc.y += 4;
  };
  const notice = () => {
    doc.y += 3;
    const top = doc.y;
    text(SLIP_TEXT.notFiscal, 'bold', 9, { align: 'center' });
    doc.rect(x, top - 3, INNER, doc.y - top + 4).lineWidth(1.2).strokeColor('#000').stroke();
    doc.y += 5;
  };

  doc.fillColor('#000');
  doc.y = MARGIN;
  text(s.business.name, 'bold', 12, { align: 'center' });
  if (s.business.address) text(s.business.address, 'regular', 7.5, { align: 'center' });
  doc.y += 3;
  text(SLIP_TEXT.title, 'bold', 9, { align: 'center' });
  notice();
  for (const [l, r] of slipFacts(s)) pair(l, r, 8);
  rule();
  if (b.items.length === 0) text(SLIP_TEXT.empty, 'regular', 8);
  for (const l of b.items) {
    text(lineLabel(l), 'regular', 8.5);
    pair(lineDetail(l), price(l.line_total), 8, false, 8);
    doc.y += 1.5;
  }
  rule();
  pair(SLIP_TEXT.total, price(b.total), 11, true);
  text(SLIP_TEXT.vat, 'regular', 8, { align: 'right' });
  rule();
  for (const t of slipFooter(s)) text(t, 'regular', 8);
  notice();
  return doc.y + MARGIN;
}

/** The slip as a PDF 80 mm wide and as tall as its content (laid out once to measure, then drawn). */
export async function renderSlipPdf(s: Slip): Promise<Buffer> {
  const probe = newDoc(s, MAX_HEIGHT);
  const height = Math.min(MAX_HEIGHT, Math.ceil(draw(probe, s)));
  probe.end();
  const doc = newDoc(s, height);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, s);
  doc.end();
  return done;
}

const pool = workerPool(import.meta.url, 'slip');

/** `renderSlipPdf` in a worker thread (slip.worker.ts): pdfkit never runs on the menus' event loop. */
export async function renderSlipPdfOffThread(s: Slip): Promise<Buffer> {
  const pdf = await pool.run<Uint8Array>('renderSlipPdf', [s]);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
