import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, signIn } from '../lib';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync('screenshots', { recursive: true });
});
afterAll(async () => browser?.close());

/** A 360 px phone where axe-core may be injected (the app's CSP forbids injected scripts). */
async function phone() {
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, viewport: { width: 360, height: 740 }, locale: 'tr-TR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Serious or critical axe-core violations inside the open dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: { run(c: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe.run({ include: [['.swal2-popup']] }),
  );
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** A screenshot once the dialog's opening animation is over. */
async function dialogShot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `screenshots/${name}.png` });
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

async function seed() {
  const owner = await apiRegister('Onay Sahibi');
  const add = (name: string) => apiCall('/api/store-category', owner.token, { body: { name, status: '1' } });
  await add('Çorbalar');
  await add('Tatlılar');
  const cats = (await apiCall('/api/all-category', owner.token)).category as Array<{ id: number; name: string }>;
  const soups = cats.find((c) => c.name === 'Çorbalar')!.id;
  for (const name of ['Mercimek Çorbası', 'Ezogelin Çorbası']) {
    expect((await apiCall('/api/store-product', owner.token, { body: { category_id: soups, name, selling_price: '80' } })).status).toBe(200);
  }
  return owner;
}

describe('[MENU] nothing vanishes with one tap (360 px)', () => {
  it('a product: the dialog names it, Vazgeç and Escape keep it, Sil removes it; a 404 reverts the button', async () => {
    const owner = await seed();
    const { context, page } = await phone();
    const deletes: string[] = [];
    page.on('request', (r) => r.method() === 'DELETE' && deletes.push(r.url()));
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/products');
    const row = page.getByRole('row', { name: /Mercimek Çorbası/ });
    await row.waitFor();

    // the question: an alertdialog named by its title, described by its text, focus on Vazgeç
    await row.getByRole('button', { name: 'Sil' }).click();
    const ask = page.getByRole('alertdialog', { name: '“Mercimek Çorbası” silinsin mi?' });
    await ask.waitFor();
    await ask.getByText('menünüzden kalıcı olarak kaldırılır').waitFor();
    expect(await ask.getAttribute('aria-modal')).toBe('true');
    expect(await page.locator(`#${await ask.getAttribute('aria-describedby')}`).textContent()).toContain('geri alınamaz');
    await expect.poll(() => focused(page)).toBe('Vazgeç');
    expect(await ask.getByRole('button').allTextContents()).toEqual(['Sil', 'Vazgeç']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialogShot(page, 'delete-confirm-product-360');
    expect(await dialogViolations(page)).toEqual([]);

    // Vazgeç keeps it; Escape keeps it and gives the focus back to Sil; Enter on the focused Vazgeç too
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await ask.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Sil' }).click();
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Sil');
    await page.keyboard.press('Enter');
    await ask.waitFor();
    await expect.poll(() => focused(page)).toBe('Vazgeç');
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    expect((await apiCall('/api/view-product', owner.token)).products).toHaveLength(2);

    // Sil: 'Siliniyor...' during the call, then the row goes
    await page.route('**/api/delete-product/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await row.getByRole('button', { name: 'Sil' }).click();
    await ask.getByRole('button', { name: 'Sil', exact: true }).click();
    await row.getByText('Siliniyor...').waitFor();
    await page.getByText('Ürün başarıyla silindi.').waitFor();
    await row.waitFor({ state: 'detached' });
    // the focus is not left on the vanished button: it moves to the next row's Sil
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.textContent} ${document.activeElement?.closest('tr')?.textContent ?? ''}`)).toMatch(/^Sil .*Ezogelin Çorbası/);
    expect(deletes).toHaveLength(1);
    const left = (await apiCall('/api/view-product', owner.token)).products as Array<{ name: string }>;
    expect(left.map((p) => p.name)).toEqual(['Ezogelin Çorbası']);
    await page.unroute('**/api/delete-product/**');

    // already gone elsewhere (404): the warning, and the button is Sil again
    await page.route('**/api/delete-product/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 404, message: 'Ürün bulunamadı.' }) }));
    const other = page.getByRole('row', { name: /Ezogelin Çorbası/ });
    await other.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('alertdialog', { name: '“Ezogelin Çorbası” silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await page.getByText('Ürün bulunamadı.').waitFor();
    await other.getByRole('button', { name: 'Sil' }).waitFor();
    await context.close();
  });

  it('a category with products says how many and offers no Sil; an empty one says so and goes', async () => {
    const owner = await seed();
    const { context, page } = await phone();
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/categories');
    const soups = page.getByRole('row', { name: /Çorbalar/ });
    await soups.waitFor();

    await soups.getByRole('button', { name: 'Sil' }).click();
    const blocked = page.getByRole('alertdialog', { name: '“Çorbalar” silinemez' });
    await blocked.getByText('Bu kategoride 2 ürün var; önce ürünleri taşıyın ya da silin.').waitFor();
    expect(await blocked.getByRole('button').allTextContents()).toEqual(['Tamam']);
    await dialogShot(page, 'delete-confirm-category-blocked-360');
    expect(await dialogViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await blocked.waitFor({ state: 'detached' });
    await soups.getByRole('button', { name: 'Sil' }).waitFor();

    const sweets = page.getByRole('row', { name: /Tatlılar/ });
    await sweets.getByRole('button', { name: 'Sil' }).click();
    const ask = page.getByRole('alertdialog', { name: '“Tatlılar” silinsin mi?' });
    await ask.getByText('Bu kategoride ürün yok').waitFor();
    await ask.getByRole('button', { name: 'Sil', exact: true }).click();
    await page.getByText('Kategori başarıyla silindi.').waitFor();
    await sweets.waitFor({ state: 'detached' });
    const names = ((await apiCall('/api/view-category', owner.token)).category as Array<{ name: string }>).map((c) => c.name);
    expect(names).toEqual(['Çorbalar']);
    await context.close();
  });

  it('a product added after the list loaded: the server refuses (409), the warning shows and the button returns to Sil', async () => {
    const owner = await apiRegister('Kategori Sahibi');
    await apiCall('/api/store-category', owner.token, { body: { name: 'İçecekler' } });
    const { context, page } = await phone();
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/categories');
    const row = page.getByRole('row', { name: /İçecekler/ });
    await row.waitFor();
    const cat = (await apiCall('/api/all-category', owner.token)).category[0];
    await apiCall('/api/store-product', owner.token, { body: { category_id: cat.id, name: 'Ayran', selling_price: '30' } });

    await row.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('alertdialog', { name: '“İçecekler” silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await page.getByText('Bu kategoride 1 ürün var.', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Sil' }).waitFor();
    expect((await apiCall('/api/view-category', owner.token)).category).toHaveLength(1);
    await context.close();
  });
});
