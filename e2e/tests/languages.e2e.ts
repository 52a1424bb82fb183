import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, uiLogin } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[MENU] menu languages', () => {
  it('owner enables English and translates two products; a phone preferring English lands on them', async () => {
    const owner = await apiRegister('Elif Demir');
    const company = `Dil Lokantası ${Date.now()}`;
    const settings = await apiCall('/api/update-setting', owner.token, { body: { name: 'Elif Demir', companyname: company, address: 'Kadıköy', city: 34, tel: '0532 111 22 33' } });
    const slug = settings.settings.companyengname as string;
    const category = (await apiCall('/api/store-category', owner.token, { body: { name: 'Çorbalar', status: '1' } })).category;
    await apiCall('/api/store-product', owner.token, { body: { category_id: category.id, name: 'Mercimek Çorbası', selling_price: '90', status: '1' } });
    await apiCall('/api/store-product', owner.token, { body: { category_id: category.id, name: 'Ezogelin Çorbası', selling_price: '95', status: '1', sold_out: '1' } });

    // the owner enables English in Ayarlar
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await page.getByRole('link', { name: 'Ayarlar' }).click();
    await page.waitForURL('**/user/settings');
    await page.getByRole('checkbox', { name: /İngilizce/ }).check();
    await page.getByRole('button', { name: 'Ayarla' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi.').waitFor();

    // … and translates two products on Çeviriler
    await page.getByRole('link', { name: 'Çeviriler' }).click();
    await page.waitForURL('**/user/translations');
    await page.getByTestId('completeness').getByText('%0 tamamlandı').waitFor();
    await page.getByLabel('Mercimek Çorbası: Ad (İngilizce)').fill('Red Lentil Soup');
    await page.getByLabel('Ezogelin Çorbası: Ad (İngilizce)').fill('Ezogelin Soup');
    await page.getByRole('button', { name: 'Çevirileri kaydet' }).click();
    await page.getByText('Çeviriler başarıyla kaydedildi.').first().waitFor();
    await page.getByTestId('completeness').getByText('%66 tamamlandı').waitFor();
    await shot(page, 'owner-translations-desktop');
    await context.close();

    // a diner whose phone prefers English, JavaScript off: the landing forwards to the English menu
    const diner = await browser.newContext({ baseURL: baseURL(), locale: 'en-US', javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const phone = await diner.newPage();
    await phone.goto(`/qr/${slug}`);
    expect(new URL(phone.url()).search).toBe('?lang=en');
    expect(await phone.getAttribute('html', 'lang')).toBe('en');
    await phone.getByRole('link', { name: /Çorbalar/ }).click();
    await phone.getByRole('heading', { name: 'Red Lentil Soup' }).waitFor();
    await phone.getByRole('heading', { name: 'Ezogelin Soup' }).waitFor();
    expect(await phone.getByText('Sold out').count()).toBe(1);
    expect(new URL(phone.url()).search).toBe('?lang=en');
    // the switcher goes back to Turkish
    await phone.getByRole('link', { name: 'Türkçe' }).click();
    await phone.getByRole('heading', { name: 'Mercimek Çorbası' }).waitFor();
    expect(await phone.getAttribute('html', 'lang')).toBe('tr');
    await shot(phone, 'diner-menu-english-mobile');
    await diner.close();
  });
});
