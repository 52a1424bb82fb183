import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, launch, newPage, uiLogin } from '../lib';

/**
 * Names like <script>alert(1)</script> show as text on owner, admin and public pages —
 * no script runs, no element is injected.
 */
const CATEGORY = '<script>alert(1)</script>';
const PRODUCT = '<img src=x onerror="window.__xss=1;alert(2)">';
const DESCRIPTION = '"><svg onload=alert(3)> & ş';

let browser: Browser;
let owner: Awaited<ReturnType<typeof apiRegister>>;
let slug: string;
let categoryId: number;

beforeAll(async () => {
  browser = await launch();
  owner = await apiRegister('Güvenlik Testi');
  const s = await apiCall('/api/update-setting', owner.token, { body: { name: 'Güvenlik Testi', companyname: 'Kaçış Kafe', city: 34, tel: '02121234567', address: '<b>Kalın</b>' } });
  expect(s.status).toBe(200);
  slug = s.settings.companyengname;
  expect(slug).toBeTruthy();
  expect((await apiCall('/api/store-category', owner.token, { body: { name: CATEGORY, description: DESCRIPTION, status: '1' } })).status).toBe(200);
  categoryId = (await apiCall('/api/view-category', owner.token)).category[0].id;
  expect((await apiCall('/api/store-product', owner.token, { body: { name: PRODUCT, description: DESCRIPTION, category_id: categoryId, selling_price: '10', status: '1' } })).status).toBe(200);
});
afterAll(async () => browser?.close());

/** Opens a page and fails on any dialog or injected element. */
async function expectInert(page: Page, url: string, texts: string[]) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  for (const t of texts) await page.getByText(t, { exact: false }).first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
}

describe('[SECURITY] hostile names are shown as text', () => {
  it('owner pages', async () => {
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await expectInert(page, '/user/categories', [CATEGORY]);
    await expectInert(page, '/user/products', [PRODUCT]);
    await context.close();
  });

  it('admin pages', async () => {
    const { context, page } = await newPage(browser);
    const admin = adminCredentials();
    await uiLogin(page, admin.email, admin.password);
    await expectInert(page, '/admin/categories', [CATEGORY]);
    await expectInert(page, '/admin/products', [PRODUCT]);
    await expectInert(page, '/admin/users', ['Kaçış Kafe']);
    await context.close();
  });

  it('public menu pages (server-rendered, no JavaScript needed)', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await expectInert(page, `/qr/${slug}/category`, [CATEGORY]);
    await expectInert(page, `/qr/${slug}/category/${categoryId}`, [CATEGORY, PRODUCT]);
    const html = await (await fetch(new URL(`/qr/${slug}/category/${categoryId}`, page.url()))).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await context.close();
  });
});
