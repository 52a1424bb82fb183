import { escapeHtml } from '../../platform/html.js';
import type { Slip } from './bill.js';
import { lineDetail, lineLabel, price, SLIP_TEXT, slipFacts, slipFooter } from './slip-text.js';

/**
 * The slip as a print-ready page for an 80 mm thermal printer: `@page { size: 80mm auto }`, 72 mm
 * printable, one column, monospace figures, black on white. No script (the browser's Yazdır
 * prints it); every text escaped here.
 */
const CSS =
  '@page{size:80mm auto;margin:0}*{box-sizing:border-box}html,body{margin:0;background:#fff;color:#000}' +
  'body{font:12px/1.35 "DejaVu Sans Mono",Menlo,Consolas,"Liberation Mono",monospace}' +
  '.slip{width:72mm;margin:0 auto;padding:3mm 0}h1{font-size:15px;margin:0 0 1mm;text-align:center}' +
  '.addr{text-align:center;margin:0 0 2mm}.title{text-align:center;font-weight:700;letter-spacing:.1em;margin:0}' +
  '.nf{border:2px solid #000;padding:1.5mm;margin:2mm 0;text-align:center;font-weight:700;font-size:13px}' +
  '.row{display:flex;justify-content:space-between;gap:2mm}.row span:last-child{text-align:right;white-space:nowrap}' +
  'hr{border:0;border-top:1px dashed #000;margin:2mm 0}ul{list-style:none;margin:0;padding:0}li{margin:0 0 1.5mm}' +
  '.d{padding-left:3mm}.total{font-weight:700;font-size:14px}.vat{text-align:right;margin:0}p{margin:0}' +
  '.hint{font-family:system-ui,sans-serif;color:#555;text-align:center;margin:4mm 0}@media print{.hint{display:none}}';

const row = (left: string, right: string, cls = 'row') => `<div class="${cls}"><span>${escapeHtml(left)}</span><span>${escapeHtml(right)}</span></div>`;

export function renderSlipHtml(s: Slip): string {
  const b = s.bill;
  const items = b.items.length
    ? `<ul>${b.items.map((l) => `<li><p>${escapeHtml(lineLabel(l))}</p>${row(lineDetail(l), price(l.line_total), 'row d')}</li>`).join('')}</ul>`
    : `<p>${escapeHtml(SLIP_TEXT.empty)}</p>`;
  const notice = `<p class="nf">${escapeHtml(SLIP_TEXT.notFiscal)}</p>`;
  return (
    '<!DOCTYPE html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(`${SLIP_TEXT.title} · ${SLIP_TEXT.table(b.masa)} · ${s.business.name}`)}</title>` +
    `<style>${CSS}</style></head><body><main class="slip">` +
    `<h1>${escapeHtml(s.business.name)}</h1>${s.business.address ? `<p class="addr">${escapeHtml(s.business.address)}</p>` : ''}` +
    `<p class="title">${escapeHtml(SLIP_TEXT.title)}</p>${notice}` +
    slipFacts(s).map(([l, r]) => row(l, r)).join('') +
    `<hr>${items}<hr>` +
    row(SLIP_TEXT.total, price(b.total), 'row total') +
    `<p class="vat">${escapeHtml(SLIP_TEXT.vat)}</p><hr>` +
    slipFooter(s).map((t) => `<p>${escapeHtml(t)}</p>`).join('') +
    notice +
    '<p class="hint">Yazdırmak için tarayıcının Yazdır komutunu kullanın (Ctrl+P).</p>' +
    '</main></body></html>'
  );
}
