import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, newPage, shot, signIn } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Moves an account to the Standart plan (3 branches), as the admin does (edit-user → update-user). */
async function toStandart(companyname: string) {
  const { email, password } = adminCredentials();
  const login = await (await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json();
  const id = (await apiCall(`/api/view-user?q=${encodeURIComponent(companyname)}`, login.token)).users[0].user_id;
  const user = (await apiCall(`/api/edit-user/${id}`, login.token)).user;
  expect((await apiCall(`/api/update-user/${id}`, login.token, { body: { ...user, userlevel: '1' } })).status).toBe(200);
}

/** The screen at 360 and 1280 px for a person to look at (reloaded at each width: the remembered branch stays), left at 1280 px. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [w, h] of [[360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.reload();
    await ready();
    await shot(page, `${name}-${w}`);
  }
}

describe('[BRANCH ORDERS]', () => {
  it("a diner orders at the extra branch's table 2; the kitchen sees it with that branch picked, not with the main one", async () => {
    const owner = await apiRegister('Kerem Yıldız');
    const company = `İki Şube Kafe ${Date.now()}`;
    await apiCall('/api/update-setting', owner.token, { body: { name: 'Kerem Yıldız', companyname: company, city: 34, tel: '02121234567', address: 'Nişantaşı', deskcount: 6 } });
    await toStandart(company);
    const cat = (await apiCall('/api/store-category', owner.token, { body: { name: 'Çorbalar', status: '1' } })).category;
    const soup = (await apiCall('/api/store-product', owner.token, { body: { name: 'Mercimek Çorbası', category_id: cat.id, selling_price: '90', status: '1' } })).product;
    const branch = (await apiCall('/api/branches', owner.token, { body: { name: 'Kadıköy', deskcount: 4 } })).branch;
    expect((await apiCall('/api/branch-prices', owner.token, { body: { branch_id: branch.id, product_id: soup.id, price: '110' } })).status).toBe(200);
    expect((await apiCall('/api/order-settings', owner.token, { body: { enabled: true } })).status).toBe(200);

    // the kitchen screen, Kadıköy picked (remembered on the device)
    const kitchen = await newPage(browser);
    await signIn(kitchen.page, owner.token, owner.name);
    await kitchen.page.goto('/personel/mutfak');
    await kitchen.page.getByRole('status').filter({ hasText: 'Canlı' }).waitFor();
    const picker = kitchen.page.getByTestId('staff-branch').getByLabel('Şube');
    await picker.selectOption({ label: 'Kadıköy' });
    await kitchen.page.getByRole('status').filter({ hasText: 'Canlı' }).waitFor();
    await kitchen.page.getByText('Bekleyen sipariş yok').waitFor();

    // a phone at Kadıköy's table 2, JavaScript off: its QR address, the menu, the basket, send
    const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await diner.page.goto(`/qr/${branch.slug}?masa=2`);
    await diner.page.goto(`/qr/${branch.slug}/category/${cat.id}?masa=2`);
    const card = diner.page.locator('li.prod').filter({ has: diner.page.getByRole('heading', { name: 'Mercimek Çorbası' }) });
    await Promise.all([diner.page.waitForURL(/\/siparis\?masa=2&durum=eklendi$/), card.getByRole('button', { name: 'Sepete ekle' }).click()]);
    await diner.page.getByText('110,00').first().waitFor(); // the branch's price
    await Promise.all([diner.page.waitForURL(/durum=gonderildi/), diner.page.getByRole('button', { name: 'Siparişi gönder' }).click()]);
    await diner.context.close();

    // live at Kadıköy's kitchen
    const table = kitchen.page.getByRole('region', { name: 'Masa 2' });
    await table.getByText('Mercimek Çorbası').waitFor({ timeout: 5000 });
    await shots(kitchen.page, 'branch-orders-kitchen', () => kitchen.page.getByRole('region', { name: 'Masa 2' }).getByText('Mercimek Çorbası').waitFor());
    // the main branch picked: not there
    await picker.selectOption({ label: company });
    await kitchen.page.getByText('Bekleyen sipariş yok').waitFor();
    expect(await kitchen.page.getByText('Mercimek Çorbası').count()).toBe(0);
    // every branch: the table is named with its branch
    await picker.selectOption({ label: 'Tüm şubeler' });
    await kitchen.page.getByRole('region', { name: 'Kadıköy · Masa 2' }).getByText('Mercimek Çorbası').waitFor();
    // the choice is remembered on the device
    await picker.selectOption({ label: 'Kadıköy' });
    await kitchen.page.reload();
    await kitchen.page.getByRole('region', { name: 'Masa 2' }).getByText('Mercimek Çorbası').waitFor();
    expect(await kitchen.page.getByTestId('staff-branch').getByLabel('Şube').inputValue()).toBe(String(branch.id));
    await kitchen.context.close();

    // the waiter screen at Kadıköy: the table's bill is Kadıköy's table 2 (`?branch=`), at the branch's price
    const waiter = await newPage(browser);
    await signIn(waiter.page, owner.token, owner.name);
    await waiter.page.goto('/personel/garson');
    await waiter.page.getByTestId('staff-branch').getByLabel('Şube').selectOption({ label: 'Kadıköy' });
    const waiterTable = waiter.page.getByRole('region', { name: 'Masa 2' });
    await waiterTable.getByText('Mercimek Çorbası').waitFor();
    await waiterTable.getByRole('button', { name: 'Hesap', exact: true }).click();
    await waiter.page.getByTestId('bill-2').getByText('110,00', { exact: false }).first().waitFor();
    await shots(waiter.page, 'branch-orders-waiter', () => waiter.page.getByRole('region', { name: 'Masa 2' }).getByText('Mercimek Çorbası').waitFor());
    await waiter.context.close();

    // Personel: a waiter's branches by checkboxes ("Bütün şubeler" when none)
    expect((await apiCall('/api/staff', owner.token, { body: { name: 'Emre Garson', email: `emre${Date.now()}@example.com`, role: 'garson' } })).status).toBe(200);
    const area = await newPage(browser);
    await signIn(area.page, owner.token, owner.name);
    await area.page.goto('/user/personel');
    const row = area.page.getByTestId('staff-row').filter({ hasText: 'Emre Garson' });
    await row.getByText('(Bütün şubeler)').waitFor();
    await row.getByLabel('Kadıköy').check();
    await area.page.getByText('Personelin şubeleri kaydedildi.').waitFor();
    expect(await row.getByLabel('Kadıköy').isChecked()).toBe(true);
    const staffList = await apiCall('/api/staff', owner.token);
    expect(staffList.staff.find((m: { name: string }) => m.name === 'Emre Garson').branches).toEqual([branch.id]);
    await shots(area.page, 'branch-orders-staff', () => row.getByText('Kadıköy').waitFor());

    // Raporlar: the branch picker
    await area.page.goto('/user/raporlar');
    await area.page.getByTestId('branch-filter').getByRole('combobox').selectOption({ label: 'Kadıköy' });
    await area.page.getByText('110,00', { exact: false }).first().waitFor();
    await shots(area.page, 'branch-orders-reports', () => area.page.getByText('110,00', { exact: false }).first().waitFor());
    await area.page.getByTestId('branch-filter').getByRole('combobox').selectOption({ label: company });
    await area.page.getByText('Bu aralıkta sipariş yok.').waitFor();
    await area.context.close();
  });
});
