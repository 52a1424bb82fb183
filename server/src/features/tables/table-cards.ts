import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { TABLE_MSG } from '@qrmenu/contract';
import { workerPool } from '../../platform/workers/pool.js';

/** DejaVu Sans carries every Turkish letter (ç ğ ı İ ö ş ü); the PDF's standard fonts do not. */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
/** Both fonts read once per thread (not on every PDF). */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => (fonts ??= { regular: fs.readFileSync(FONT), bold: fs.readFileSync(FONT_BOLD) });

export interface Card {
  /** Table number, or none (a business without a table count gets one card for the menu). */
  masa?: number;
  /** What the QR code encodes and the card prints: the menu address (with `?masa=N`). */
  url: string;
}

/** A4 in points; four A6-sized cards per page inside a 10 mm margin where the cut marks go. */
const PAGE = { w: 595.28, h: 841.89 };
const MARGIN = 28.35;
const CARD = { w: (PAGE.w - 2 * MARGIN) / 2, h: (PAGE.h - 2 * MARGIN) / 2 };
export const CARDS_PER_PAGE = 4;
const INK = '#231c17';
const ACCENT = '#9a3412';

/** The owner's choices for the cards (`?logo=1`, `?renk=1`): none by default. */
export interface CardStyle {
  /** The QR modules' and the accents' colour (`qrInk` of the theme colour: ≥ 4.5:1 on white). */
  ink?: string;
  /** The business's logo as PNG bytes, centred on the code on a white pad. */
  logo?: Uint8Array;
  /** The guests' Wi-Fi of the branch the cards are for, printed under the code. */
  wifi?: { name: string; password: string | null };
}

/** The white pad under a centred logo, as a share of the code's width (quiet zone excluded). */
export const LOGO_PAD_SHARE = 0.22;

/**
 * Modules on a side of the logo's white pad: about LOGO_PAD_SHARE of the `n` modules, with the
 * parity of `n` so that the pad sits on module boundaries, exactly in the middle.
 */
export function logoPadModules(n: number): number {
  let k = Math.round(n * LOGO_PAD_SHARE);
  if (k % 2 !== n % 2) k -= 1;
  return k;
}

/**
 * The QR code as filled rectangles (one per run of dark modules in a row): sharp at any print size.
 * `size` includes the standard quiet zone of 4 white modules on every side (ISO/IEC 18004), so
 * nothing printed around the code comes closer than that. With a logo the code uses error
 * correction level H (30 % may be lost) and the logo covers about 5 % of it, on a white pad.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, style: CardStyle = {}) {
  const qr = QRCode.create(text, { errorCorrectionLevel: style.logo ? 'H' : 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const m = size / (n + 2 * quiet);
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      // a hair wider than the module so neighbouring runs leave no white seams in viewers
      doc.rect(x + (quiet + start) * m, y + (quiet + r) * m, (c - start) * m + 0.05, m + 0.05);
    }
  }
  doc.fillColor(style.ink ?? '#000').fill();
  if (style.logo) {
    const k = logoPadModules(n);
    const px = x + (quiet + (n - k) / 2) * m;
    const py = y + (quiet + (n - k) / 2) * m;
    doc.save().rect(px, py, k * m, k * m).fillColor('#fff').fill().restore();
    const inset = m * 0.6;
    doc.image(Buffer.from(style.logo), px + inset, py + inset, { fit: [k * m - 2 * inset, k * m - 2 * inset], align: 'center', valign: 'center' });
  }
}

/** Crop marks in the margin, in line with every cut (outer edges and the middle lines). */
function drawCutMarks(doc: PDFKit.PDFDocument) {
  const len = 14;
  const gap = 4;
  const xs = [MARGIN, MARGIN + CARD.w, PAGE.w - MARGIN];
  const ys = [MARGIN, MARGIN + CARD.h, PAGE.h - MARGIN];
  doc.save().lineWidth(0.5).strokeColor('#000');
  for (const x of xs) {
    doc.moveTo(x, MARGIN - gap - len).lineTo(x, MARGIN - gap);
    doc.moveTo(x, PAGE.h - MARGIN + gap).lineTo(x, PAGE.h - MARGIN + gap + len);
  }
  for (const y of ys) {
    doc.moveTo(MARGIN - gap - len, y).lineTo(MARGIN - gap, y);
    doc.moveTo(PAGE.w - MARGIN + gap, y).lineTo(PAGE.w - MARGIN + gap + len, y);
  }
  doc.stroke().restore();
}

function drawCard(doc: PDFKit.PDFDocument, business: string, card: Card, x: number, y: number, style: CardStyle) {
  const pad = 22;
  const w = CARD.w - 2 * pad;
  let cy = y + pad + 6;
  doc.font('bold').fontSize(17).fillColor(INK);
  doc.text(business, x + pad, cy, { width: w, align: 'center', height: 44, ellipsis: true });
  cy += Math.min(doc.heightOfString(business, { width: w }), 44) + 8;
  if (card.masa !== undefined) {
    doc.font('bold').fontSize(30).fillColor(style.ink ?? ACCENT);
    doc.text(TABLE_MSG.table(card.masa), x + pad, cy, { width: w, align: 'center' });
    cy += 40;
  }
  const qr = Math.min(w - 10, y + CARD.h - cy - 92 - (style.wifi ? 18 : 0));
  drawQr(doc, card.url, x + (CARD.w - qr) / 2, cy, qr, style);
  cy += qr + 8;
  doc.font('regular').fontSize(13).fillColor(INK);
  doc.text(TABLE_MSG.cardScan, x + pad, cy, { width: w, align: 'center' });
  cy += 22;
  if (style.wifi) {
    doc.fontSize(10).fillColor(INK);
    doc.text(TABLE_MSG.cardWifi(style.wifi.name, style.wifi.password), x + pad, cy, { width: w, align: 'center', height: 14, ellipsis: true });
    cy += 18;
  }
  doc.fontSize(8.5).fillColor('#6f645b');
  doc.text(card.url, x + pad, cy, { width: w, align: 'center' });
}

/** A4 pages of table cards (4 per page, cut marks), print-ready; with the logo and/or the colour of `style`. */
export function renderTableCards(business: string, cards: Card[], style: CardStyle = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${business} — masa kartları`, Author: 'QR Menü', Creator: 'QR Menü' },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cards.forEach((card, i) => {
    const slot = i % CARDS_PER_PAGE;
    if (slot === 0) {
      doc.addPage();
      drawCutMarks(doc);
    }
    drawCard(doc, business, card, MARGIN + (slot % 2) * CARD.w, MARGIN + Math.floor(slot / 2) * CARD.h, style);
  });
  doc.end();
  return done;
}

const pool = workerPool(import.meta.url, 'table-cards');

/** `renderTableCards` in a worker thread (table-cards.worker.ts): pdfkit never runs on the menus' event loop. */
export async function renderTableCardsOffThread(business: string, cards: Card[], style: CardStyle = {}): Promise<Buffer> {
  const pdf = await pool.run<Uint8Array>('renderTableCards', [business, cards, style]);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * `?tables=` of the PDF: "1-10", "5" or a list "1-4,7"; every number within 1..deskcount.
 * Undefined when invalid.
 */
export function parseTableRange(raw: string, deskcount: number): number[] | undefined {
  const out = new Set<number>();
  if (raw.length > 200) return undefined;
  for (const part of raw.split(',')) {
    const m = /^\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?$/.exec(part);
    if (!m) return undefined;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || b > deskcount) return undefined;
    if (b - a > 100_000) return undefined;
    for (let n = a; n <= b; n++) out.add(n);
  }
  return [...out].sort((x, y) => x - y);
}
