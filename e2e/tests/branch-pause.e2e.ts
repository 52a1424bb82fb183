import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall, apiOwner, launch, newPage, setPlan, shot, shots, signedInPage } from '../lib';

/**
 * Ayarlar › Masadan sipariş, per branch (issue 43): the owner picks an extra branch in
 * "Duraklatılan masaların şubesi" and pauses its table 2. A diner at that table can no longer order
 * (the open page's Sepete ekle is refused, the reloaded page has none); the branch's other tables and
 * the main branch's table 2 still take orders.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const PAUSED = 'Bu masada sipariş şu an kapalı. Lütfen garsonu çağırın.';

describe('[BRANCH PAUSE]', () => {
  it("the owner pauses the extra branch's table 2 on Ayarlar; its diner is refused, the main branch's table 2 still orders", async () => {
    const company = `Çınar Kafe ${Date.now()}`;
    const owner = await apiOwner('Ayşe Öztürk', { companyname: company, city: 34, tel: '02121234567', address: 'Bağdat Cad. 10', deskcount: 6 });
    const mainSlug = (await apiCall('/api/edit-setting', owner.token)).settings.companyengname as string;
    await setPlan(await adminToken(), company, '1'); // Standart: 3 branches
    const cat = (await apiCall('/api/store-category', owner.token, { body: { name: 'Ana Yemekler', status: '1' } })).category;
    expect((await apiCall('/api/store-product', owner.token, { body: { name: 'Izgara Köfte', category_id: cat.id, selling_price: '250', status: '1' } })).status).toBe(200);
    const branch = (await apiCall('/api/branches', owner.token, { body: { name: 'Kadıköy', deskcount: 4 } })).branch;
    expect((await apiCall('/api/order-settings', owner.token, { body: { enabled: true } })).status).toBe(200);

    // a diner at Kadıköy's table 2 (JavaScript off) has the menu open before the pause
    const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    const k2 = `/qr/${branch.slug}/category/${cat.id}?masa=2`;
    await diner.page.goto(k2);
    const card = diner.page.locator('li.prod').filter({ has: diner.page.getByRole('heading', { name: 'Izgara Köfte' }) });
    await card.getByRole('button', { name: 'Sepete ekle' }).waitFor();

    // Ayarlar: the select names both branches; Kadıköy picked, its table 2 paused
    const { context, page } = await signedInPage(browser, owner, '/user/settings');
    const section = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Masadan sipariş' }) });
    const picker = section.getByLabel('Duraklatılan masaların şubesi');
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual([company, 'Kadıköy']);
    await picker.selectOption({ label: 'Kadıköy' });
    const tables = section.getByLabel('Kadıköy: duraklatılan masalar', { exact: false });
    await tables.waitFor();
    expect(await tables.inputValue()).toBe('');
    await tables.fill('2');
    await section.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Sipariş ayarları kaydedildi.').waitFor();

    // saved for Kadıköy only: the main branch's paused tables are still none
    expect(await apiCall(`/api/order-settings?branch=${branch.id}`, owner.token)).toMatchObject({ status: 200, enabled: true, paused: [2], branch_id: branch.id });
    expect(await apiCall('/api/order-settings?branch=0', owner.token)).toMatchObject({ status: 200, enabled: true, paused: [] });
    // on Ayarlar, the main branch's field is empty and Kadıköy's shows 2
    await picker.selectOption({ label: company });
    await section.getByLabel(`${company}: duraklatılan masalar`, { exact: false }).waitFor();
    expect(await section.getByLabel(`${company}: duraklatılan masalar`, { exact: false }).inputValue()).toBe('');
    await picker.selectOption({ label: 'Kadıköy' });
    await expect.poll(() => tables.inputValue()).toBe('2');

    // the diner's open page: Sepete ekle is refused with the paused message, nothing reaches the kitchen
    await card.getByRole('button', { name: 'Sepete ekle' }).click();
    await diner.page.getByText(PAUSED).first().waitFor();
    await shot(diner.page, 'branch-pause-refused-360');
    // reloaded, the page offers no ordering at table 2; table 1 of Kadıköy still does
    await diner.page.goto(k2);
    await diner.page.getByRole('heading', { name: 'Izgara Köfte' }).waitFor();
    expect(await diner.page.getByRole('button', { name: 'Sepete ekle' }).count()).toBe(0);
    await diner.page.goto(`/qr/${branch.slug}/category/${cat.id}?masa=1`);
    await card.getByRole('button', { name: 'Sepete ekle' }).waitFor();

    // the main branch's table 2 orders, through the basket, as before
    const main = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await main.page.goto(`/qr/${mainSlug}/category/${cat.id}?masa=2`);
    const mainCard = main.page.locator('li.prod').filter({ has: main.page.getByRole('heading', { name: 'Izgara Köfte' }) });
    await Promise.all([main.page.waitForURL(/\/siparis\?masa=2&durum=eklendi$/), mainCard.getByRole('button', { name: 'Sepete ekle' }).click()]);
    await Promise.all([main.page.waitForURL(/durum=gonderildi/), main.page.getByRole('button', { name: 'Siparişi gönder' }).click()]);
    const orders = (await apiCall('/api/orders', owner.token)).orders as Array<{ masa: number; branch_id: number; items: Array<{ name: string; quantity: number }> }>;
    expect(orders.map((o) => [o.masa, o.branch_id, o.items.map((i) => `${i.quantity} × ${i.name}`)])).toEqual([[2, 0, ['1 × Izgara Köfte']]]);
    await main.context.close();
    await diner.context.close();

    await shots(page, 'branch-pause-settings', async () => {
      await picker.selectOption({ label: 'Kadıköy' });
      await expect.poll(() => tables.inputValue()).toBe('2');
    });
    await context.close();
  });
});
