import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, shots, signIn } from '../lib';

/** The bill (issue 42, item 4): the waiter's Hesap panel, the slip's buttons, Masayı kapat, the diner's page with JavaScript off. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Serious or critical axe-core violations of the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url()}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('[ORDERS] the bill', () => {
  it('the waiter opens Hesap, prints the slip, closes the table with Kart; the diner reads the bill with JavaScript off', async () => {
    const owner = await apiRegister('Selin Aydın');
    const settings = await apiCall('/api/update-setting', owner.token, { body: { name: 'Selin Aydın', companyname: `Fiş Kafe ${Date.now()}`, address: 'Moda Cad. 5', city: 34, tel: '0216 555 44 33', deskcount: 8 } });
    const slug = settings.settings.companyengname as string;
    const category = (await apiCall('/api/store-category', owner.token, { body: { name: 'Ana Yemekler', status: '1' } })).category;
    const pide = (await apiCall('/api/store-product', owner.token, { body: { category_id: category.id, name: 'Pide', selling_price: '', status: '1', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) } })).product;
    const ayran = (await apiCall('/api/store-product', owner.token, { body: { category_id: category.id, name: 'Ayran', selling_price: '40', status: '1' } })).product;
    expect((await apiCall('/api/order-settings', owner.token, { body: { enabled: true } })).status).toBe(200);

    // the diner at table 3 (JavaScript off): a seat, then an order sent through the basket's JSON twin
    const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await diner.page.goto(`/qr/${slug}/category?masa=3`);
    const sent = await diner.context.request.post(`/api/orders/${slug}`, { data: { masa: 3, items: [{ product_id: pide.id, portion: 'Tam', quantity: 2 }, { product_id: ayran.id, quantity: 1 }] } });
    const first = (await sent.json()).order.id as number;
    for (const status of ['hazirlaniyor', 'hazir', 'servis']) await apiCall(`/api/orders/${first}/status`, owner.token, { body: { status } });
    const second = await diner.context.request.post(`/api/orders/${slug}`, { data: { masa: 3, items: [{ product_id: ayran.id, quantity: 2 }] } });
    const pending = (await second.json()).order.id as number;

    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/personel/garson');
    const table = page.getByRole('region', { name: 'Masa 3' });
    await table.getByRole('button', { name: 'Hesap', exact: true }).click();
    const bill = page.getByTestId('bill-3');
    await bill.getByText('2 × Pide (Tam)').waitFor();
    await bill.getByText('Hazırlanıyor', { exact: true }).waitFor();
    expect(await bill.getByText('₺440,00').count()).toBe(1);
    await shots(page, 'bill-waiter');
    const found = await violations(page);

    // Fişi yazdır: the 80 mm HTML slip in a new tab
    const [tab] = await Promise.all([context.waitForEvent('page'), bill.getByRole('button', { name: 'Fişi yazdır' }).click()]);
    await tab.getByText('Bilgi fişidir, mali değeri yoktur.').first().waitFor();
    await tab.getByText('₺440,00').waitFor();
    await tab.setViewportSize({ width: 320, height: 700 });
    await shot(tab, 'bill-slip-html');
    await tab.close();
    // PDF indir: a download named after the table and the session
    const [download] = await Promise.all([page.waitForEvent('download'), bill.getByRole('button', { name: 'PDF indir' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hesap-fisi-masa-3-\d+\.pdf$/);

    // the kitchen finishes the Ayran; the panel follows the live orders
    for (const status of ['hazirlaniyor', 'hazir', 'servis']) await apiCall(`/api/orders/${pending}/status`, owner.token, { body: { status } });
    await bill.getByText('₺520,00').waitFor();

    // the diner's bill, no script
    await diner.page.goto(`/qr/${slug}/siparis?masa=3`);
    await diner.page.getByRole('link', { name: 'Hesabı gör' }).click();
    await diner.page.getByRole('heading', { name: 'Hesap', exact: true }).waitFor();
    await diner.page.getByText('₺520,00').first().waitFor();
    await shot(diner.page, 'bill-diner-360');
    // axe-core needs a script: the diner's page forbids them by CSP (it has none of its own)
    const axeContext = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, viewport: { width: 360, height: 740 }, locale: 'tr-TR', extraHTTPHeaders: { cookie: (await diner.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
    const axePage = await axeContext.newPage();
    await axePage.goto(`/qr/${slug}/hesap?masa=3`);
    await axePage.getByText('₺520,00').first().waitFor();
    found.push(...(await violations(axePage)));
    await axeContext.close();
    expect(found).toEqual([]);

    // Masayı kapat: nakit or kart, Kapat / Vazgeç
    await table.getByRole('button', { name: 'Masayı kapat' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Masa 3 kapatılsın mı?').waitFor();
    await page.waitForTimeout(600); // the dialog's opening animation
    await shot(page, 'bill-close-dialog-1280');
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('button', { name: 'Masayı kapat' }).click();
    await dialog.getByLabel('Kart').check();
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    const closed = page.getByRole('region', { name: 'Kapatılan masalar' });
    await closed.getByText('Masa 3 · Kart · ₺520,00').waitFor();
    await page.getByRole('region', { name: 'Masa 3' }).waitFor({ state: 'detached' });
    await shots(page, 'bill-closed');
    const [reprint] = await Promise.all([context.waitForEvent('page'), closed.getByRole('button', { name: 'Fişi yazdır' }).click()]);
    await reprint.getByText('Ödeme: Kart').waitFor();
    await reprint.close();

    await diner.page.reload();
    await diner.page.getByText('Bu masada açık hesap yok.').waitFor();
    await context.close();
    await diner.context.close();
  }, 180_000);
});
