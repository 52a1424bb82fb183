import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { apiCall, apiRegister, launch, newPage, shot, testPhotoFile, uiLogin, signIn } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const photo = (color: string, name: string) => testPhotoFile(name, 1600, 1200, color);

describe('[MENU] owner area', () => {
  it('owner saves settings, adds a category and a product with photos, edits, sets passive, deletes, downloads the QR code', async () => {
    const owner = await apiRegister('Selin Aydın');
    const company = `Çınar Kafe ${Date.now()}`;
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await page.waitForURL((u) => u.pathname === '/user');

    // welcome: no business name yet → guided to Ayarlar
    await page.getByText('İşletme bilgilerinizi tamamlayın').waitFor();
    // the sidebar links stay unique by role and name (no other link's name contains theirs)
    for (const label of ['Kategoriler', 'Ürünler', 'QR Menü', 'Ayarlar']) expect(await page.getByRole('link', { name: label }).count(), label).toBe(1);
    await page.getByRole('link', { name: 'İşletme bilgilerini gir' }).click();
    await page.waitForURL('**/user/settings');

    // settings: 422 first, then a successful save that gives the menu its address
    await page.getByLabel('Adınız Soyadınız').fill('');
    await page.getByRole('button', { name: 'Ayarla' }).click();
    await page.getByText('All fields are mandetory').first().waitFor();
    await page.getByText('Lütfen bir şehir seçin.').waitFor();
    await page.getByLabel('Adınız Soyadınız').fill('Selin Aydın');
    await page.getByLabel('İşletme Adı').fill(company);
    await page.getByLabel('İşletme Adresi').fill('Moda Caddesi No: 12, Kadıköy');
    await page.getByLabel('Şehir').selectOption({ label: 'İstanbul' });
    expect(await page.getByLabel('Şehir').inputValue()).toBe('34');
    await page.getByLabel('Telefon Numarası').fill('0532 111 22 33');
    await page.getByLabel('Masa Sayısı').fill('12');
    await page.getByRole('button', { name: 'Ayarla' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi.').waitFor();
    const qrlink = await page.getByTestId('qrlink').textContent();
    expect(qrlink).toMatch(/\/qr\/cinar-kafe-\d+$/);
    await shot(page, 'owner-settings-desktop');

    // categories: empty state, then add one with a photo (the page reloads)
    await page.getByTestId('sidebar').getByRole('link', { name: 'Kategoriler' }).click();
    await page.getByText('Henüz kategori eklemediniz').waitFor();
    await page.getByRole('button', { name: 'Kategori Ekle' }).click(); // one button, also on an empty list
    let dialog = page.getByRole('dialog', { name: 'Kategori Ekle' });
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Kategori adı zorunludur.').waitFor();
    await dialog.getByLabel('Kategori Adı').fill('Çorbalar');
    await dialog.getByLabel('Açıklama').fill('Günün sıcak çorbaları');
    await dialog.getByLabel('Kategori Görseli').setInputFiles(await photo('#b45309', 'corba.jpg'));
    await dialog.getByText(/corba\.jpg \(\d+ KB\)/).waitFor();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Kaydet' }).click()]);
    const catRow = page.getByRole('row', { name: /Çorbalar/ });
    await catRow.waitFor();
    await page.getByText('Kategori başarıyla eklendi.').waitFor();
    expect(await catRow.getByRole('img', { name: 'Çorbalar' }).count()).toBe(1);
    expect(await catRow.getByText('Aktif').count()).toBe(1);
    await shot(page, 'owner-categories-desktop');

    // edit the category: the same fields, loaded; success returns to the list
    await catRow.getByRole('link', { name: 'Düzenle' }).click();
    await page.waitForURL(/\/user\/categories\/edit-category\/\d+$/);
    expect(await page.getByLabel('Kategori Adı').inputValue()).toBe('Çorbalar');
    expect(await page.getByLabel('Açıklama').inputValue()).toBe('Günün sıcak çorbaları');
    await page.getByLabel('Açıklama').fill('Her gün taze pişen çorbalar');
    await shot(page, 'owner-edit-category-desktop');
    await page.getByRole('button', { name: 'Güncelle' }).click();
    await page.getByText('Kategori başarıyla güncellendi.').waitFor();
    await page.waitForURL('**/user/categories');
    await page.getByRole('row', { name: /Her gün taze pişen çorbalar/ }).waitFor();

    // products: the modal closes with X; then add a product with photo and allergen
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ürünler' }).click();
    await page.getByRole('heading', { name: 'Ürünler' }).waitFor();
    await page.getByText('0 / 30 ürün').waitFor();
    await page.getByRole('button', { name: 'Ürün Ekle' }).click(); // one button, also on an empty list
    dialog = page.getByRole('dialog', { name: 'Ürün Ekle' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    expect(await dialog.getByLabel('Kategori').locator('option').first().textContent()).toBe('Kategori Seç');
    await dialog.getByLabel('Kategori').selectOption({ label: 'Çorbalar' });
    await dialog.getByLabel('Ürün Adı').fill('Mercimek Çorbası');
    await dialog.getByLabel('Açıklama').fill('Tereyağlı, limonlu');
    await dialog.getByLabel('Satış Fiyatı').fill('85,50');
    await dialog.getByPlaceholder('Alerjen Madde Varsa Belirtiniz').fill('Gluten, süt ürünleri');
    expect(await dialog.getByLabel('Alerjen Madde Varsa Belirtiniz').inputValue()).toBe('Gluten, süt ürünleri');
    // a text file named .jpg: compression fails (only logged), the original is sent, the server refuses it
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await dialog.getByLabel('Ürün Görseli').setInputFiles({ name: 'sahte.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('bu bir fotoğraf değil') });
    await dialog.getByText(/sahte\.jpg/).waitFor();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Yalnızca JPEG, PNG veya WebP biçiminde bir fotoğraf yükleyebilirsiniz.').waitFor();
    await page.getByText('All fields are mandetory').first().waitFor();
    expect(errors.some((e) => e.includes('Fotoğraf sıkıştırılamadı'))).toBe(true);
    expect((await apiCall('/api/view-product', owner.token)).products).toHaveLength(0);
    await dialog.getByLabel('Ürün Görseli').setInputFiles(await photo('#ca8a04', 'mercimek.jpg'));
    await dialog.getByText(/mercimek\.jpg \(\d+ KB\)/).waitFor();
    await shot(page, 'owner-add-product-desktop');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Kaydet' }).click()]);
    let row = page.getByRole('row', { name: /Mercimek Çorbası/ });
    await row.waitFor();
    await page.getByText('Ürün başarıyla eklendi.').waitFor();
    expect((await row.textContent())!.replace(/\s/g, ' ')).toContain('₺85,50');
    expect(await row.getByText('Gluten, süt ürünleri').count()).toBe(1);
    expect(await row.getByRole('img').count()).toBe(1);
    await page.getByText('1 / 30 ürün').waitFor();
    for (const col of ['Kategori Adı', 'Ürün Adı', 'Satış Fiyatı', 'Ürün Görseli', 'Durum', 'Düzenle', 'Sil']) {
      expect(await page.getByRole('columnheader', { name: col, exact: true }).count(), col).toBe(1);
    }
    await shot(page, 'owner-products-desktop');

    // edit: 50 px thumbnail, new name and price
    await row.getByRole('link', { name: 'Düzenle' }).click();
    await page.waitForURL(/\/user\/products\/edit-product\/\d+$/);
    await page.getByLabel('Ürün Adı').waitFor();
    const thumb = page.getByRole('img', { name: /Mevcut görsel/ });
    expect(await thumb.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height])).toEqual([50, 50]);
    expect(await page.getByLabel('Satış Fiyatı').inputValue()).toBe('85,50');
    await page.getByLabel('Ürün Adı').fill('Süzme Mercimek Çorbası');
    await page.getByLabel('Satış Fiyatı').fill('92.75');
    await shot(page, 'owner-edit-product-desktop');
    await page.getByRole('button', { name: 'Güncelle' }).click();
    await page.getByText('Ürün başarıyla güncellendi.').waitFor();
    await page.waitForURL('**/user/products');
    row = page.getByRole('row', { name: /Süzme Mercimek Çorbası/ });
    await row.waitFor();
    expect((await row.textContent())!.replace(/\s/g, ' ')).toContain('₺92,75');

    // set passive through the edit form
    await row.getByRole('link', { name: 'Düzenle' }).click();
    await page.getByLabel('Durum').selectOption('0');
    await page.getByRole('button', { name: 'Güncelle' }).click();
    await page.waitForURL('**/user/products');
    row = page.getByRole('row', { name: /Süzme Mercimek Çorbası/ });
    await row.getByText('Pasif').waitFor();
    const listed = await apiCall('/api/view-product', owner.token);
    expect(listed.products[0]).toMatchObject({ name: 'Süzme Mercimek Çorbası', selling_price: 92.75, allergen: 'Gluten, süt ürünleri', status: '0' });

    // delete: 'Siliniyor...' while the call runs, then the row disappears
    await page.route('**/api/delete-product/**', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    // the question names the product (issue 38; delete-confirm.e2e.ts has the whole journey)
    await row.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('alertdialog', { name: '“Süzme Mercimek Çorbası” silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await row.getByRole('button', { name: 'Siliniyor...' }).waitFor();
    await page.getByText('Ürün başarıyla silindi.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await apiCall('/api/view-product', owner.token)).products).toHaveLength(0);
    await page.getByText('Henüz ürün eklemediniz').waitFor();

    // QR code: generate, preview, download qrcode.png of 800x600
    await page.getByTestId('sidebar').getByRole('link', { name: 'QR Menü' }).click();
    await page.getByText('QR Kodu Oluştur').click(); // the only element with this text
    await page.getByTestId('qr-preview').getByRole('img').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'İndir' }).click()]);
    expect(download.suggestedFilename()).toBe('qrcode.png');
    const meta = await sharp(fs.readFileSync((await download.path()))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);
    await shot(page, 'owner-qr-desktop');

    // welcome now greets the business and shows the numbers
    await page.getByTestId('sidebar').getByRole('link', { name: 'Anasayfa' }).click();
    await page.getByRole('heading', { name: `Hoş geldiniz, ${company}` }).waitFor();
    await page.getByText('Bu ayki görüntülenme').waitFor();
    await page.getByText('0 / 30').waitFor();
    await page.getByTestId('views-chart').locator('svg').first().waitFor();
    await shot(page, 'owner-welcome-desktop');
    await context.close();

    // the same screens on a 360 px phone
    const phone = await newPage(browser, { mobile: true });
    await apiCall('/api/store-product', owner.token, { body: { category_id: (await apiCall('/api/all-category', owner.token)).category[0].id, name: 'Ezogelin Çorbası', selling_price: '80', allergen: 'Gluten' } });
    await signIn(phone.page, owner.token, owner.name);
    for (const [path, name, ready] of [
      ['/user', 'owner-welcome-mobile', 'Bu ayki görüntülenme'],
      ['/user/categories', 'owner-categories-mobile', 'Çorbalar'],
      ['/user/products', 'owner-products-mobile', 'Ezogelin Çorbası'],
      ['/user/settings', 'owner-settings-mobile', 'Ayarla'],
      ['/user/qr', 'owner-qr-mobile', 'QR Kodu Oluştur'],
    ] as const) {
      await phone.page.goto(path);
      await phone.page.getByText(ready).first().waitFor();
      if (path === '/user/qr') {
        await phone.page.getByRole('button', { name: 'QR Kodu Oluştur' }).click();
        await phone.page.getByTestId('qr-preview').getByRole('img').waitFor();
      }
      if (path === '/user/products') {
        // the stacked cards keep the column headers for assistive technology and role queries
        for (const col of ['Kategori Adı', 'Ürün Adı', 'Satış Fiyatı', 'Ürün Görseli', 'Durum', 'Düzenle', 'Sil']) {
          expect(await phone.page.getByRole('columnheader', { name: col, exact: true }).count(), col).toBe(1);
        }
      }
      // the page itself never scrolls sideways (wide tables scroll inside their card)
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      await shot(phone.page, name);
    }
    await phone.context.close();
  });

  it('QR screen without a qrlink sends the owner to Ayarlar with the reason', async () => {
    const owner = await apiRegister('Yeni Sahip');
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/qr');
    await page.getByText('QR bağlantınız henüz yok').waitFor();
    await page.waitForURL('**/user/settings');
    await context.close();
  });
});
