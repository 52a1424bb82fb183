import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials, apiRegister, launch, newPage, shot, uiLogin } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[ADMIN] users table: go to page, keyset next/previous, the sticky business name', () => {
  it('at 1280 px: "go to page" jumps to a page, previous/next follow it, the business name stays in view when scrolled sideways', async () => {
    for (let i = 0; i < 6; i++) await apiRegister(`Sayfa Sahibi ${i}`);
    const { context, page } = await newPage(browser);
    const admin = adminCredentials();
    await uiLogin(page, admin.email, admin.password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto('/admin/users');
    const table = page.getByTestId('admin-users-table');
    await table.waitFor();
    await table.getByRole('combobox').last().selectOption('5');
    const pageText = table.getByTestId('table-page');
    // the shown page has arrived: the page label says it and the table is no longer loading
    const settle = async (label: string | RegExp) => {
      await pageText.filter({ hasText: label }).waitFor();
      await table.locator('table[aria-busy="false"]').waitFor();
    };
    await settle(/^Sayfa 1 \/ \d+$/);
    const pages = Number((await pageText.textContent())!.match(/\/ (\d+)/)![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const firstRows = await table.locator('tbody tr').allTextContents();

    // go to the last page by number, then one back (the `before` cursor) and one forward (`after`)
    await table.getByLabel('Sayfaya git').fill(String(pages));
    await table.getByRole('button', { name: 'Git' }).click();
    await settle(`Sayfa ${pages} / ${pages}`);
    const lastRows = await table.locator('tbody tr').allTextContents();
    await table.getByRole('button', { name: 'Önceki sayfa' }).click();
    await settle(`Sayfa ${pages - 1} / ${pages}`);
    await table.getByRole('button', { name: 'Sonraki sayfa' }).click();
    await settle(`Sayfa ${pages} / ${pages}`);
    expect(await table.locator('tbody tr').allTextContents()).toEqual(lastRows);
    // back to page 1 by number: the same rows as at first
    await table.getByLabel('Sayfaya git').fill('1');
    await table.getByRole('button', { name: 'Git' }).click();
    await settle(`Sayfa 1 / ${pages}`);
    expect(await table.locator('tbody tr').allTextContents()).toEqual(firstRows);

    // sideways: the business-name cells keep their place at the left edge
    const scroller = table.locator('.overflow-x-auto');
    const before = await table.locator('tbody tr td').first().boundingBox();
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const after = await table.locator('tbody tr td').first().boundingBox();
    expect(after!.x).toBeCloseTo(before!.x, 0);
    await shot(page, 'admin-users-scrolled-desktop');
    await context.close();
  });
});
