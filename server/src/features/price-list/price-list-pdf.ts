import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatAmount, formatDateTime, formatPrice, kurusToTl, PRICE_LIST_WORDS, type MenuLanguage, type PriceListFormat } from '@qrmenu/contract';
import { drawQr } from '../tables/index.js';
import { workerPool } from '../../platform/workers/pool.js';
import type { ListContent, ListItem } from './price-list-content.js';

/** DejaVu Sans carries every Turkish letter and ₺; read once, embedded (subset) in every list. */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontData = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

interface Layout {
  page: [number, number];
  margin: number;
  cols: number;
  /** product names and prices (pt): at least 12 on the door list, read from a metre away */
  name: number;
  small: number;
  head: number;
  title: number;
  qr: number;
}
export const LAYOUTS: Record<PriceListFormat, Record<string, Layout>> = {
  kapi: {
    a4: { page: [595.28, 841.89], margin: 36, cols: 2, name: 12, small: 9, head: 15, title: 22, qr: 0 },
    a3: { page: [841.89, 1190.55], margin: 48, cols: 3, name: 14, small: 10, head: 18, title: 30, qr: 0 },
  },
  masa: {
    a5: { page: [419.53, 595.28], margin: 26, cols: 2, name: 8.5, small: 6.5, head: 10.5, title: 14, qr: 76 },
    a6: { page: [297.64, 419.53], margin: 18, cols: 1, name: 8, small: 6, head: 9.5, title: 12, qr: 60 },
  },
};

export interface PrintOptions {
  format: PriceListFormat;
  size: string;
  lang?: MenuLanguage;
  /** the version's timestamp (ISO): "Son güncelleme: 28.11.2026 14:05" */
  updatedAt: string;
  version: number;
  /** the menu's address, for the QR code of the table list */
  menuUrl: string;
}

const INK = '#1c1917';
const MUTED = '#57534e';
const ACCENT = '#9a3412';
const price = (k: number) => formatPrice(kurusToTl(k));

/** The printed price list (door or table version) of one version's content. */
export function renderPriceList(content: ListContent, o: PrintOptions): Promise<Buffer> {
  const L = LAYOUTS[o.format][o.size];
  const tr = PRICE_LIST_WORDS.tr;
  const second = o.lang ? PRICE_LIST_WORDS[o.lang] : undefined;
  const both = (f: (w: typeof tr) => string) => (second ? `${f(tr)} / ${f(second)}` : f(tr));
  const { name: business, address } = content.business;
  const doc = new PDFDocument({
    size: L.page,
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: `${business} — ${tr.title}`, Author: 'QR Menü', Creator: 'QR Menü', Subject: `${tr.updated}: ${formatDateTime(o.updatedAt)} (v${o.version})` },
  });
  const f = fontData();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const [W, H] = L.page;
  const m = L.margin;
  // the footer's lines: taxes included and no charge, in Turkish (and the second language)
  const footer = [tr.vat, tr.noCharge, ...(second ? [`${second.vat} ${second.noCharge}`] : [])];
  const footerW = W - 2 * m - 50;
  let footerH = 0;
  let bottom = H - m;
  const gutter = L.name * 1.5;
  const colW = (W - 2 * m - (L.cols - 1) * gutter) / L.cols;
  const updated = `${both((w) => w.updated)}: ${formatDateTime(o.updatedAt)}`;
  let top = m;
  let col = 0;
  let y = m;

  const header = (first: boolean) => {
    let hy = m;
    const textW = W - 2 * m - (first && L.qr ? L.qr + 10 : 0);
    if (first) {
      doc.font('bold').fontSize(L.title).fillColor(INK).text(business, m, hy, { width: textW });
      hy = doc.y + 2;
      if (address) hy = doc.font('regular').fontSize(L.small + 1).fillColor(MUTED).text(address, m, hy, { width: textW }).y + 4;
      doc.font('bold').fontSize(L.head).fillColor(ACCENT).text(both((w) => w.title), m, hy, { width: textW });
      hy = doc.y + 2;
      doc.font('regular').fontSize(L.small + 1).fillColor(INK).text(updated, m, hy, { width: textW });
      hy = doc.y;
      if (L.qr) {
        const qx = W - m - L.qr;
        drawQr(doc, o.menuUrl, qx, m, L.qr);
        doc.font('regular').fontSize(L.small).fillColor(INK).text(both((w) => w.scan), qx - 10, m + L.qr, { width: L.qr + 20, align: 'center' });
        hy = Math.max(hy, doc.y);
      }
    } else {
      doc.font('bold').fontSize(L.small + 2).fillColor(INK).text(`${business} — ${both((w) => w.title)}`, m, hy, { width: W - 2 * m, lineBreak: false });
      hy += L.small * 1.8;
      doc.font('regular').fontSize(L.small).fillColor(MUTED).text(updated, m, hy, { width: W - 2 * m, lineBreak: false });
      hy += L.small * 1.6;
    }
    hy += 6;
    doc.moveTo(m, hy).lineTo(W - m, hy).lineWidth(0.8).strokeColor(ACCENT).stroke();
    return hy + L.name * 0.8;
  };

  const newPage = () => {
    doc.addPage();
    top = header(doc.bufferedPageRange().count === 1);
    col = 0;
    y = top;
  };
  /** Room for `h` points in this column, or the next column, or the next page. */
  const ensure = (h: number) => {
    if (y + h <= bottom) return;
    col++;
    if (col >= L.cols) newPage();
    y = top;
  };
  const x0 = () => m + col * (colW + gutter);

  interface Row {
    label: string;
    sub?: string;
    amount: string;
    p: number | null;
    was: number | null;
    indent: number;
    bold: boolean;
  }
  /** A line's widths and height: the name wraps beside the (earlier and) price. */
  const measure = (r: Row) => {
    const size = L.name;
    const priceText = r.p == null ? '' : price(r.p);
    doc.font('bold').fontSize(size);
    const priceW = priceText ? doc.widthOfString(priceText) : 0;
    doc.font('regular').fontSize(size * 0.8);
    const wasText = r.was == null ? '' : price(r.was);
    const wasW = wasText ? doc.widthOfString(wasText) + 6 : 0;
    const nameW = colW - r.indent - priceW - wasW - 10;
    const full = r.amount ? `${r.label} (${r.amount})` : r.label;
    doc.font(r.bold ? 'bold' : 'regular').fontSize(size);
    const nameH = doc.heightOfString(full, { width: nameW });
    doc.font('regular').fontSize(L.small + 0.5);
    const subH = r.sub ? doc.heightOfString(r.sub, { width: nameW }) : 0;
    return { size, priceText, priceW, wasText, wasW, nameW, full, nameH, h: nameH + subH + size * 0.35 };
  };

  const row = (r: Row) => {
    const { size, priceText, priceW, wasText, wasW, nameW, full, nameH, h } = measure(r);
    ensure(h);
    const x = x0();
    doc.font(r.bold ? 'bold' : 'regular').fontSize(size).fillColor(INK).text(full, x + r.indent, y, { width: nameW });
    if (nameH < size * 1.6 && priceText) {
      // dotted leader from the name to the price, on a one-line name
      const end = x + r.indent + doc.widthOfString(full) + 4;
      const start = x + colW - priceW - wasW - 4;
      if (start > end) doc.save().moveTo(end, y + size * 0.95).lineTo(start, y + size * 0.95).lineWidth(0.6).dash(0.6, { space: 2.4 }).strokeColor('#a8a29e').stroke().restore();
    }
    if (wasText) {
      const wx = x + colW - priceW - wasW;
      doc.font('regular').fontSize(size * 0.8).fillColor(MUTED).text(wasText, wx, y + size * 0.15, { lineBreak: false });
      const ww = doc.widthOfString(wasText);
      doc.save().moveTo(wx, y + size * 0.6).lineTo(wx + ww, y + size * 0.6).lineWidth(0.7).strokeColor(MUTED).stroke().restore();
    }
    if (priceText) doc.font('bold').fontSize(size).fillColor(INK).text(priceText, x + colW - priceW, y, { lineBreak: false });
    if (r.sub) doc.font('regular').fontSize(L.small + 0.5).fillColor(MUTED).text(r.sub, x + r.indent, y + nameH, { width: nameW });
    y += h;
  };

  const item = (i: ListItem) => {
    const t = o.lang ? i.i18n[o.lang] : undefined;
    const onlyPortions = i.price == null && i.portions.length > 0;
    const rows: Row[] = [
      { label: i.name, sub: t?.name, amount: formatAmount(i.amount, i.unit), p: i.price, was: onlyPortions ? null : i.was, indent: 0, bold: true },
      ...i.portions.map((p, n) => ({ label: p.name, sub: t?.portions[n] || undefined, amount: formatAmount(p.amount, p.unit), p: p.price, was: null, indent: L.name, bold: false })),
    ];
    // a product and its portions stay in one column when they fit in one
    const total = rows.reduce((sum, r) => sum + measure(r).h, 0);
    if (total <= bottom - top) ensure(total);
    for (const r of rows) row(r);
  };

  newPage();
  doc.font('bold').fontSize(L.small + 0.5);
  footerH = footer.reduce((sum, line) => sum + doc.heightOfString(line, { width: footerW }) + 1, 0) + L.small * 1.5;
  bottom = H - m - footerH;
  if (content.categories.length === 0) {
    doc.font('regular').fontSize(L.name).fillColor(MUTED).text(both((w) => w.empty), m, y, { width: W - 2 * m });
  }
  for (const c of content.categories) {
    const heading = o.lang && c.i18n[o.lang] ? `${c.name} / ${c.i18n[o.lang]}` : c.name;
    doc.font('bold').fontSize(L.head);
    const hh = doc.heightOfString(heading, { width: colW }) + L.head * 0.5;
    ensure(hh + L.name * 2.6);
    if (y > top) y += L.head * 0.4;
    doc.fillColor(ACCENT).text(heading, x0(), y, { width: colW });
    y += hh;
    for (const i of c.items) item(i);
  }

  // every page: the taxes line, the no-charge line and the page number
  const pages = doc.bufferedPageRange().count;
  for (let n = 0; n < pages; n++) {
    doc.switchToPage(n);
    let fy = H - m - footerH + L.small;
    doc.moveTo(m, fy - 4).lineTo(W - m, fy - 4).lineWidth(0.5).strokeColor('#a8a29e').stroke();
    doc.font('regular').fontSize(L.small).fillColor(MUTED).text(tr.page(n + 1, pages), W - m - 50, fy, { width: 50, align: 'right', lineBreak: false });
    footer.forEach((line, k) => {
      doc.font(k < 2 ? 'bold' : 'regular').fontSize(L.small + 0.5).fillColor(k < 2 ? INK : MUTED).text(line, m, fy, { width: footerW });
      fy = doc.y + 1;
    });
  }
  doc.end();
  return done;
}

const pool = workerPool(import.meta.url, 'price-list');

/** `renderPriceList` in a worker thread (price-list.worker.ts): pdfkit never runs on the menus' event loop. */
export async function renderPriceListOffThread(content: ListContent, o: PrintOptions): Promise<Buffer> {
  const pdf = await pool.run<Uint8Array>('renderPriceList', [content, o]);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
