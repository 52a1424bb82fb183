import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, signIn } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync('screenshots', { recursive: true });
});
afterAll(async () => browser?.close());

async function form(path: string, token: string, fields: Record<string, string | number>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  const res = await fetch(`${baseURL()}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
  return res.json();
}

/** Nothing is wider than the phone's screen. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('[PRICE LIST] an owner on a phone prints the door list and fixes a finding; a diner reads the list', () => {
  it('at 360 px: the welcome count, the findings, the PDF, the versions, and the public page without JavaScript', async () => {
    const owner = await apiRegister('Deniz Kaya');
    const company = `Fiyat Kebap ${Date.now()}`;
    const settings = await apiCall('/api/update-setting', owner.token, {
      body: { name: 'Deniz Kaya', companyname: company, address: 'Bağdat Cad. 12', city: 34, tel: '0216 555 00 11', deskcount: 4 },
    });
    const slug = settings.settings.companyengname as string;
    const cat = (await form('/api/store-category', owner.token, { name: 'Kebaplar', status: '1' })).category.id;
    const doner = (await form('/api/store-product', owner.token, { category_id: cat, name: 'Et Döner', selling_price: 185, status: '1' })).product.id;
    await form('/api/store-product', owner.token, { category_id: cat, name: 'Ayran', selling_price: 35, status: '1', amount: 300, amount_unit: 'ml' });

    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, owner.token, owner.name);
    await page.goto('/user');
    const card = page.getByTestId('price-list-findings');
    await expect(card.textContent()).resolves.toMatch(/2 açık bulgu/);
    await card.getByRole('link', { name: 'Fiyat Listesi’ne git' }).click();
    await page.getByRole('heading', { name: 'Fiyat Listesi', level: 1 }).waitFor();
    const findings = page.getByTestId('price-list-finding');
    await expect(findings.count()).resolves.toBe(2);
    await expect(page.getByText('«Et Döner» için gramaj girilmemiş', { exact: false }).count()).resolves.toBe(1);
    expect(await fits(page)).toBe(true);
    await shot(page, 'price-list-owner-360');

    // the door list, as a PDF download
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Kapı listesi: PDF indir' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fiyat-listesi-kapi-v\d+\.pdf$/);
    const file = fs.readFileSync((await download.path()));
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // printed: that finding is gone; the version shows as printed for the door
    // (the screen reloads the findings and versions after the download: wait for them)
    await expect.poll(() => page.getByTestId('price-list-finding').count(), { timeout: 10_000 }).toBe(1);
    // (at 360 px the versions are a list, not a table that scrolls sideways)
    await expect.poll(() => page.getByText('Yazdırıldı: kapı', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await fits(page)).toBe(true);

    // the finding links to its product; the form says what is missing; grams fix it
    await page.getByRole('link', { name: 'Ürüne git' }).click();
    await page.getByText('Bu ürünün gramajını yazmalısınız', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Miktar', exact: true }).fill('120');
    await page.getByRole('combobox', { name: 'Birim', exact: true }).selectOption('g');
    await page.getByRole('button', { name: 'Güncelle', exact: true }).click();
    await page.waitForURL('**/user/products');
    const check = await apiCall('/api/price-list/check', owner.token);
    expect(check.findings.map((f: { code: string }) => f.code)).toEqual(['list_outdated']);
    expect(check.findings[0].message).toContain('Kapıdaki liste güncel değil');
    const product = await apiCall(`/api/edit-product/${doner}`, owner.token);
    expect(product.product).toMatchObject({ amount: 120, amount_unit: 'g' });
    await context.close();

    // a diner, JavaScript off, opens the printable list from the menu's footer
    const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await diner.page.goto(`/qr/${slug}/category`);
    await diner.page.getByRole('link', { name: 'Fiyat listesi' }).click();
    await diner.page.waitForURL(`**/qr/${slug}/fiyat-listesi`);
    await diner.page.getByRole('heading', { name: company }).waitFor();
    const text = await diner.page.textContent('main');
    for (const s of ['Et Döner', '(120 g)', '₺185,00', 'Ayran', '(300 ml)', '₺35,00', 'Fiyatlarımıza KDV dahildir.', 'Son güncelleme']) expect(text).toContain(s);
    expect(await fits(diner.page)).toBe(true);
    await shot(diner.page, 'price-list-diner-360');
    await diner.context.close();
  });
});
