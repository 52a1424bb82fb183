import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { istanbulDay } from '@qrmenu/contract';
import { apiCall, apiOwner, launch, newPage, shots, signedInPage } from '../lib';

/**
 * Raporlar's Excel button (issue 42 item 5): today's orders, sent by two tables through the API (a
 * third one cancelled), are in the downloaded workbook — the day's orders, items and revenue, the
 * best sellers — as the screen shows them; the cancelled order counts nowhere.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A diner's device seated at table `masa` (its QR address opened), then its order sent through the JSON twin of the basket. */
async function order(slug: string, masa: number, items: Array<{ product_id: number; quantity: number }>): Promise<number> {
  const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
  await diner.page.goto(`/qr/${slug}/category?masa=${masa}`);
  const res = await diner.context.request.post(`/api/orders/${slug}`, { data: { masa, items } });
  const body = await res.json();
  expect(body.status, JSON.stringify(body)).toBe(200);
  await diner.context.close();
  return body.order.id as number;
}

/** A worksheet's rows as plain values (row 1 the header). */
const rowsOf = (ws: ExcelJS.Worksheet) => ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));

describe('[REPORTS] export', () => {
  it("the owner downloads Raporlar's XLSX: today's two orders, their items and revenue, the best sellers; the cancelled order is left out", async () => {
    const company = `Rapor Lokantası ${Date.now()}`;
    const owner = await apiOwner('Mehmet Aksoy', { companyname: company, city: 6, tel: '03124445566', address: 'Tunalı Hilmi Cad. 3', deskcount: 8 });
    const slug = (await apiCall('/api/edit-setting', owner.token)).settings.companyengname as string;
    const cat = (await apiCall('/api/store-category', owner.token, { body: { name: 'Fırından', status: '1' } })).category;
    const lahmacun = (await apiCall('/api/store-product', owner.token, { body: { name: 'Lahmacun', category_id: cat.id, selling_price: '85', status: '1' } })).product;
    const ayran = (await apiCall('/api/store-product', owner.token, { body: { name: 'Ayran', category_id: cat.id, selling_price: '40', status: '1' } })).product;
    expect((await apiCall('/api/order-settings', owner.token, { body: { enabled: true } })).status).toBe(200);

    // table 3: 3 × Lahmacun + 1 × Ayran = 295 TL; table 5: 1 × Ayran = 40 TL; table 6's 4 × Lahmacun cancelled
    await order(slug, 3, [{ product_id: lahmacun.id, quantity: 3 }, { product_id: ayran.id, quantity: 1 }]);
    await order(slug, 5, [{ product_id: ayran.id, quantity: 1 }]);
    const cancelled = await order(slug, 6, [{ product_id: lahmacun.id, quantity: 4 }]);
    expect((await apiCall(`/api/orders/${cancelled}/status`, owner.token, { body: { status: 'iptal', reason: 'Müşteri vazgeçti' } })).status).toBe(200);
    const day = istanbulDay();
    const trDay = day.split('-').reverse().join('.');

    const { context, page } = await signedInPage(browser, owner, '/user/raporlar');
    await page.getByRole('button', { name: 'Bugün' }).click();
    // the period is today alone (the last 7 days, shown first, also end today)
    const todayOnly = async () => {
      await page.getByTestId('report-period').getByText(trDay, { exact: true }).waitFor();
      await page.getByText('335,00').first().waitFor();
    };
    await todayOnly();
    await shots(page, 'reports-export', async () => {
      await page.getByRole('button', { name: 'Bugün' }).click();
      await todayOnly();
    });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (XLSX) indir' }).click()]);
    expect(download.suggestedFilename()).toBe(`rapor-${slug}-${day}_${day}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Özet', 'Günler', 'En çok satanlar', 'Saatler']);

    // Özet: the range, 2 orders, 5 items, 335 TL over 2 tables (167,50 each)
    const summary = rowsOf(wb.getWorksheet('Özet')!);
    expect(summary[0].slice(0, 7)).toEqual(['Başlangıç', 'Bitiş', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)']);
    expect(summary[1].slice(0, 7)).toEqual([trDay, trDay, 2, 5, 335, 2, 167.5]);

    // Günler: today's row and the total, Lahmacun the day's best seller
    const days = rowsOf(wb.getWorksheet('Günler')!);
    expect(days[0]).toEqual(['Gün', 'Sipariş', 'Ürün adedi', 'Ciro (TL)', 'Masa', 'Masa başına ortalama (TL)', 'En çok satan']);
    expect(days.slice(1)).toEqual([
      [trDay, 2, 5, 335, 2, 167.5, 'Lahmacun (3)'],
      ['Toplam', 2, 5, 335, 2, 167.5, 'Lahmacun (3)'],
    ]);
    // the TL columns are formatted as amounts, not left as bare numbers
    expect(wb.getWorksheet('Günler')!.getCell('D2').numFmt).toMatch(/0[.,]00/);

    // En çok satanlar: by quantity, the cancelled Lahmacun not counted
    expect(rowsOf(wb.getWorksheet('En çok satanlar')!).slice(1)).toEqual([
      [1, 'Lahmacun', 3, 255],
      [2, 'Ayran', 2, 80],
    ]);
    // Saatler: 24 hours, 2 orders in all
    const hours = rowsOf(wb.getWorksheet('Saatler')!).slice(1);
    expect(hours).toHaveLength(24);
    expect(hours.reduce((n, r) => n + Number(r[1]), 0)).toBe(2);
    await context.close();
  });
});
