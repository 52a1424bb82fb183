import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, newPage, shot, uiLogin } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Menu data and contact messages are seeded through the real owner and public APIs. */
async function seedCategory(owner: { token: string }, name: string, status: '1' | '0') {
  const form = new FormData();
  form.set('name', name);
  form.set('status', status);
  const res = await fetch(`${baseURL()}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`store-category failed: ${JSON.stringify(body)}`);
}

async function seedProduct(owner: { token: string }, categoryName: string, name: string, priceTl: number) {
  const cats = await apiCall('/api/all-category', owner.token);
  const category = cats.category.find((c: { name: string }) => c.name === categoryName);
  const form = new FormData();
  form.set('category_id', String(category.id));
  form.set('name', name);
  form.set('selling_price', String(priceTl));
  form.set('status', '1');
  const res = await fetch(`${baseURL()}/api/store-product`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`store-product failed: ${JSON.stringify(body)}`);
}

/** A visitor fills in the public contact page (/iletisim) and sends it. */
async function sendContactMessage(fields: { name: string; surname: string; companyname: string; mail: string; tel: string; message: string }) {
  const { context, page } = await newPage(browser);
  await page.goto('/iletisim');
  await page.getByLabel('Adınız', { exact: true }).fill(fields.name);
  await page.getByLabel('Soyadınız').fill(fields.surname);
  await page.getByLabel('Firma Adı').fill(fields.companyname);
  await page.getByLabel('E-posta adresi').fill(fields.mail);
  await page.getByLabel('Telefon').fill(fields.tel);
  await page.getByLabel('Mesajınız').fill(fields.message);
  await page.getByRole('button', { name: 'Gönder' }).click();
  await page.getByRole('dialog').getByText('Mesaj Başarıyla Gönderildi').waitFor();
  await context.close();
}

async function adminPage(mobile = false) {
  const { context, page } = await newPage(browser, { mobile });
  const admin = adminCredentials();
  await uiLogin(page, admin.email, admin.password);
  await page.waitForURL((u) => u.pathname === '/admin');
  return { context, page };
}

/** The users-table row of a business: the one whose Düzenle link points at its user id. */
const rowOf = (page: Page, userId: number) => page.getByRole('row').filter({ has: page.locator(`a[href="/admin/users/edit-user/${userId}"]`) });
const userIdOf = async (owner: { token: string }) => (await apiCall('/api/edit-setting', owner.token)).settings.user_id as number;
// the columns that matter first (issue 38): the business name (sticky), owner, plan, status …; address, QR link and ID last
const USERS_HEADERS = ['Firma Adı', 'Ad', 'Seviye', 'Kullanıcı Durum', 'Şehir', 'Tel', 'Masa Sayısı', 'Görüntülenme Sayısı', 'QR Durum', 'Hesap Açılış Tarihi', 'Adres', 'QR', 'ID', 'Düzenle'];

describe('[ADMIN]', () => {
  it('admin signs in → users → changes a business’s level and status → the table shows it; the owner is locked out', async () => {
    const company = `Level Kafe ${Date.now()}`;
    const owner = await apiRegister('Levent Arı');
    const me = await apiCall('/api/checkingUserAuthenticated', owner.token);
    expect(me.role).toBe('user');

    const { context, page } = await adminPage();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Kullanıcılar', exact: true }).click();
    await page.waitForURL('**/admin/users');
    const userId = await userIdOf(owner);
    const row = rowOf(page, userId);
    await row.waitFor();
    for (const h of USERS_HEADERS) {
      expect(await page.getByRole('columnheader', { name: h, exact: true }).count(), h).toBe(1);
    }
    // the header texts are exactly the labels (no sort arrows as text), the Ad cell exactly the name
    expect(await page.locator('thead th').allTextContents()).toEqual(USERS_HEADERS);
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([String(userId), 'Levent Arı']));
    expect(await row.getByText('Başlangıç').count()).toBe(1);
    expect(await row.getByText('Aktif').count()).toBe(1);
    expect(await row.getByText(new Date().toLocaleDateString('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' })).count()).toBe(1);
    await shot(page, 'admin-users-desktop');

    const edit = row.getByRole('link', { name: 'Düzenle' });
    const href = await edit.getAttribute('href');
    expect(href).toMatch(/^\/admin\/users\/edit-user\/\d+$/);
    await edit.click();
    await page.waitForURL(`**${href}`);

    // 422: a bad slug → toast + red error under the field, nothing saved
    await page.getByLabel('Firma Adı').fill(company);
    await page.getByLabel('Firma İngilizce Adı').fill('Geçersiz Ad');
    await page.getByRole('button', { name: 'Ayarla' }).click();
    await page.getByText('All fields are mandetory').waitFor();
    await page.getByText(/yalnızca küçük harf/).waitFor();
    expect(await page.getByText(/QR linki http/).count()).toBe(0);

    const slug = `level-kafe-${Date.now()}`;
    await page.getByLabel('Firma İngilizce Adı').fill(slug);
    expect(await page.getByLabel('QR Linki').inputValue()).toBe(`${baseURL()}/qr/${slug}`);
    await page.getByLabel('Seviye').selectOption({ label: 'Profesyonel' });
    await page.getByLabel('Durum', { exact: true }).selectOption({ label: 'Pasif' });
    await page.getByLabel('QR Durum').selectOption({ label: 'Değiştirilemez' });
    await shot(page, 'admin-edit-user-desktop');
    await page.getByRole('button', { name: 'Ayarla' }).click();
    await page.getByText('Kullanıcı bilgileri başarıyla güncellendi.').waitFor();

    await page.getByRole('link', { name: 'Kullanıcılara dön' }).click();
    await page.waitForURL('**/admin/users');
    const updated = rowOf(page, userId);
    await updated.getByText('Profesyonel').waitFor();
    expect(await updated.getByText('Pasif').count()).toBe(1);
    expect(await updated.getByText('Değiştirilemez').count()).toBe(1);
    expect(await updated.getByText(company).count()).toBe(1);
    const qr = updated.getByRole('link', { name: `${baseURL()}/qr/${slug}` });
    expect(await qr.getAttribute('target')).toBe('_blank');

    // the passive owner: old token refused, sign-in refused with the Turkish message
    const stale = await fetch(`${baseURL()}/api/checkingUserAuthenticated`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(stale.status).toBe(401);
    const login = await (await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) })).json();
    expect(login.message).toBe('Hesabınız pasif durumdadır. Lütfen yönetici ile iletişime geçin.');

    // unknown id: toast only
    await page.goto('/admin/users/edit-user/99999999');
    await page.getByText('Kullanıcı bulunamadı.').waitFor();
    await context.close();
  });

  it('users page at 360 px scrolls the table inside its card', async () => {
    const { context, page } = await adminPage(true);
    await page.goto('/admin/users');
    const table = page.getByTestId('admin-users-table');
    await table.waitFor();
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(360);
    await shot(page, 'admin-users-mobile');
    const edit = page.getByRole('link', { name: 'Düzenle' }).first();
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    await page.getByRole('button', { name: 'Ayarla' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'admin-edit-user-mobile');

    // the wide sidebar opens over the page on a phone (the screen is not squeezed), a link closes it
    const sidebar = page.getByTestId('sidebar');
    const heading = page.getByRole('heading', { name: 'Kullanıcı Düzenle' });
    const before = (await heading.boundingBox())!;
    await page.getByRole('button', { name: 'Menüyü daralt / genişlet' }).click();
    await sidebar.getByText('Kategoriler').waitFor();
    expect(await sidebar.getAttribute('data-wide')).toBe('true');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(240); // after the width transition
    expect((await heading.boundingBox())!.x).toBe(before.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'admin-sidebar-open-mobile');
    await sidebar.getByRole('link', { name: 'Kategoriler', exact: true }).click();
    await page.waitForURL('**/admin/categories');
    expect(await sidebar.getAttribute('data-wide')).toBe('false');
    await context.close();
  });

  it('categories table: real categories of all businesses, search, column filter and paging', async () => {
    const tag = `Kt${Date.now().toString(36)}`;
    const a = await apiRegister('Aslı Demir');
    const b = await apiRegister('Burak Öz');
    for (let i = 1; i <= 8; i++) await seedCategory(a, `${tag} Çorba ${String(i).padStart(2, '0')}`, i % 4 === 0 ? '0' : '1');
    for (let i = 1; i <= 6; i++) await seedCategory(b, `${tag} İçecek ${String(i).padStart(2, '0')}`, '1');

    const { context, page } = await adminPage();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Kategoriler', exact: true }).click();
    const table = page.getByTestId('admin-categories-table');
    await table.waitFor();
    const search = page.getByRole('searchbox', { name: 'Tabloda ara' });
    const total = Number((await search.getAttribute('placeholder'))!.match(/^([\d.]+) kayıt içinde ara…$/)![1].replace(/\./g, ''));
    expect(total).toBeGreaterThanOrEqual(14);
    await shot(page, 'admin-categories-desktop');

    // global search (debounced) narrows to this test's 14 categories: 10 per page → 2 pages
    await search.fill(tag);
    await page.getByTestId('table-range').getByText('1–10 / 14 kayıt').waitFor();
    await page.getByRole('button', { name: 'Filtreleri temizle' }).waitFor();
    expect(await page.getByTestId('table-page').textContent()).toBe('Sayfa 1 / 2');
    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    expect(await page.getByTestId('table-page').textContent()).toBe('Sayfa 2 / 2');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Son sayfa' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'İlk sayfa' }).click();
    expect(await page.getByTestId('table-page').textContent()).toBe('Sayfa 1 / 2');
    await page.getByRole('button', { name: 'Son sayfa' }).click();
    expect(await page.getByTestId('table-page').textContent()).toBe('Sayfa 2 / 2');
    await page.getByRole('button', { name: 'Önceki sayfa' }).click();
    expect(await page.getByTestId('table-page').textContent()).toBe('Sayfa 1 / 2');

    // page sizes 5, 10, 20, 50, 100 (the server's per_page values)
    const size = page.getByLabel('Sayfa başına');
    expect(await size.locator('option').allTextContents()).toEqual(['5 göster', '10 göster', '20 göster', '50 göster', '100 göster']);
    await size.selectOption('5');
    await expect.poll(() => page.getByTestId('table-page').textContent()).toBe('Sayfa 1 / 3');
    await size.selectOption('20');
    await expect.poll(() => page.getByTestId('table-page').textContent()).toBe('Sayfa 1 / 1');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(14);

    // sorted by the server: the category name, descending on the second click
    const nameHeader = page.getByRole('columnheader', { name: 'Kategori Adı' }).getByRole('button');
    await nameHeader.click();
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Çorba 01');
    await nameHeader.click();
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('İçecek 06');

    // column filters: business name (Turkish-insensitive) and status
    await page.getByLabel('İşletme filtrele').fill('burak');
    await page.getByTestId('table-range').getByText('1–6 / 6 kayıt').waitFor();
    await page.getByLabel('İşletme filtrele').fill('');
    await page.getByTestId('table-range').getByText('1–14 / 14 kayıt').waitFor();
    await page.getByLabel('Durum filtrele').selectOption({ label: 'Pasif' });
    await page.getByTestId('table-range').getByText('1–2 / 2 kayıt').waitFor();
    expect(await table.locator('tbody tr').filter({ hasText: 'Çorba 04' }).count()).toBe(1);
    expect(await table.locator('tbody tr').filter({ hasText: 'Çorba 08' }).count()).toBe(1);
    await page.getByLabel('Kategori Adı filtrele').fill('corba 08');
    await page.getByTestId('table-range').getByText('1–1 / 1 kayıt').waitFor();
    await shot(page, 'admin-categories-filtered-desktop');
    await seedProduct(a, `${tag} Çorba 01`, `${tag} Mercimek Çorbası`, 125.5);
    await seedProduct(b, `${tag} İçecek 01`, `${tag} Ayran`, 30);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ürünler', exact: true }).click();
    const products = page.getByTestId('admin-products-table');
    await products.waitFor();
    await page.getByRole('searchbox', { name: 'Tabloda ara' }).fill(tag);
    await page.getByTestId('table-range').getByText('1–2 / 2 kayıt').waitFor();
    const soup = products.locator('tbody tr').filter({ hasText: 'Mercimek Çorbası' });
    expect(await soup.textContent()).toContain('₺125,50');
    expect(await soup.textContent()).toContain(`${tag} Çorba 01`);
    expect(await soup.textContent()).toContain('Aslı Demir');
    await shot(page, 'admin-products-desktop');
    await context.close();

    const mobile = await adminPage(true);
    await mobile.page.goto('/admin/categories');
    await mobile.page.getByTestId('admin-categories-table').waitFor();
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(mobile.page, 'admin-categories-mobile');
    await mobile.page.goto('/admin/products');
    await mobile.page.getByRole('heading', { name: 'Ürünler' }).waitFor();
    await mobile.page.waitForTimeout(300);
    await shot(mobile.page, 'admin-products-mobile');
    await mobile.context.close();
  });

  it('a message sent from the public contact form appears in the inbox and can be marked read', async () => {
    const text = `Merhaba, menü fiyatlarını öğrenmek istiyorum (${Date.now()}).`;
    await sendContactMessage({ name: 'Gül', surname: 'Yıldız', companyname: 'Gül Pastanesi', mail: 'gul@example.com', tel: '05321112233', message: text });

    const { context, page } = await adminPage();
    await page.getByTestId('stat-unread').waitFor();
    const before = await page.getByTestId('stat-unread').textContent();
    expect(before).toMatch(/Okunmamış mesaj\s*\d+/);
    await page.waitForTimeout(1200);
    await shot(page, 'admin-dashboard-desktop');
    await page.getByTestId('sidebar').getByRole('link', { name: 'İletişim', exact: true }).click();
    const item = page.getByTestId('message').filter({ hasText: text });
    await item.waitFor();
    expect(await page.getByTestId('message').first().textContent()).toContain(text); // newest first
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.getByText('Okunmadı').waitFor();
    expect(await item.textContent()).toContain('Gül Yıldız');
    expect(await item.textContent()).toContain('Gül Pastanesi');
    await shot(page, 'admin-messages-desktop');
    await item.getByRole('button', { name: 'Okundu olarak işaretle' }).click();
    await page.getByText('Mesaj okundu olarak işaretlendi.').waitFor();
    expect(await item.getAttribute('data-read')).toBe('true');
    await page.reload();
    await page.getByTestId('message').filter({ hasText: text }).getByRole('button', { name: 'Okunmadı olarak işaretle' }).waitFor();
    await context.close();

    const mobile = await adminPage(true);
    await mobile.page.getByTestId('stat-businesses').waitFor();
    await mobile.page.waitForTimeout(1200);
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(mobile.page, 'admin-dashboard-mobile');
    await mobile.page.goto('/admin/messages');
    await mobile.page.getByTestId('message').first().waitFor();
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(mobile.page, 'admin-messages-mobile');
    await mobile.context.close();
  });

  it('admin settings: wrong current password is refused; a password change signs out the other sessions', async () => {
    const admin = adminCredentials();
    const other = await (await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json();
    const { context, page } = await adminPage();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ayarlar', exact: true }).click();
    await page.getByLabel('E-posta adresi').waitFor();
    expect(await page.getByLabel('E-posta adresi').inputValue()).toBe(admin.email);
    await shot(page, 'admin-settings-desktop');
    await page.getByLabel('Mevcut şifre').fill('yanlis-sifre');
    await page.locator('input[name="password"]').fill('yepyeni-sifre-1');
    await page.getByLabel('Yeni şifre (tekrar)').fill('yepyeni-sifre-1');
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await page.getByText('Mevcut şifreniz hatalı.').waitFor();

    // change and change back, so the other tests keep the known password
    for (const [from, to] of [[admin.password, 'yepyeni-sifre-1'], ['yepyeni-sifre-1', admin.password]] as const) {
      await page.getByLabel('Mevcut şifre').fill(from);
      await page.locator('input[name="password"]').fill(to);
      await page.getByLabel('Yeni şifre (tekrar)').fill(to);
      await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
      await page.getByText('Şifreniz değiştirildi. Diğer tüm oturumlarınız kapatıldı.').first().waitFor();
      await page.waitForTimeout(300);
    }
    const stale = await fetch(`${baseURL()}/api/admin/account`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(stale.status).toBe(401);
    await context.close();

    const mobile = await adminPage(true);
    await mobile.page.goto('/admin/settings');
    await mobile.page.getByLabel('Mevcut şifre').waitFor();
    await shot(mobile.page, 'admin-settings-mobile');
    await mobile.context.close();
  });
});
