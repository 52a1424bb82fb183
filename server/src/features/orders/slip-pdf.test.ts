import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Bill } from '@qrmenu/contract';
import type { Slip } from './bill.js';
import { renderSlipHtml } from './slip-html.js';
import { renderSlipPdf, SLIP_WIDTH } from './slip-pdf.js';

const line = (n: number) => ({ name: `Ürün ${n} — Fıstıklı Katmer`, portion: n % 2 ? 'Büyük' : '', quantity: 2, unit_price: 12.5 * n, line_total: 25 * n });
const slipOf = (items: Bill['items']): Slip => ({
  bill: { session_id: 7, masa: 12, opened_at: '2026-11-28T17:00:00.000Z', closed_at: null, payment: null, items, total: items.reduce((s, l) => s + l.line_total, 0), preparing: [], preparing_total: 0, branch_id: 0 },
  business: { name: 'Çınar <Kafe> & "Lokanta"', address: 'Moda Cad. 1, İstanbul' },
  printedAt: '2026-11-28T19:00:00.000Z',
});

async function pages(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const out = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    out.push({ width: page.view[2], height: page.view[3], text });
  }
  return out;
}

describe('the slip PDF', () => {
  it('grows with the bill: one page 80 mm wide, as tall as its lines', async () => {
    const short = await pages(await renderSlipPdf(slipOf([line(1)])));
    const long = await pages(await renderSlipPdf(slipOf(Array.from({ length: 60 }, (_, i) => line(i + 1)))));
    expect(SLIP_WIDTH).toBeCloseTo(226.77, 2);
    expect(short).toHaveLength(1);
    expect(long).toHaveLength(1);
    expect(short[0].width).toBeCloseTo(226.77, 1);
    expect(long[0].width).toBeCloseTo(226.77, 1);
    expect(long[0].height).toBeGreaterThan(short[0].height + 59 * 20);
    expect(long[0].text).toContain('Ürün 60 — Fıstıklı Katmer');
    expect(long[0].text).toContain('₺45.750,00'); // 25 × (1 + … + 60)
    expect(short[0].text).toContain('Çınar <Kafe> & "Lokanta"');
    expect(short[0].text).toContain('Masa 12');
  });
});

describe('the slip HTML', () => {
  it('escapes the business and the items; an empty bill says so', () => {
    const html = renderSlipHtml(slipOf([]));
    expect(html).toContain('<h1>Çınar &lt;Kafe&gt; &amp; &quot;Lokanta&quot;</h1>');
    expect(html).toContain('Henüz servis edilen ürün yok.');
    expect(html).toContain('<span>TOPLAM</span><span>₺0,00</span>');
    expect(html).not.toContain('<script');
  });
});
