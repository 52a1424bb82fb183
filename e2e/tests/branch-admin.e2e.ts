import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall, apiOwner, baseURL, launch, setPlan, shot, shots, signedInPage } from '../lib';

/**
 * Issue 43 item 1: the admin sees an account's branches under it in Kullanıcılar and finds the
 * account by a branch's name; the owner picks a branch on Hoş geldiniz and sees its views.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[BRANCHES] admin lists and daily views', () => {
  it('Kullanıcılar shows the branches under their account and finds it by a branch; Hoş geldiniz shows one branch’s views', async () => {
    const stamp = Date.now();
    const company = `Lale Kafe ${stamp}`;
    const owner = await apiOwner('Selin Aksoy', { companyname: company, city: 34, tel: '02121234567', address: 'Kadıköy' });
    const admin = await adminToken();
    await setPlan(admin, company, '2');
    const branchName = `Kuzguncuk ${stamp}`;
    const branch = (await apiCall('/api/branches', owner.token, { body: { name: branchName, city: 34 } })).branch;
    await apiCall('/api/branches', owner.token, { body: { name: 'Moda', city: 34 } });
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseURL()}/qr/${branch.slug}`)).status).toBe(200);

    // the admin: the branch filter finds the account; its row opens into the branches
    const a = await signedInPage(browser, { token: admin, name: 'Yönetici' }, '/admin/users');
    await a.page.getByTestId('admin-users-table').waitFor();
    await a.page.getByLabel('Şubeler filtrele').fill(`kuzguncuk ${stamp}`);
    const row = a.page.getByRole('row').filter({ hasText: company });
    await row.waitFor();
    await expect.poll(() => a.page.getByRole('row').count()).toBe(3); // the header, the filters, the account
    await row.getByText('2 ek şube').click();
    await row.getByText(branchName).waitFor();
    await row.getByRole('link', { name: `/qr/${branch.slug}` }).waitFor();
    await shot(a.page, 'admin-users-branches-1280');
    await a.context.close();

    // the owner: the picker under the 30-day chart shows the branch's views (flushed within 0.5 s)
    const o = await signedInPage(browser, owner, '/user');
    await o.page.getByTestId('views-branch').locator('select').selectOption({ label: branchName });
    await o.page.getByRole('heading', { name: `Son 30 gün — ${branchName}` }).waitFor();
    await expect.poll(async () => (await apiCall(`/api/dashboard?branch=${branch.id}`, owner.token)).dashboard.totalViews).toBe(3);
    await shots(o.page, 'welcome-branch', async () => {
      await o.page.getByTestId('views-branch').locator('select').selectOption({ label: branchName });
      await o.page.getByText(`Toplam görüntülenme — ${branchName}`).waitFor();
    });
    await o.context.close();
  });
});
