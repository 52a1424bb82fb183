import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, uiLogin } from '../lib';

const DEMO = { email: 'demo@qrmenu.app', password: 'demo1234' };

let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-bulk-e2e-'));
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Price of a product on the diner's server-rendered category page. */
async function dinerPrice(page: Page, categoryName: string, product: string) {
  await page.goto('/qr/demo/category');
  await page.getByRole('link', { name: new RegExp(categoryName) }).click();
  await page.waitForURL(/\/qr\/demo\/category\/\d+$/);
  const item = page.locator('li.prod', { hasText: product }).first();
  return (await item.locator('.price').first().textContent())?.trim();
}

describe('[BULK] whole-menu work', () => {
  it('exports the demo menu, previews an import, raises prices 10% rounded to 1 TL, sees them on the menu, undoes', async () => {
    const { context, page } = await newPage(browser);
    const diner = await context.newPage();
    expect(await dinerPrice(diner, 'Kahvaltı', 'Menemen')).toBe('₺185,00');

    await uiLogin(page, DEMO.email, DEMO.password);
    await page.getByRole('link', { name: 'Toplu İşlemler' }).click();
    await page.waitForURL('**/user/toplu-islemler');
    await page.getByRole('heading', { name: 'Toplu İşlemler', level: 1 }).waitFor();

    // export: an XLSX named after the business and the date, with the menu in it
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel olarak indir (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^menu-demo-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(tmp, 'menu.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    // the demo offers English and Arabic: a name and a description column for each
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Kategori', 'Ürün Adı', 'Açıklama', 'Satış Fiyatı', 'İndirimsiz Fiyat', 'Alerjen', 'Durum', 'Alerjenler', 'Etiketler', 'Tükendi',
      // the demo's products with portions (Tek/Duble…): a name and a price column per portion (issue 38)
      'Porsiyon 1', 'Porsiyon 1 Fiyatı', 'Porsiyon 2', 'Porsiyon 2 Fiyatı',
      'Ürün Adı (en)', 'Açıklama (en)', 'Ürün Adı (ar)', 'Açıklama (ar)',
    ]);
    let menemenRow = 0;
    ws.eachRow((row, n) => {
      if (row.getCell(2).value === 'Menemen') menemenRow = n;
    });
    expect(ws.getRow(menemenRow).getCell(4).value).toBe(185);
    expect(ws.getRow(menemenRow).getCell(10).value).toBe('Hayır');
    expect(ws.getRow(menemenRow).getCell(15).value).toBe('Menemen');

    // import preview: the owner changes one price, marks it sold out, renames it in English and adds
    // a dish; the preview shows it all, Vazgeç changes nothing
    ws.getRow(menemenRow).getCell(4).value = 195;
    ws.getRow(menemenRow).getCell(10).value = 'Evet';
    ws.getRow(menemenRow).getCell(15).value = 'Menemen (scrambled eggs)';
    ws.addRow(['Kahvaltı', 'Kaygana', 'Otlu', 120, null, 'Yumurta', 'Aktif']);
    const edited = path.join(tmp, 'menu-duzenli.xlsx');
    await wb.xlsx.writeFile(edited);
    await page.locator('input[type=file]').setInputFiles(edited);
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toMatch(/0 yeni kategori, 1 yeni ürün, 1 güncellenecek ürün, \d+ değişmeyen ürün/);
    await page.getByRole('cell', { name: 'Kaygana' }).waitFor();
    await page.getByText('185,00').first().waitFor();
    const menemen = page.getByRole('row', { name: /Menemen/ });
    await menemen.getByText('Tükendi:').waitFor();
    expect(await menemen.textContent()).toContain('Ürün Adı (en): Menemen → Menemen (scrambled eggs)');
    await shot(page, 'bulk-import-preview-desktop');
    await page.getByRole('button', { name: 'Vazgeç' }).click();

    // a wrong file: the row errors in Turkish, nothing changed
    const bad = path.join(tmp, 'hatali.csv');
    fs.writeFileSync(bad, '\uFEFFKategori;Ürün Adı;Satış Fiyatı\r\nKahvaltı;Menemen;on lira\r\n;Boş;10\r\n');
    await page.locator('input[type=file]').setInputFiles(bad);
    await page.getByText('Dosyada hatalar var, hiçbir değişiklik yapılmadı').waitFor();
    await page.getByRole('cell', { name: 'Kategori adı zorunludur.' }).waitFor();
    await page.getByText(/Fiyat 0 veya daha büyük/).first().waitFor();
    await shot(page, 'bulk-import-errors-desktop');
    expect(await dinerPrice(diner, 'Kahvaltı', 'Menemen')).toBe('₺185,00');

    // bulk price: +10 %, rounded to 1 TL; the live preview shows old → new
    await page.getByLabel('Kapsam').selectOption({ label: 'Tüm menü' });
    await page.getByLabel('Yöntem').selectOption('percent');
    await page.getByLabel('Yuvarlama').selectOption({ label: '1 TL' });
    await page.getByLabel('Değer').fill('10');
    await page.getByTestId('price-preview-count').waitFor();
    await page.getByRole('row', { name: /Menemen.*₺185,00 → ₺204,00/ }).waitFor();
    // portion prices in the preview too: 85 → 93,50 → 94; 120 → 132
    await page.getByRole('row', { name: /Türk Kahvesi.*Tek: ₺85,00 → ₺94,00.*Duble: ₺120,00 → ₺132,00/ }).waitFor();
    await shot(page, 'bulk-price-preview-desktop');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await page.getByText(/ürünün fiyatı güncellendi/).first().waitFor();
    await page.getByTestId('last-operation').getByRole('button', { name: 'Geri al' }).waitFor();
    expect(await dinerPrice(diner, 'Kahvaltı', 'Menemen')).toBe('₺204,00');
    expect(await dinerPrice(diner, 'Sıcak İçecekler', 'Türk Kahvesi')).toBe('₺94,00'); // 85 × 1,1 = 93,5 → 94

    // the product's price history on its edit screen
    await page.getByRole('link', { name: 'Ürünler' }).click();
    await page.waitForURL('**/user/products');
    await page.getByRole('row', { name: /Menemen/ }).getByRole('link', { name: /Düzenle/ }).click();
    await page.waitForURL(/edit-product\/\d+$/);
    await page.getByTestId('price-history').getByText('Toplu fiyat güncelleme').waitFor();
    expect(await page.getByTestId('price-history').textContent()).toContain('₺185,00 → ₺204,00');
    await shot(page, 'bulk-price-history-desktop');

    // undo: the diner sees the old prices again
    await page.getByRole('link', { name: 'Toplu İşlemler' }).click();
    await page.getByTestId('last-operation').getByRole('button', { name: 'Geri al' }).click();
    await page.getByText(/Fiyat güncellemesi geri alındı/).first().waitFor();
    await page.getByTestId('last-operation').getByText('geri alındı', { exact: false }).waitFor();
    expect(await dinerPrice(diner, 'Kahvaltı', 'Menemen')).toBe('₺185,00');
    expect(await dinerPrice(diner, 'Sıcak İçecekler', 'Türk Kahvesi')).toBe('₺85,00');
    await context.close();
  });

  it('the Toplu İşlemler page and the price history on a 360 px phone', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await uiLogin(page, DEMO.email, DEMO.password);
    await page.goto('/user/toplu-islemler');
    await page.getByRole('heading', { name: 'Toplu İşlemler', level: 1 }).waitFor();
    await page.getByLabel('Değer').fill('-5');
    await page.getByLabel('Yuvarlama').selectOption({ label: '0,5 TL' });
    await page.getByTestId('price-preview-count').waitFor();
    await page.getByRole('row', { name: /Menemen.*₺185,00 → ₺176,00/ }).waitFor(); // 175,75 → 176,00
    await shot(page, 'bulk-page-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);
    // an import preview on the phone: one card per row, the new columns among the changes
    await page.getByLabel('Değer').fill('');
    const sheet = '\uFEFFKategori;Ürün Adı;Satış Fiyatı;Tükendi;Ürün Adı (en)\r\nKahvaltı;Menemen;190,00;Evet;Menemen (eggs)\r\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByTestId('import-summary').waitFor();
    await page.getByText('Menemen (eggs)').waitFor();
    await shot(page, 'bulk-import-preview-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    await page.getByRole('button', { name: 'Vazgeç' }).click();
    await page.goto('/user/products');
    await page.getByRole('row', { name: /Menemen/ }).getByRole('link', { name: /Düzenle/ }).click();
    await page.getByRole('heading', { name: 'Fiyat geçmişi' }).waitFor();
    await page.getByText(/Fiyat geçmişi yükleniyor/).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    await shot(page, 'bulk-price-history-mobile');
    await context.close();
  });
});
