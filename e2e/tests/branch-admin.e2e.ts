import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, newPage, shot, signIn } from '../lib';

/**
 * Issue 43 item 1: the admin sees an account's branches under it in Kullanıcılar and finds the
 * account by a branch's name; the owner picks a branch on Hoş geldiniz and sees its views.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function adminToken(): Promise<string> {
  const { email, password } = adminCredentials();
  return (await (await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()).token;
}

async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [w, h] of [[360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.reload();
    await ready();
    await shot(page, `${name}-${w}`);
  }
}

describe('[BRANCHES] admin lists and daily views', () => {
  it('Kullanıcılar shows the branches under their account and finds it by a branch; Hoş geldiniz shows one branch’s views', async () => {
    const stamp = Date.now();
    const owner = await apiRegister('Selin Aksoy');
    const company = `Lale Kafe ${stamp}`;
    await apiCall('/api/update-setting', owner.token, { body: { name: 'Selin Aksoy', companyname: company, city: 34, tel: '02121234567', address: 'Kadıköy' } });
    const admin = await adminToken();
    const id = (await apiCall(`/api/view-user?q=${encodeURIComponent(company)}`, admin)).users[0].user_id;
    const user = (await apiCall(`/api/edit-user/${id}`, admin)).user;
    expect((await apiCall(`/api/update-user/${id}`, admin, { body: { ...user, userlevel: '2' } })).status).toBe(200);
    const branchName = `Kuzguncuk ${stamp}`;
    const branch = (await apiCall('/api/branches', owner.token, { body: { name: branchName, city: 34 } })).branch;
    await apiCall('/api/branches', owner.token, { body: { name: 'Moda', city: 34 } });
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseURL()}/qr/${branch.slug}`)).status).toBe(200);

    // the admin: the branch filter finds the account; its row opens into the branches
    const a = await newPage(browser);
    await signIn(a.page, admin, 'Yönetici');
    await a.page.goto('/admin/users');
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
    const o = await newPage(browser);
    await signIn(o.page, owner.token, owner.name);
    await o.page.goto('/user');
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
