import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiRegister, launch, newPage, shot, signIn } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** An owner with a menu address, three categories and a few products, made through the API. */
async function seededOwner() {
  const owner = await apiRegister('Melis Demir');
  const settings = await apiCall('/api/update-setting', owner.token, { body: { name: 'Melis Demir', companyname: `Sıra Kafe ${Date.now()}`, city: 34, tel: '02121234567' } });
  expect(settings.status).toBe(200);
  for (const name of ['Çorbalar', 'Ana Yemekler', 'Tatlılar']) {
    const description = name === 'Çorbalar' ? 'Her gün taze pişen sıcak çorbalarımız, yanında limon ve ekmekle' : undefined;
    expect((await apiCall('/api/store-category', owner.token, { body: { name, description } })).status).toBe(200);
  }
  const cats = (await apiCall('/api/all-category', owner.token)).category as Array<{ id: number; name: string }>;
  const id = (name: string) => cats.find((c) => c.name === name)!.id;
  const products: Array<[string, string, string]> = [
    ['Çorbalar', 'Mercimek Çorbası', '60'],
    ['Çorbalar', 'Ezogelin Çorbası', '65'],
    ['Ana Yemekler', 'İskender', '320'],
    ['Ana Yemekler', 'Izgara Köfte', '280'],
    ['Tatlılar', 'Künefe', '150'],
    ['Tatlılar', 'Sütlaç', '90'],
  ];
  for (const [cat, name, price] of products) {
    expect((await apiCall('/api/store-product', owner.token, { body: { category_id: id(cat), name, selling_price: price } })).status).toBe(200);
  }
  const slug = String((await apiCall('/api/edit-setting', owner.token)).settings.qrlink).split('/qr/')[1];
  return { ...owner, slug, categoryId: id };
}

/** The names of the rows of an owner's list, in order (from their drag handles). */
const rowNames = (page: Page, testId: string) =>
  page.getByTestId(testId).getByRole('button', { name: /^Sırala: / }).evaluateAll((handles) => handles.map((h) => h.getAttribute('aria-label')!.replace('Sırala: ', '')));

/** Moves a row with the keyboard as a person would: Space on its grip, arrows (one row each, after the rows move), Space. */
async function keyboardMove(page: Page, name: string, rows: number) {
  await page.getByRole('button', { name: `Sırala: ${name}` }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < Math.abs(rows); i++) {
    await page.waitForTimeout(300);
    await page.keyboard.press(rows < 0 ? 'ArrowUp' : 'ArrowDown');
  }
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
}

/** The category names of the diner's menu, in order, as a diner without JavaScript sees them. */
async function menuCategories(slug: string): Promise<string[]> {
  const { context, page } = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(`/qr/${slug}/category`);
  const names = await page.locator('main a[href*="/category/"]').allInnerTexts();
  await context.close();
  return names.map((n) => n.trim().split('\n')[0]);
}

describe('[CONTENT] owner orders, sold out and list filters', () => {
  it('drags a category to the top with the keyboard; the menu follows', async () => {
    const owner = await seededOwner();
    expect((await menuCategories(owner.slug))[0]).toContain('Çorbalar');
    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/categories');
    await keyboardMove(page, 'Tatlılar', -2);
    await page.getByText('Kategori sırası kaydedildi.').waitFor();
    await expect.poll(() => rowNames(page, 'category-row')).toEqual(['Tatlılar', 'Çorbalar', 'Ana Yemekler']);
    expect((await apiCall('/api/view-category', owner.token)).category.map((c: { name: string }) => c.name)).toEqual(['Tatlılar', 'Çorbalar', 'Ana Yemekler']);
    const menu = await menuCategories(owner.slug);
    expect(menu[0]).toContain('Tatlılar');
    expect(menu[1]).toContain('Çorbalar');
    await shot(page, 'content-categories-desktop');

    // a category added elsewhere meanwhile: the server refuses the stale order, the list goes back and says why
    expect((await apiCall('/api/store-category', owner.token, { body: { name: 'İçecekler' } })).status).toBe(200);
    await keyboardMove(page, 'Ana Yemekler', -1);
    await page.getByText('Sıralama kaydedilemedi', { exact: false }).waitFor();
    await page.getByText('kategorilerinizin tamamını', { exact: false }).first().waitFor();
    await expect.poll(() => rowNames(page, 'category-row')).toEqual(['Tatlılar', 'Çorbalar', 'Ana Yemekler']);
    expect((await apiCall('/api/view-category', owner.token)).category.map((c: { name: string }) => c.name)).toEqual(['Tatlılar', 'Çorbalar', 'Ana Yemekler', 'İçecekler']);
    await context.close();
  });

  it('drags a product to the top of its category with the mouse; the menu follows', async () => {
    const owner = await seededOwner();
    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/products');
    const from = await page.getByRole('button', { name: 'Sırala: Izgara Köfte' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Sırala: İskender' }).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + 2, { steps: 10 });
    await page.mouse.up();
    await page.getByText('Ürün sırası kaydedildi.').waitFor();
    const listed = (await apiCall('/api/view-product', owner.token)).products.filter((p: { category_id: number }) => p.category_id === owner.categoryId('Ana Yemekler'));
    expect(listed.map((p: { name: string }) => p.name)).toEqual(['Izgara Köfte', 'İskender']);
    const diner = await newPage(browser, { javaScriptEnabled: false });
    await diner.page.goto(`/qr/${owner.slug}/category/${owner.categoryId('Ana Yemekler')}`);
    const body = await diner.page.locator('main').innerText();
    expect(body.indexOf('Izgara Köfte')).toBeLessThan(body.indexOf('İskender'));
    await diner.context.close();
    await context.close();
  });

  it('toggles Tükendi in one click; the menu shows the badge', async () => {
    const owner = await seededOwner();
    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/products');
    const toggle = page.getByRole('switch', { name: 'Tükendi: Künefe' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Başarılı').first().waitFor();
    const listed = (await apiCall('/api/view-product', owner.token)).products.find((p: { name: string }) => p.name === 'Künefe');
    expect(listed.sold_out).toBe('1');
    const diner = await newPage(browser, { javaScriptEnabled: false });
    await diner.page.goto(`/qr/${owner.slug}/category/${owner.categoryId('Tatlılar')}`);
    const item = diner.page.locator('main li.prod').filter({ hasText: 'Künefe' }).first();
    expect(await item.innerText()).toContain('Tükendi');
    const other = diner.page.locator('main li.prod').filter({ hasText: 'Sütlaç' }).first();
    expect(await other.innerText()).not.toContain('Tükendi');
    await diner.context.close();
    await shot(page, 'content-products-desktop');
    await context.close();
  });

  it('filters by category and searches names with Turkish folding; rows stay compact at 360 px', async () => {
    const owner = await seededOwner();
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/products');
    await page.getByTestId('product-row').first().waitFor();
    const heights = await page.getByTestId('product-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(heights).toHaveLength(6);
    for (const h of heights) expect(h).toBeLessThanOrEqual(120);
    for (const col of ['Kategori Adı', 'Ürün Adı', 'Satış Fiyatı', 'Ürün Görseli', 'Durum', 'Tükendi', 'Düzenle', 'Sil']) {
      expect(await page.getByRole('columnheader', { name: col, exact: true }).count(), col).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'content-products-mobile');

    await page.getByLabel('Ürün adında ara').fill('iskender');
    await expect.poll(() => page.getByTestId('product-row').allInnerTexts()).toHaveLength(1);
    expect(await page.getByTestId('product-row').innerText()).toContain('İskender');
    await page.getByLabel('Ürün adında ara').fill('corba');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(2);
    await page.getByLabel('Ürün adında ara').fill('ILIK');
    await page.getByText('Bu filtreye uyan ürün yok').waitFor();
    await page.getByRole('button', { name: 'Filtreyi temizle' }).click();
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(6);
    await page.getByLabel('Kategoriye göre').selectOption({ label: 'Tatlılar' });
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('kategori')).toBe(String(owner.categoryId('Tatlılar')));
    // the add form fits a phone: allergens, labels and portions included
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
    await dialog.getByRole('button', { name: 'Porsiyon ekle' }).click();
    await dialog.getByRole('checkbox', { name: 'Yumuşakçalar' }).scrollIntoViewIfNeeded();
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await page.screenshot({ path: 'screenshots/content-product-form-mobile.png' });
    await dialog.getByRole('button', { name: 'Kapat' }).click();

    await page.goto('/user/categories');
    await page.getByTestId('category-row').first().waitFor();
    const catHeights = await page.getByTestId('category-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    for (const h of catHeights) expect(h).toBeLessThanOrEqual(120);
    for (const col of ['Kategori Adı', 'Açıklama', 'Görsel', 'Görüntülenme', 'Durum', 'Düzenle', 'Sil']) {
      expect(await page.getByRole('columnheader', { name: col, exact: true }).count(), col).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'content-categories-mobile');
    await context.close();
  });

  it('the product form saves allergens, labels, portions and a campaign price', async () => {
    const owner = await seededOwner();
    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/products');
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
    await dialog.getByLabel(/^Kategori/).selectOption({ label: 'Ana Yemekler' });
    await dialog.getByLabel('Ürün Adı').fill('Lahmacun');
    await dialog.getByLabel('İndirimden önceki fiyat').fill('120');
    await dialog.getByRole('checkbox', { name: 'Gluten içeren tahıllar' }).check();
    await dialog.getByRole('checkbox', { name: 'Süt', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Acı', exact: true }).check();
    await dialog.getByRole('button', { name: 'Porsiyon ekle' }).click();
    await dialog.getByLabel('1. porsiyon adı').fill('Tek');
    await dialog.getByLabel('1. porsiyon fiyatı').fill('90');
    await dialog.getByRole('button', { name: 'Porsiyon ekle' }).click();
    await dialog.getByLabel('2. porsiyon adı').fill('Çift');
    await dialog.getByLabel('2. porsiyon fiyatı').fill('165,50');
    await shot(page, 'content-product-form-desktop');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Kaydet' }).click()]);
    await page.getByText('Lahmacun').first().waitFor();
    const saved = (await apiCall('/api/view-product', owner.token)).products.find((p: { name: string }) => p.name === 'Lahmacun');
    expect(saved.allergens).toEqual(['gluten', 'sut']);
    expect(saved.labels).toEqual(['aci']);
    expect(saved.variants).toEqual([{ name: 'Tek', price: 90 }, { name: 'Çift', price: 165.5 }]);
    expect(saved.selling_price).toBeNull();
    expect(saved.original_price).toBe(120);
    await shot(page, 'content-products-portions-desktop');

    // the edit page loads them back; removing a portion and an allergen is saved
    await page.goto(`/user/products/edit-product/${saved.id}`);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Süt', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('2. porsiyon fiyatı').inputValue()).toBe('165,50');
    await page.getByRole('checkbox', { name: 'Süt', exact: true }).uncheck();
    await page.getByRole('button', { name: '2. porsiyonu kaldır' }).click();
    await page.getByRole('alertdialog', { name: '“Çift” porsiyonu silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await page.getByLabel('Satış Fiyatı').fill('95');
    await page.getByRole('button', { name: 'Güncelle' }).click();
    await page.waitForURL((u) => u.pathname === '/user/products');
    const updated = (await apiCall(`/api/edit-product/${saved.id}`, owner.token)).product;
    expect(updated.allergens).toEqual(['gluten']);
    expect(updated.variants).toEqual([{ name: 'Tek', price: 90 }]);
    expect(updated.selling_price).toBe(95);
    await context.close();

    // how the richer rows look on a phone: a campaign price, a portion, a sold-out product
    const iskender = (await apiCall('/api/view-product', owner.token)).products.find((p: { name: string }) => p.name === 'İskender');
    expect((await apiCall(`/api/sold-out-product/${iskender.id}`, owner.token, { body: { sold_out: '1' } })).status).toBe(200);
    const phone = await newPage(browser, { mobile: true });
    await signIn(phone.page, owner.token, owner.name);
    await phone.page.goto(`/user/products?kategori=${owner.categoryId('Ana Yemekler')}`);
    await phone.page.getByText('Lahmacun').waitFor();
    expect(await phone.page.getByRole('switch', { name: 'Tükendi: İskender' }).getAttribute('aria-checked')).toBe('true');
    for (const h of await phone.page.getByTestId('product-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height))) expect(h).toBeLessThanOrEqual(120);
    await shot(phone.page, 'content-products-rich-mobile');
    await phone.context.close();
  });
});

describe('[CONTENT] diner filters allergens on the demo menu', () => {
  it('İçermesin: Gluten hides the gluten products without JavaScript and says how many', async () => {
    const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await page.goto('/qr/demo/category');
    await page.getByRole('link', { name: /Kahvaltı/ }).first().click();
    await page.waitForURL(/\/qr\/demo\/category\/\d+$/);
    const cards = page.locator('main li.prod');
    const before = await cards.allInnerTexts();
    expect(before.some((t) => t.includes('Simit Tabağı'))).toBe(true);
    // the filter is folded under "Alerjen filtresi" until it is opened (or a filter is on)
    expect(await page.getByRole('checkbox', { name: 'Gluten içeren tahıllar' }).isVisible()).toBe(false);
    await page.getByText('Alerjen filtresi').click();
    await page.getByRole('checkbox', { name: 'Gluten içeren tahıllar' }).check();
    await Promise.all([page.waitForURL(/haric=gluten/), page.getByRole('button', { name: 'Uygula' }).click()]);
    const after = await cards.allInnerTexts();
    for (const gone of ['Serpme Kahvaltı', 'Sucuklu Yumurta', 'Simit Tabağı']) expect(after.some((t) => t.includes(gone)), gone).toBe(false);
    expect(after.some((t) => t.includes('Menemen'))).toBe(true);
    await page.getByText(`${before.length - after.length} ürün seçtiğiniz alerjenleri içerdiği için gizlendi.`).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Gluten içeren tahıllar' }).isChecked()).toBe(true);
    await shot(page, 'content-demo-haric-gluten-mobile');
    await context.close();
  });
});
