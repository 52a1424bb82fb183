import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, newPage, launch, shot, shots, uiLogin } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** The mails the product wrote to DATA_DIR/outbox (no SMTP_URL in the e2e run) to `address`. */
async function outbox(address: string): Promise<ParsedMail[]> {
  const dir = path.join(inject('dataDir'), 'outbox');
  if (!fs.existsSync(dir)) return [];
  const mails = await Promise.all(fs.readdirSync(dir).sort().map(async (f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
  return mails.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === address)));
}

async function waitForMail(address: string, subject: string): Promise<ParsedMail> {
  for (let i = 0; i < 100; i++) {
    const found = (await outbox(address)).filter((m) => m.subject === subject);
    if (found.length) return found[found.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

const linkIn = (mail: ParsedMail) => /https?:\/\/\S+\?token=[\w-]+/.exec(mail.text ?? '')![0];

describe('[ACCOUNTS]', () => {
  it('forgotten password: link on /login → mail in the outbox → new password → signed in with it', async () => {
    const owner = await apiRegister('Selin Aydın');
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await page.waitForURL('**/sifremi-unuttum');
    await shots(page, 'accounts-forgot', () => page.getByRole('heading', { name: 'Şifremi unuttum' }).waitFor());
    await page.getByLabel('E-posta adresi').fill(owner.email);
    await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
    await page.getByText('şifre sıfırlama bağlantısı gönderildi').waitFor();

    const mail = await waitForMail(owner.email, 'QR Menü: şifre sıfırlama');
    const link = linkIn(mail);
    expect(new URL(link).pathname).toBe('/sifre-sifirla');
    await page.goto(link);
    await shots(page, 'accounts-reset', () => page.getByRole('heading', { name: 'Yeni şifre belirleyin' }).waitFor());
    await page.getByLabel(/^Yeni şifre\s*\*?$/).fill('yepyeni-sifre-42');
    await page.getByLabel('Yeni şifre (tekrar)').fill('yepyeni-sifre-42');
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await page.getByText('Şifreniz değiştirildi.').waitFor();
    // the link worked once
    const again = await fetch(new URL('/api/reset-password', link), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token'), password: 'baska-sifre-42', password_confirmation: 'baska-sifre-42' }),
    });
    expect((await again.json()).status).toBe(400);

    await page.getByRole('link', { name: 'Giriş yap' }).click();
    await uiLogin(page, owner.email, 'yepyeni-sifre-42');
    await page.waitForURL((u) => u.pathname === '/user');
    // the old session ended with the reset
    expect((await fetch(new URL('/api/checkingUserAuthenticated', link), { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(401);
    await context.close();
  });

  it('verification banner → link from the registration mail → verified; Hesabım changes the name, downloads the data, deletes the account', async () => {
    const owner = await apiRegister('Emre Şahin');
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByTestId('verify-banner').waitFor();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Hesabım' }).click();
    await page.waitForURL('**/user/hesap');
    await page.getByText('Doğrulanmadı', { exact: true }).waitFor();
    await shots(page, 'accounts-hesap', () => page.getByText('Doğrulanmadı', { exact: true }).waitFor());

    const mail = await waitForMail(owner.email, 'QR Menü: e-posta adresinizi doğrulayın');
    await page.goto(linkIn(mail));
    await page.getByText('E-posta adresiniz doğrulandı. Teşekkürler!').waitFor();
    await shots(page, 'accounts-verified');
    await page.getByRole('link', { name: 'Yönetim paneline git' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    expect(await page.getByTestId('verify-banner').count()).toBe(0);

    await page.goto('/user/hesap');
    await page.getByText('Doğrulandı', { exact: true }).waitFor();
    await page.getByLabel('Adınız Soyadınız').fill('Emre Can Şahin');
    await page.getByRole('button', { name: 'Adı kaydet' }).click();
    await page.getByText('Adınız güncellendi.').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Verilerimi indir' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^qr-menu-verilerim-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');

    await page.getByLabel('Onay için şifreniz').fill(owner.password);
    await page.getByRole('button', { name: 'Hesabımı sil' }).click();
    await page.getByRole('alertdialog', { name: 'Hesabınız silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await waitForMail(owner.email, 'QR Menü: hesabınız silindi');
    const login = await fetch(new URL('/api/login', page.url()), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect((await login.json()).status).toBe(401);
    await context.close();
  });

  it('admin: deletes a business after confirming, sees it in Kayıtlar', async () => {
    const owner = await apiRegister('Silinecek Sahip');
    const userId = (await apiCall('/api/edit-setting', owner.token)).settings.user_id as number;
    const { context, page } = await newPage(browser);
    const admin = adminCredentials();
    await uiLogin(page, admin.email, admin.password);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.goto(`/admin/users/edit-user/${userId}`);
    await page.getByRole('button', { name: 'İşletmeyi sil' }).click();
    await page.getByRole('alertdialog', { name: '“Silinecek Sahip” silinsin mi?' }).getByRole('button', { name: 'Sil', exact: true }).click();
    await page.waitForURL('**/admin/users');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Kayıtlar' }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByTestId('audit-entry').filter({ hasText: `İşletme silindi · İşletme #${userId}` }).waitFor();
    await shots(page, 'accounts-audit', () => page.getByTestId('audit-entry').first().waitFor());
    // the inbox answers a contact message by e-mail
    await fetch(new URL('/api/store-message', page.url()), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hakan', mail: 'hakan@example.com', tel: '05321234567', message: 'Paketler hakkında bilgi alabilir miyim?' }),
    });
    await page.getByTestId('sidebar').getByRole('link', { name: 'İletişim' }).click();
    const message = page.getByTestId('message').filter({ hasText: 'Paketler hakkında bilgi' });
    await message.getByRole('button', { name: 'Yanıtla' }).click();
    await message.getByLabel('Yanıtınız').fill('Merhaba Hakan Bey, fiyatlarımız sayfamızda.');
    await shot(page, 'accounts-reply-1280');
    await message.getByRole('button', { name: 'Gönder' }).click();
    await message.getByText('Yanıtlandı').waitFor();
    const reply = await waitForMail('hakan@example.com', 'QR Menü: mesajınıza yanıt');
    expect(reply.text).toContain('fiyatlarımız sayfamızda');
    await context.close();
  });
});
