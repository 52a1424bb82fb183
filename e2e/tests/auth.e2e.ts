import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials, apiRegister, launch, newPage, shot, uiLogin, uniqueEmail } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[AUTH]', () => {
  it('owner registers, signs in, sees the welcome page with the sidebar, and logs out', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('kayit');
    await page.goto('/register');
    const heading = page.getByRole('heading', { name: 'Kayıt Ol', exact: true });
    await heading.waitFor();
    expect(await heading.count()).toBe(1);
    await page.getByLabel('Adınız Soyadınız').fill('Elif Çelik');
    await page.getByLabel('E-posta adresi').fill(email);
    await page.getByLabel('Şifre').fill('cok-gizli-sifre');
    const terms = page.getByRole('checkbox');
    expect(await terms.isChecked()).toBe(false);
    await terms.click();
    expect(await terms.isChecked()).toBe(true);
    await terms.click();
    expect(await terms.isChecked()).toBe(false);
    await terms.click();
    await shot(page, 'register-desktop');
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    // the redirect does not wait for the dialog: /login with Success on top, which closes by itself
    await page.waitForURL('**/login');
    await page.getByRole('dialog').getByText('Success').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('auth_name'))).toBe('Elif Çelik');

    await uiLogin(page, email, 'cok-gizli-sifre');
    await page.waitForURL((u) => u.pathname === '/user');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Kategoriler').waitFor();
    for (const label of ['Kategoriler', 'Ürünler', 'QR Menü', 'Ayarlar']) {
      expect(await sidebar.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    expect(await sidebar.getByRole('link', { name: 'QR Menü', exact: true }).getAttribute('href')).toBe('/user/qr');
    expect(await sidebar.getByRole('button', { name: 'Çıkış yap' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    await shot(page, 'user-welcome-desktop');

    await sidebar.getByRole('button', { name: 'Çıkış yap' }).click();
    await page.getByText('Başarıyla Çıkış Yapıldı').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_name')])).toEqual([null, null]);
    await context.close();
  });

  it('shows the warning when the terms are not accepted, and sends nothing', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    let registerCalls = 0;
    page.on('request', (r) => r.url().endsWith('/api/register') && registerCalls++);
    await page.goto('/kayit');
    await page.getByLabel('Adınız Soyadınız').fill('Can');
    await page.getByLabel('E-posta adresi').fill(uniqueEmail());
    await page.getByLabel('Şifre').fill('cok-gizli-sifre');
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Uyarı').waitFor();
    await dialog.getByText('Lütfen Kullanım Sözleşmesini Okuyup Onaylayın').waitFor();
    await shot(page, 'register-terms-warning-mobile');
    expect(registerCalls).toBe(0);
    await page.getByRole('button', { name: 'Tamam' }).click();
    const link = page.getByRole('link', { name: 'Kullanım Sözleşmesini' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe('/kullanim-sozlesmesi');
    await context.close();
  });

  it('shows server errors under the fields', async () => {
    const { context, page } = await newPage(browser);
    const existing = await apiRegister();
    await page.goto('/register');
    await page.getByLabel('Adınız Soyadınız').fill('Can');
    await page.getByLabel('E-posta adresi').fill(existing.email.toUpperCase());
    await page.getByLabel('Şifre').fill('kisa');
    await page.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await page.getByText('Şifre en az 8 karakter olmalıdır.').waitFor();
    await page.getByLabel('Şifre').fill('yeterince-uzun');
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await page.getByText('Bu e-posta adresi ile kayıtlı bir hesap zaten var.').waitFor();
    expect(await page.getByText('Şifre en az 8 karakter olmalıdır.').count()).toBe(0);
    expect(page.url()).toContain('/register');
    await context.close();
  });

  it('sign-in redirects by role at once, without waiting for the Success dialog to be dismissed', async () => {
    const { context, page } = await newPage(browser);
    const owner = await apiRegister();
    await page.goto('/login');
    await page.getByLabel('E-posta adresi').fill(owner.email);
    await page.getByLabel('Şifre').fill(owner.password);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByRole('dialog').getByText('Success').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('auth_token') != null, localStorage.getItem('auth_name')])).toEqual([true, owner.name]);
    // nobody clicks it: it closes by itself and the owner area is usable (SweetAlert2 hides the page while open)
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ayarlar' }).click({ timeout: 10_000 });
    await page.waitForURL('**/user/settings');
    await context.close();
  });

  it('wrong password shows the Warning dialog', async () => {
    const { context, page } = await newPage(browser);
    const owner = await apiRegister();
    await page.goto('/login');
    const heading = page.getByRole('heading', { name: 'Hesabınızı giriş yapın', exact: true });
    await heading.waitFor();
    expect(await heading.count()).toBe(1);
    await page.getByLabel('E-posta adresi').fill(owner.email);
    await page.getByLabel('Şifre').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Warning').waitFor();
    await dialog.getByText('E-posta adresi veya şifre hatalı.').waitFor();
    await page.getByRole('button', { name: 'Tamam' }).click();
    expect(page.url()).toContain('/login');
    expect(await page.getByRole('link', { name: 'Hemen yeni bir hesap oluşturalım' }).getAttribute('href')).toBe('/register');
    await context.close();
  });

  it('admin signs in and lands in the admin area with its sidebar', async () => {
    const { context, page } = await newPage(browser);
    const admin = adminCredentials();
    await uiLogin(page, admin.email, admin.password);
    await page.waitForURL((u) => u.pathname === '/admin');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Kullanıcılar').waitFor();
    for (const label of ['Anasayfa', 'Kullanıcılar', 'Kategoriler', 'Ürünler', 'Ayarlar', 'İletişim']) {
      expect(await sidebar.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    expect(await sidebar.getByRole('button', { name: 'Çıkış yap' }).count()).toBe(1);
    // collapsible: 60 units wide ↔ 16 narrow
    const wideBefore = await sidebar.getAttribute('data-wide');
    await sidebar.getByRole('button', { name: 'Menüyü daralt / genişlet' }).click();
    expect(await sidebar.getAttribute('data-wide')).not.toBe(wideBefore);
    await shot(page, 'admin-home-desktop');
    await context.close();
  });

  it('/user and /admin without a token land on /login; an owner on /admin gets /403', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/user');
    await page.waitForURL('**/login');
    await page.goto('/admin/users');
    await page.waitForURL('**/login');
    const owner = await apiRegister();
    await page.evaluate(([t, n]) => {
      localStorage.setItem('auth_token', t);
      localStorage.setItem('auth_name', n);
    }, [owner.token, owner.name]);
    await page.goto('/admin');
    await page.waitForURL('**/403');
    await page.getByText('Page403').waitFor();
    await page.getByText('Forbidden').waitFor();
    await page.goto('/nothing-here');
    await page.getByText('Page404').waitFor();
    await context.close();
  });
});
