import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall, apiOwner, launch, newPage, setPlan, shots, signedInPage } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[BRANCH ORDERS]', () => {
  it("a diner orders at the extra branch's table 2; the kitchen sees it with that branch picked, not with the main one", async () => {
    const company = `İki Şube Kafe ${Date.now()}`;
    const owner = await apiOwner('Kerem Yıldız', { companyname: company, city: 34, tel: '02121234567', address: 'Nişantaşı', deskcount: 6 });
    await setPlan(await adminToken(), company, '1'); // Standart: 3 branches
    const cat = (await apiCall('/api/store-category', owner.token, { body: { name: 'Çorbalar', status: '1' } })).category;
    const soup = (await apiCall('/api/store-product', owner.token, { body: { name: 'Mercimek Çorbası', category_id: cat.id, selling_price: '90', status: '1' } })).product;
    const branch = (await apiCall('/api/branches', owner.token, { body: { name: 'Kadıköy', deskcount: 4 } })).branch;
    expect((await apiCall('/api/branch-prices', owner.token, { body: { branch_id: branch.id, product_id: soup.id, price: '110' } })).status).toBe(200);
    expect((await apiCall('/api/order-settings', owner.token, { body: { enabled: true } })).status).toBe(200);

    // the kitchen screen, Kadıköy picked (remembered on the device)
    const kitchen = await signedInPage(browser, owner, '/personel/mutfak');
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
    const waiter = await signedInPage(browser, owner, '/personel/garson');
    await waiter.page.getByTestId('staff-branch').getByLabel('Şube').selectOption({ label: 'Kadıköy' });
    const waiterTable = waiter.page.getByRole('region', { name: 'Masa 2' });
    await waiterTable.getByText('Mercimek Çorbası').waitFor();
    await waiterTable.getByRole('button', { name: 'Hesap', exact: true }).click();
    await waiter.page.getByTestId('bill-2').getByText('110,00', { exact: false }).first().waitFor();
    await shots(waiter.page, 'branch-orders-waiter', () => waiter.page.getByRole('region', { name: 'Masa 2' }).getByText('Mercimek Çorbası').waitFor());
    await waiter.context.close();

    // Personel: a waiter's branches by checkboxes ("Bütün şubeler" when none)
    expect((await apiCall('/api/staff', owner.token, { body: { name: 'Emre Garson', email: `emre${Date.now()}@example.com`, role: 'garson' } })).status).toBe(200);
    const area = await signedInPage(browser, owner, '/user/personel');
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
