import type { OrdersReport } from '@qrmenu/contract';
import { escapeFormula } from '../menu-io/index.js';

/**
 * The report as tables for its files: one section per sheet of the XLSX (Özet, Günler, En çok
 * satanlar, Saatler), one after another in the CSV. Turkish headers; amounts are TL numbers (the
 * `money` columns), counts whole numbers.
 */

export type Cell = string | number;
export interface Section {
  name: string;
  header: string[];
  rows: Cell[][];
  /** 0-based columns holding TL amounts */
  money: number[];
  widths: number[];
}

/** 2026-11-28 → 28.11.2026 */
export const trDay = (day: string) => day.split('-').reverse().join('.');
/** The first best seller as "Baklava (3)" ('' on a day without orders). */
const topOf = (list: OrdersReport['best_sellers']) => (list[0] ? `${list[0].name} (${list[0].quantity})` : '');
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00–${String(h).padStart(2, '0')}:59`;

export function reportSections(r: OrdersReport): Section[] {
  const t = r.totals;
  const p = t.payments;
  return [
    {
      name: 'Özet',
      header: ['Başlangıç', 'Bitiş', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'Nakit (TL)', 'Kart (TL)', 'Açık hesap (TL)', 'Nakit masa', 'Kart masa', 'Açık masa'],
      rows: [[trDay(r.from), trDay(r.to), t.orders, t.items, t.revenue, t.tables, t.average, p.nakit.revenue, p.kart.revenue, p.acik.revenue, p.nakit.tables, p.kart.tables, p.acik.tables]],
      money: [4, 6, 7, 8, 9],
      widths: [12, 12, 10, 12, 14, 8, 24, 14, 14, 16, 12, 12, 12],
    },
    {
      name: 'Günler',
      header: ['Gün', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'En çok satan'],
      rows: [
        ...r.days.map((d) => [trDay(d.day), d.orders, d.items, d.revenue, d.tables, d.average, topOf(d.best_sellers)]),
        ['Toplam', t.orders, t.items, t.revenue, t.tables, t.average, topOf(r.best_sellers)],
      ],
      money: [3, 5],
      widths: [12, 10, 12, 14, 8, 24, 28],
    },
    {
      name: 'En çok satanlar',
      header: ['Sıra', 'Ürün', 'Adet', 'Ciro (TL)'],
      rows: r.best_sellers.map((b, i) => [i + 1, b.name, b.quantity, b.revenue]),
      money: [3],
      widths: [6, 32, 10, 14],
    },
    {
      name: 'Saatler',
      header: ['Saat', 'Sipariş'],
      rows: r.hours.map((n, h) => [hourLabel(h), n]),
      money: [],
      widths: [14, 10],
    },
  ];
}

function csvField(v: Cell, money: boolean): string {
  // numbers unquoted with the Turkish decimal comma (as the menu's CSV): Excel reads them as numbers
  if (typeof v === 'number') return money ? v.toFixed(2).replace('.', ',') : String(v);
  const s = escapeFormula(v);
  return /[;",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV as Turkish Excel opens it (UTF-8 with BOM, `;`, CRLF): each section's name, header and rows, a blank line between. */
export function reportCsv(sections: Section[]): Buffer {
  const lines: string[] = [];
  for (const s of sections) {
    if (lines.length) lines.push('');
    lines.push(csvField(s.name, false), s.header.map((h) => csvField(h, false)).join(';'));
    for (const row of s.rows) lines.push(row.map((v, i) => csvField(v, s.money.includes(i))).join(';'));
  }
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}
