import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiOwner, launch, newPage, shots, signedInPage, uiLogin, uniqueEmail } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** The invitation mail the product wrote to DATA_DIR/outbox (no SMTP_URL in the e2e run). */
async function invitationMail(address: string): Promise<ParsedMail> {
  const dir = path.join(inject('dataDir'), 'outbox');
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(dir)) {
      const mails = await Promise.all(fs.readdirSync(dir).sort().map(async (f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
      const found = mails.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === address)) && m.subject?.includes('personel olarak davet'));
      if (found.length) return found[found.length - 1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${address}`);
}

describe('[STAFF]', () => {
  it('the owner invites a waiter on Personel; the waiter sets a password from the mail, signs in at /login and lands on /personel', async () => {
    const owner = await apiOwner('Selin Aydın', { companyname: 'Liman Kafe', city: 35, tel: '02321234567', address: 'Alsancak' });
    const { context, page } = await signedInPage(browser, owner, '/user/personel');
    await page.getByRole('link', { name: 'Personel' }).first().waitFor();
    await page.getByText('Henüz personel yok').waitFor();
    await shots(page, 'staff-empty', () => page.getByText('Henüz personel yok').waitFor());

    const email = uniqueEmail('garson');
    await page.getByLabel('Ad soyad').fill('Emre Şahin');
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Rol').selectOption('garson');
    await page.getByRole('button', { name: 'Davet gönder' }).click();
    await page.getByText('Davet e-postası gönderildi.').waitFor();
    const row = page.getByTestId('staff-row').filter({ hasText: 'Emre Şahin' });
    await row.getByText('Davet gönderildi').waitFor();
    await shots(page, 'staff-list', () => page.getByTestId('staff-row').first().waitFor());

    const mail = await invitationMail(email);
    expect(mail.subject).toBe('QR Menü: Liman Kafe sizi personel olarak davet etti');
    const link = /https?:\/\/\S+\?token=[\w-]+/.exec(mail.text ?? '')![0];

    const staff = await newPage(browser, { mobile: true });
    await staff.page.goto(new URL(link).pathname + new URL(link).search);
    await staff.page.getByRole('heading', { name: 'Personel davetini kabul et' }).waitFor();
    await staff.page.getByText('Liman Kafe sizi "Garson" rolüyle davet etti').waitFor();
    await shots(staff.page, 'staff-invitation', () => staff.page.getByLabel('Şifre (en az 8 karakter)').waitFor());
    await staff.page.getByLabel('Şifre (en az 8 karakter)').fill('garson-sifre-1');
    await staff.page.getByLabel('Şifre (tekrar)').fill('garson-sifre-1');
    await staff.page.getByRole('button', { name: 'Şifremi belirle' }).click();
    await staff.page.getByText('Şifreniz kaydedildi').waitFor();

    await uiLogin(staff.page, email, 'garson-sifre-1');
    await staff.page.waitForURL('**/personel');
    await staff.page.getByRole('heading', { name: 'Merhaba Emre Şahin' }).waitFor();
    await staff.page.getByText('Liman Kafe · Garson').waitFor();
    await staff.page.getByRole('link', { name: /Garson ekranı/ }).waitFor();
    expect(await staff.page.getByRole('link', { name: /Mutfak ekranı/ }).count()).toBe(0);
    await shots(staff.page, 'staff-home', () => staff.page.getByTestId('staff-rights').waitFor());

    // the owner area is not theirs: back to /personel
    await staff.page.goto('/user/categories');
    await staff.page.waitForURL('**/personel');

    // the owner sees them active and the acceptance in the activity log
    await page.reload();
    await row.getByText('Aktif').waitFor();
    await page.getByTestId('staff-activity').getByText('Personel daveti kabul etti').waitFor();

    // revoke with a confirmation: the waiter's session ends
    await row.getByRole('button', { name: 'Erişimi kaldır' }).click();
    await page.getByRole('alertdialog').getByText('Erişim kaldırılsın mı?').waitFor();
    await page.getByRole('button', { name: 'Evet, kaldır' }).click();
    await page.getByText('Personelin erişimi kaldırıldı').first().waitFor();
    await row.getByText('Erişimi kaldırıldı').waitFor();
    await shots(page, 'staff-revoked', () => page.getByTestId('staff-activity').waitFor());
    await staff.page.reload();
    await staff.page.waitForURL('**/login');

    await staff.context.close();
    await context.close();
  });
});
