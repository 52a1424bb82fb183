import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, newPage, shot, shots, signIn } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Moves an account to the Standart plan, as the admin does (edit-user → update-user). */
async function toStandart(companyname: string) {
  const { email, password } = adminCredentials();
  const login = await (await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json();
  const list = await apiCall(`/api/view-user?q=${encodeURIComponent(companyname)}`, login.token);
  const id = list.users[0].user_id;
  const user = (await apiCall(`/api/edit-user/${id}`, login.token)).user;
  const res = await apiCall(`/api/update-user/${id}`, login.token, { body: { ...user, userlevel: '1' } });
  expect(res.status, JSON.stringify(res)).toBe(200);
}

describe('[BRANCHES]', () => {
  it('the owner adds a branch on Şubeler, sets its price on Şube fiyatları, switches branch in the header and deletes a branch after a confirmation naming it', async () => {
    const owner = await apiRegister('Kerem Yıldız');
    const company = `Dört Mevsim Kafe ${Date.now()}`;
    await apiCall('/api/update-setting', owner.token, { body: { name: 'Kerem Yıldız', companyname: company, city: 34, tel: '02121234567', address: 'Nişantaşı' } });
    await toStandart(company);
    const cat = await apiCall('/api/store-category', owner.token, { body: { name: 'Sıcak İçecekler', status: '1' } });
    await apiCall('/api/store-product', owner.token, { body: { name: 'Türk Kahvesi', category_id: cat.category.id, selling_price: '60', status: '1' } });

    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/subeler');
    await page.getByText('Henüz ek şubeniz yok').waitFor();
    await page.getByLabel('Şube adı').fill('Kadıköy');
    await page.getByLabel('Adres', { exact: true }).fill('Moda Cad. 12');
    await page.getByLabel('Wi-Fi adı').fill('DortMevsim-Kadikoy');
    await page.getByRole('button', { name: 'Şube ekle' }).click();
    await page.getByText('Şube eklendi.').waitFor();
    await page.getByTestId('branch-row').filter({ hasText: 'Kadıköy' }).waitFor();
    await page.getByLabel('Şube adı').fill('Beşiktaş');
    await page.getByRole('button', { name: 'Şube ekle' }).click();
    await page.getByTestId('branch-row').filter({ hasText: 'Beşiktaş' }).waitFor();
    // Standart: 3 branches with the main one, the form is gone
    await page.getByText('Plan sınırına ulaştınız.', { exact: false }).waitFor();
    await shots(page, 'branches-list', () => page.getByTestId('branch-row').nth(2).waitFor());

    // the header's switcher picks Kadıköy; Şube fiyatları shows it
    await page.getByTestId('branch-switcher').getByLabel('Şube').selectOption({ label: 'Kadıköy' });
    await page.goto('/user/sube-fiyatlari');
    const row = page.getByTestId('branch-price-row').filter({ hasText: 'Türk Kahvesi' });
    await row.waitFor();
    await row.getByLabel('Türk Kahvesi: şube fiyatı (TL)').fill('75');
    await row.getByRole('button', { name: 'Kaydet: Türk Kahvesi' }).click();
    await page.getByText('Şube fiyatı kaydedildi.').waitFor();
    await row.getByText('Şubeye özel').waitFor();
    await shots(page, 'branch-prices', () => page.getByTestId('branch-price-row').first().waitFor());

    // the diner's menu at the branch address shows its price
    const branches = await apiCall('/api/branches', owner.token);
    const kadikoy = branches.branches.find((b: { name: string }) => b.name === 'Kadıköy');
    const menu = await newPage(browser, { mobile: true });
    await menu.page.goto(`/qr/${kadikoy.slug}/category/${cat.category.id}`);
    await menu.page.getByText('75,00').first().waitFor();
    await menu.page.getByText(`${company} – Kadıköy`).first().waitFor();
    await shot(menu.page, 'branch-menu-360');
    await menu.context.close();

    // a bulk price change at the branches picked: Kadıköy only (the main branch unticked)
    await page.goto('/user/toplu-islemler');
    const picker = page.getByTestId('bulk-branches');
    await picker.waitFor();
    await picker.getByLabel(company).uncheck();
    await picker.getByLabel('Kadıköy').check();
    await page.getByLabel('Değer', { exact: false }).first().fill('10');
    await page.getByTestId('price-preview-count').waitFor();
    await page.getByText('Kadıköy', { exact: false }).nth(1).waitFor();
    await shot(page, 'branches-bulk-price-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'branches-bulk-price-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // delete with the SweetAlert2 confirmation naming the branch
    await page.goto('/user/subeler');
    await page.getByRole('button', { name: 'Sil: Beşiktaş' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('“Beşiktaş” şubesi', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Vazgeç' }).waitFor();
    await page.waitForTimeout(500); // the dialog's opening animation
    await shot(page, 'branches-delete-confirm-1280');
    await dialog.getByRole('button', { name: 'Evet, sil' }).click();
    await page.getByText('Şube silindi.').waitFor();
    await page.getByTestId('branch-row').filter({ hasText: 'Beşiktaş' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
