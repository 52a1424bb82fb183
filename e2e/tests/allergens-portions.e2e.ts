import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import sharp from 'sharp';
import { apiCall, apiRegister, launch, newPage, shot, signIn } from '../lib';

/** Issue 38, items 5, 6 and 7 on a 360 px phone: allergens in one place, portions wherever a price appears, the QR page. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function owner() {
  const o = await apiRegister('Sena Aksoy');
  expect((await apiCall('/api/update-setting', o.token, { body: { name: 'Sena Aksoy', companyname: `Alerjen Kafe ${Date.now()}`, city: 34, tel: '05321234567' } })).status).toBe(200);
  expect((await apiCall('/api/store-category', o.token, { body: { name: 'Tatlılar' } })).status).toBe(200);
  const cat = ((await apiCall('/api/all-category', o.token)).category as Array<{ id: number }>)[0].id;
  const slug = String((await apiCall('/api/edit-setting', o.token)).settings.qrlink).split('/qr/')[1];
  return { ...o, cat, slug };
}

describe('[MENU] allergens in one place (360 px)', () => {
  it('the owner turns a free-text note into codes with one click; the menu shows one İçerir line', async () => {
    const o = await owner();
    const add = await apiCall('/api/store-product', o.token, { body: { category_id: o.cat, name: 'Baklava', selling_price: '150', allergen: 'gluten, süt, tarçın' } });
    expect(add.status).toBe(200);
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, o.token, o.name);
    await page.goto('/user/products');
    const card = page.getByTestId('allergen-suggestions');
    await card.getByText('Gluten içeren tahıllar, Süt').waitFor();
    expect(await card.getByRole('checkbox', { name: 'Dönüştür: Baklava' }).isChecked()).toBe(true);
    await shot(page, 'allergen-suggestions-360');
    await card.getByRole('button', { name: 'Seçilen 1 ürünü dönüştür' }).click();
    await card.waitFor({ state: 'detached' });
    const stored = (await apiCall('/api/view-product', o.token)).products[0];
    expect(stored).toMatchObject({ allergens: ['gluten', 'sut'], allergen: 'tarçın' });

    // the form: the 14 first, "Diğer alerjenler" below them
    await page.goto(`/user/products/edit-product/${stored.id}`);
    const other = page.getByLabel('Diğer alerjenler');
    expect(await other.inputValue()).toBe('tarçın');
    const [boxY, otherY] = [await page.getByRole('checkbox', { name: 'Süt' }).boundingBox(), await other.boundingBox()];
    expect(boxY!.y).toBeLessThan(otherY!.y);
    expect(await page.getByRole('checkbox', { name: 'Süt' }).isChecked()).toBe(true);
    await context.close();

    const diner = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await diner.page.goto(`/qr/${o.slug}/category/${o.cat}`);
    expect(await diner.page.locator('p.al').allInnerTexts()).toEqual(['İçerir: Gluten içeren tahıllar, Süt, tarçın']);
    await diner.context.close();
  });
});

describe('[MENU] portions wherever a price appears (360 px)', () => {
  it("the owner's product list shows a product with portions by its range", async () => {
    const o = await owner();
    const variants = JSON.stringify([{ name: 'Tek', price: 120 }, { name: 'Duble', price: 180 }]);
    expect((await apiCall('/api/store-product', o.token, { body: { category_id: o.cat, name: 'Yeni Rakı', selling_price: '', variants } })).status).toBe(200);
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, o.token, o.name);
    await page.goto('/user/products');
    await page.getByTestId('product-row').getByText('₺120,00 – ₺180,00').waitFor();
    await context.close();
  });
});

describe('[QR] the owner\'s QR page on a phone (360 px)', () => {
  it('does not say "bilgisayarınıza"; a table\'s PNG carries its number under the code', async () => {
    const o = await owner();
    expect((await apiCall('/api/update-setting', o.token, { body: { name: 'Sena Aksoy', companyname: `QR Kafe ${Date.now()}`, city: 34, tel: '05321234567', deskcount: 2 } })).status).toBe(200);
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, o.token, o.name);
    await page.goto('/user/qr');
    const card = page.getByTestId('table-qr-1');
    await card.getByRole('img').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('bilgisayar');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button').click()]);
    expect(download.suggestedFilename()).toBe('qrcode-masa-1.png');
    const png = fs.readFileSync((await download.path()));
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 600]);
    const darkIn = (x0: number, x1: number, y0: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (data[y * info.width + x] < 100) n++;
      return n;
    };
    // the code is drawn smaller (a 600 px code would reach x 100–135 with its finder patterns) …
    expect(darkIn(100, 136, 20, 500)).toBe(0);
    expect(darkIn(150, 650, 20, 500)).toBeGreaterThan(10_000);
    // … and "Masa 1" is written under it
    expect(darkIn(250, 550, 540, 596)).toBeGreaterThan(200);
    await context.close();
  });
});
