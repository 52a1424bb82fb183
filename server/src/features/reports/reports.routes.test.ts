import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { parseCsv } from '../menu-io/index.js';

/**
 * The day's report (issue 42 item 5) on the app's clock: orders on both sides of midnight in
 * Istanbul (UTC+3), a cancelled one, two tables closed with nakit and kart, another business's
 * order; the report's days, totals, best sellers and hours, its files, who may read it, and the
 * admin dashboard's platform counts.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const staff: Record<string, string> = {};
const ids: Record<string, number> = {};
let adminToken: string;

const at = (iso: string) => {
  t.app.clock.now = () => new Date(iso);
};
async function staffOf(role: 'garson' | 'mutfak' | 'yonetici', businessId: number) {
  const s = await registerOwner(t.app);
  const now = new Date().toISOString();
  await t.db.insertInto('staff_members').values({ business_id: businessId, user_id: s.userId, staff_role: role, invited_at: now, accepted_at: now, revoked_at: null }).execute();
  return s.token;
}
async function order(slug: string, masa: number, items: Array<{ product_id: number; quantity: number; portion?: string }>): Promise<number> {
  const seat = await t.app.inject({ url: `/qr/${slug}?masa=${masa}` });
  const cookie = `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(seat.headers['set-cookie']))![1]}`;
  const res = await t.app.inject({ method: 'POST', url: `/api/orders/${slug}`, payload: { masa, items }, headers: { cookie } });
  expect(res.json()).toMatchObject({ status: 200 });
  return res.json().order.id as number;
}
const report = (token: string | undefined, query = '') => t.app.inject({ url: `/api/reports/orders${query}`, headers: token ? bearer(token) : {} });
const exportFile = (token: string | undefined, query: string) => t.app.inject({ url: `/api/reports/orders/export${query}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Rapor Kafe');
  b = await createBusiness(t.app, 'Komşu Kafe');
  const cat = (await addCategory(t.app, a.token, { name: 'Tatlılar' })).id;
  ids.baklava = (await addProduct(t.app, a.token, cat, { name: 'Baklava', selling_price: '150' })).id;
  ids.sutlac = (await addProduct(t.app, a.token, cat, { name: 'Sütlaç', selling_price: '90' })).id;
  ids.cay = (await addProduct(t.app, a.token, cat, { name: '=Çay', selling_price: '20' })).id;
  ids.other = (await addProduct(t.app, b.token, (await addCategory(t.app, b.token, { name: 'İçecekler' })).id, { name: 'Ayran', selling_price: '35' })).id;
  for (const role of ['garson', 'mutfak', 'yonetici'] as const) staff[role] = await staffOf(role, a.userId);
  for (const x of [a, b]) await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(x.token), payload: { enabled: true } });
  adminToken = (await createAdmin(t.app)).token;

  // long before the range and the admin's 30 days
  at('2026-10-01T10:00:00Z');
  ids.old = await order(a.slug, 2, [{ product_id: ids.sutlac, quantity: 5 }]);
  // Friday 20 November, 23:30 in Istanbul
  at('2026-11-20T20:30:00Z');
  ids.o1 = await order(a.slug, 5, [{ product_id: ids.baklava, quantity: 2 }, { product_id: ids.sutlac, quantity: 1 }]);
  // past midnight: Saturday 21 November 00:10 and 00:20 in Istanbul (still the 20th in UTC)
  at('2026-11-20T21:10:00Z');
  ids.o2 = await order(a.slug, 5, [{ product_id: ids.baklava, quantity: 1 }]);
  at('2026-11-20T21:20:00Z');
  ids.o3 = await order(a.slug, 6, [{ product_id: ids.cay, quantity: 3 }]);
  expect((await t.app.inject({ method: 'POST', url: `/api/orders/${ids.o3}/status`, headers: bearer(staff.garson), payload: { status: 'iptal', reason: 'Müşteri vazgeçti' } })).json().status).toBe(200);
  // Saturday 12:05 in Istanbul; and the other business's order at 13:00
  at('2026-11-21T09:05:00Z');
  ids.o4 = await order(a.slug, 6, [{ product_id: ids.cay, quantity: 2 }]);
  at('2026-11-21T10:00:00Z');
  await order(b.slug, 1, [{ product_id: ids.other, quantity: 4 }]);
  // served and closed: table 5 paid in cash, table 6 by card
  await t.db.updateTable('orders').set({ status: 'servis' }).where('id', 'in', [ids.o1, ids.o2, ids.o4, ids.old]).execute();
  for (const [masa, payment] of [[5, 'nakit'], [6, 'kart'], [2, 'nakit']] as const) {
    expect((await t.app.inject({ method: 'POST', url: `/api/tables/${masa}/close`, headers: bearer(staff.garson), payload: { payment } })).json().status).toBe(200);
  }
  at('2026-11-21T12:00:00Z');
});
afterAll(async () => t.close());

describe('GET /api/reports/orders', () => {
  it('counts each order on its Istanbul day (across midnight), without the cancelled one; averages per table session', async () => {
    const res = await report(a.token, '?from=2026-11-20&to=2026-11-21');
    expect(res.statusCode).toBe(200);
    const r = res.json().report;
    expect(res.json().message).toBe('Rapor hazırlandı.');
    expect(r).toMatchObject({ from: '2026-11-20', to: '2026-11-21', timezone: 'Europe/Istanbul' });
    expect(r.days.map(({ hours: _hours, best_sellers: _best, ...d }: { hours: number[]; best_sellers: unknown }) => d)).toEqual([
      { day: '2026-11-20', orders: 1, items: 3, revenue: 390, tables: 1, average: 390 },
      { day: '2026-11-21', orders: 2, items: 3, revenue: 190, tables: 2, average: 95 },
    ]);
    // each day's own best sellers: the 20th's Baklava ×2 and Sütlaç; the 21st's Çay ×2 (the cancelled ×3 not counted) and Baklava
    expect(r.days[0].best_sellers.map((b: { name: string; quantity: number }) => [b.name, b.quantity])).toEqual([['Baklava', 2], ['Sütlaç', 1]]);
    expect(r.days[1].best_sellers).toEqual([
      { product_id: ids.cay, name: '=Çay', quantity: 2, revenue: 40 },
      { product_id: ids.baklava, name: 'Baklava', quantity: 1, revenue: 150 },
    ]);
    expect(r.days[0].hours[23]).toBe(1);
    expect(r.days[1].hours.map((n: number, h: number) => (n ? h : -1)).filter((h: number) => h >= 0)).toEqual([0, 12]);
    // table 5's session spans midnight: one table in the range's total
    expect(r.totals).toEqual({
      orders: 3, items: 6, revenue: 580, tables: 2, average: 290,
      payments: { nakit: { tables: 1, revenue: 540 }, kart: { tables: 1, revenue: 40 }, acik: { tables: 0, revenue: 0 } },
    });
    expect(r.best_sellers).toEqual([
      { product_id: ids.baklava, name: 'Baklava', quantity: 3, revenue: 450 },
      { product_id: ids.cay, name: '=Çay', quantity: 2, revenue: 40 },
      { product_id: ids.sutlac, name: 'Sütlaç', quantity: 1, revenue: 90 },
    ]);
    expect(r.hours.reduce((s: number, n: number) => s + n, 0)).toBe(3);
    expect([r.hours[0], r.hours[12], r.hours[23]]).toEqual([1, 1, 1]);
  });

  it('defaults to the last 7 Istanbul days on the clock, zero-filled; an open table is `acik`', async () => {
    const r = (await report(a.token)).json().report;
    expect(r.from).toBe('2026-11-15');
    expect(r.to).toBe('2026-11-21');
    expect(r.days).toHaveLength(7);
    expect(r.days[0]).toMatchObject({ day: '2026-11-15', orders: 0, revenue: 0, average: 0, best_sellers: [] });
    expect(r.days[0].hours).toEqual(Array(24).fill(0));
    expect(r.totals.orders).toBe(3);

    // an order at a table still open counts, in the `acik` share
    at('2026-11-21T15:00:00Z');
    const open = await order(a.slug, 7, [{ product_id: ids.sutlac, quantity: 1 }]);
    const later = (await report(a.token, '?from=2026-11-21&to=2026-11-21')).json().report;
    expect(later.totals).toMatchObject({ orders: 3, revenue: 280, tables: 3, payments: { acik: { tables: 1, revenue: 90 } } });
    expect(later.days[0].hours[18]).toBe(1);
    await t.db.deleteFrom('orders').where('id', '=', open).execute();
    at('2026-11-21T12:00:00Z');
  });

  it('answers 422 in Turkish for a bad day, a reversed range or more than 366 days', async () => {
    const bad = (await report(a.token, '?from=2026-02-30')).json();
    expect(bad).toMatchObject({ status: 422, message: 'Lütfen tarih aralığını düzeltin.', errors: { from: ['Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalıdır.'] } });
    expect((await report(a.token, '?from=2026-11-21&to=2026-11-20')).json()).toMatchObject({ status: 422, errors: { from: ['Başlangıç tarihi bitiş tarihinden sonra olamaz.'] } });
    expect((await report(a.token, '?from=2025-01-01&to=2026-01-02')).json()).toMatchObject({ status: 422, errors: { to: ['Tarih aralığı en fazla 366 gün olabilir.'] } });
    const year = (await report(a.token, '?from=2025-11-21&to=2026-11-21')).json();
    expect(year.status).toBe(200);
    expect(year.report.days).toHaveLength(366);
    expect(year.report.totals.orders).toBe(4); // with October's order
  });

  it('no token 401; garson and mutfak 403; yonetici reads its business; another business sees only its own orders', async () => {
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await exportFile(undefined, '?format=csv')).statusCode).toBe(401);
    for (const role of ['garson', 'mutfak']) {
      expect((await report(staff[role])).statusCode).toBe(403);
      expect((await exportFile(staff[role], '?format=xlsx')).statusCode).toBe(403);
    }
    expect((await report(staff.yonetici, '?from=2026-11-20&to=2026-11-21')).json().report.totals.revenue).toBe(580);
    const other = (await report(b.token, '?from=2026-11-20&to=2026-11-21')).json().report;
    expect(other.totals).toMatchObject({ orders: 1, items: 4, revenue: 140, tables: 1 });
    expect(other.best_sellers.map((s: { name: string }) => s.name)).toEqual(['Ayran']);
    expect((await report(adminToken)).statusCode).toBe(403);
  });
});

describe('GET /api/reports/orders/export', () => {
  it('CSV: UTF-8 with BOM, `;`, its sections one after another with Turkish headers and decimal commas; formulas neutralised', async () => {
    const res = await exportFile(a.token, '?format=csv&from=2026-11-20&to=2026-11-21');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('rapor-rapor-kafe-2026-11-20_2026-11-21.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1)).map((r) => r.cells);
    const at = (name: string) => rows.findIndex((r) => r[0] === name);
    expect(rows[at('Özet') + 1]).toEqual(['Başlangıç', 'Bitiş', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'Nakit (TL)', 'Kart (TL)', 'Açık hesap (TL)', 'Nakit masa', 'Kart masa', 'Açık masa']);
    expect(rows[at('Özet') + 2]).toEqual(['20.11.2026', '21.11.2026', '3', '6', '580,00', '2', '290,00', '540,00', '40,00', '0,00', '1', '1', '0']);
    const days = at('Günler');
    expect(rows.slice(days + 1, days + 5)).toEqual([
      ['Gün', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'En çok satan'],
      ['20.11.2026', '1', '3', '390,00', '1', '390,00', 'Baklava (2)'],
      ['21.11.2026', '2', '3', '190,00', '2', '95,00', "'=Çay (2)"],
      ['Toplam', '3', '6', '580,00', '2', '290,00', 'Baklava (3)'],
    ]);
    const best = at('En çok satanlar');
    expect(rows[best + 3]).toEqual(['2', "'=Çay", '2', '40,00']);
    const hours = at('Saatler');
    expect(rows[hours + 1]).toEqual(['Saat', 'Sipariş']);
    expect(rows[hours + 2 + 23]).toEqual(['23:00–23:59', '1']);
  });

  it('XLSX (built in the worker pool): a sheet per section, amounts as numbers in a TL format', async () => {
    const res = await exportFile(a.token, '?from=2026-11-20&to=2026-11-21');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Özet', 'Günler', 'En çok satanlar', 'Saatler']);
    const days = wb.getWorksheet('Günler')!;
    expect(days.getRow(1).values).toEqual([undefined, 'Gün', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'En çok satan']);
    expect(days.getRow(3).values).toEqual([undefined, '21.11.2026', 2, 3, 190, 2, 95, '=Çay (2)']);
    expect(days.getCell('D3').numFmt).toBe('#,##0.00 "TL"');
    const best = wb.getWorksheet('En çok satanlar')!;
    expect(best.getRow(2).values).toEqual([undefined, 1, 'Baklava', 3, 450]);
    expect(best.getCell('B3').value).toBe('=Çay'); // a string cell, not a formula
    expect(wb.getWorksheet('Saatler')!.getCell('B25').value).toBe(1);
    expect(wb.getWorksheet('Özet')!.getCell('E2').value).toBe(580);
  });

  it('422 for an unknown format or a bad range, as JSON', async () => {
    expect((await exportFile(a.token, '?format=pdf')).json()).toMatchObject({ status: 422, errors: { format: ['Dosya biçimi "csv" veya "xlsx" olmalıdır.'] } });
    expect((await exportFile(a.token, '?format=csv&from=2020-01-01&to=2026-01-01')).json()).toMatchObject({ status: 422, errors: { to: ['Tarih aralığı en fazla 366 gün olabilir.'] } });
  });
});

describe('admin dashboard', () => {
  it("shows the platform's orders today, in 7 and 30 Istanbul days, and the businesses taking orders", async () => {
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(adminToken) });
    // today (21 Nov, Istanbul): a's 00:10 and 12:05 orders and b's; the 20th's 23:30 within 7 days; October's outside 30
    expect(res.json().dashboard.orders).toEqual({ today: 3, last7: 4, last30: 4, ordering_on: 2 });
  });
});
