import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, signIn } from '../lib';
import { TABLE_MSG } from '@qrmenu/contract';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync('screenshots', { recursive: true });
});
afterAll(async () => browser?.close());

/** Serious or critical axe-core violations of the page (rule ids). */
async function axeSerious(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run());
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** axe-core of a diner's page (its own context: the diner's has JavaScript off, and the CSP forbids injected scripts). */
async function axeOfUrl(url: string, mobile = true): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, viewport: mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  const found = await axeSerious(page);
  await context.close();
  return found;
}

/** A desktop owner's context where axe-core may be injected. */
async function ownerPage() {
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, viewport: { width: 1280, height: 800 }, locale: 'tr-TR' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** A full-page screenshot from the top (a sticky header would show mid-page otherwise). */
async function topShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

async function addCategory(token: string, name: string) {
  const fd = new FormData();
  fd.append('name', name);
  fd.append('status', '1');
  const res = await fetch(`${baseURL()}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
  return ((await res.json()) as { category: { id: number } }).category.id;
}

describe('[TABLES] a diner at table 4 calls the waiter and sends a survey', () => {
  it('JavaScript off at the table; the owner sees the call live in another browser, closes it, and reads the survey', async () => {
    const owner = await apiRegister('Deniz Kaya');
    const company = `Masa Kafe ${Date.now()}`;
    const settings = await apiCall('/api/update-setting', owner.token, {
      body: { name: 'Deniz Kaya', companyname: company, address: 'Moda Cad. 5', city: 34, tel: '0216 555 00 11', deskcount: 6 },
    });
    expect(settings.status).toBe(200);
    const slug = settings.settings.companyengname as string;
    const categoryId = await addCategory(owner.token, 'Kahvaltı');
    const fd = new FormData();
    for (const [k, v] of Object.entries({ name: 'Menemen', category_id: String(categoryId), selling_price: '120', status: '1' })) fd.append(k, v);
    await fetch(`${baseURL()}/api/store-product`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: fd });

    // the owner's panel, open in its own browser context
    const o = await ownerPage();
    await signIn(o.page, owner.token, owner.name);
    await o.page.goto('/user/calls');
    await o.page.getByRole('heading', { name: 'Çağrılar' }).waitFor();
    await o.page.getByTestId('calls-status').getByText('Canlı').waitFor();
    await o.page.getByText('Açık çağrı yok').waitFor();

    // the diner scans table 4's code: JavaScript off, a phone
    const d = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await d.page.goto(`/qr/${slug}?masa=4`);
    await d.page.getByText('Masa 4').first().waitFor();
    // the landing forwards to the table's category list by itself after 2 s (no JavaScript needed)
    await d.page.waitForURL((u) => u.pathname === `/qr/${slug}/category` && u.searchParams.get('masa') === '4');
    await d.page.getByText('Masa 4').first().waitFor();
    await shot(d.page, 'tables-diner-category-360');
    expect(await axeOfUrl(d.page.url())).toEqual([]);
    await d.page.getByRole('link', { name: /Kahvaltı/ }).click();
    await d.page.waitForURL((u) => u.pathname === `/qr/${slug}/category/${categoryId}` && u.searchParams.get('masa') === '4');
    await d.page.getByRole('button', { name: 'Garson Çağır' }).click();
    await d.page.getByRole('heading', { name: 'Garsonunuz haberdar edildi' }).waitFor();
    await shot(d.page, 'tables-diner-called-360');

    // the owner sees it without reloading, within 2 s, with the count in the tab title
    const card = o.page.getByTestId('calls-list').getByRole('listitem').filter({ hasText: 'Masa 4' });
    await card.waitFor({ timeout: 2000 });
    await expect(card.getByText('Garson çağırıyor').count()).resolves.toBe(1);
    expect(await o.page.title()).toMatch(/^\(1\) /);
    await shot(o.page, 'tables-owner-calls-1280');
    expect(await axeSerious(o.page)).toEqual([]);
    await card.getByRole('button', { name: 'Tamamlandı' }).click();
    await o.page.getByText('Açık çağrı yok').waitFor();
    expect(await o.page.title()).not.toMatch(/^\(\d+\) /);

    // the diner goes back to the menu and shares an opinion (plain form)
    await d.page.getByRole('link', { name: 'Menüye dön' }).click();
    await d.page.getByRole('link', { name: 'Görüşünüzü paylaşın' }).click();
    await d.page.waitForURL((u) => u.pathname === `/qr/${slug}/anket` && u.searchParams.get('masa') === '4');
    expect(await axeOfUrl(d.page.url())).toEqual([]);
    await d.page.getByRole('button', { name: 'Gönder' }).click(); // nothing rated: refused, in Turkish
    await d.page.getByText('Lütfen en az bir konuyu 1 ile 5 arasında puanlayın.').waitFor();
    await d.page.getByRole('radio', { name: 'Lezzet: 5 / 5' }).check();
    await d.page.getByRole('radio', { name: 'Servis: 4 / 5' }).check();
    await d.page.getByLabel('Yorumunuz (isteğe bağlı)').fill('Menemen çok lezzetliydi, çay biraz geç geldi.');
    await topShot(d.page, 'tables-diner-survey-360');
    await d.page.getByRole('button', { name: 'Gönder' }).click();
    await d.page.getByRole('heading', { name: 'Teşekkür ederiz!' }).waitFor();
    await shot(d.page, 'tables-diner-thanks-360');

    // the owner reads it
    await o.page.getByRole('link', { name: /Geri Bildirimler/ }).click();
    await o.page.waitForURL('**/user/feedback');
    const item = o.page.getByTestId('feedback-item').first();
    await item.getByText('Menemen çok lezzetliydi').waitFor();
    await item.getByText('Masa 4').waitFor();
    await o.page.getByTestId('feedback-averages').getByText('Lezzet').waitFor();
    await shot(o.page, 'tables-owner-feedback-1280');
    expect(await axeSerious(o.page)).toEqual([]);
    await item.getByRole('button', { name: 'Okundu olarak işaretle' }).click();
    await item.getByRole('button', { name: 'Okundu olarak işaretle' }).waitFor({ state: 'detached' });

    // the QR screen: one code per table and the cards PDF
    await o.page.goto('/user/qr');
    await o.page.getByTestId('table-qr-6').getByRole('img').waitFor();
    expect(await axeSerious(o.page)).toEqual([]);
    await shot(o.page, 'tables-owner-qr-1280');
    // a range the business does not have: the server's Turkish message, on the screen, and no file
    const range = o.page.getByLabel('Masalar (isteğe bağlı)');
    await range.fill('1-999');
    await o.page.getByRole('button', { name: 'Masa kartlarını indir (PDF)' }).click();
    await o.page.getByText(TABLE_MSG.rangeInvalid).waitFor();
    await shot(o.page, 'tables-owner-qr-range-error-1280');
    await range.fill('');
    const [download] = await Promise.all([o.page.waitForEvent('download'), o.page.getByRole('button', { name: 'Masa kartlarını indir (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('masa-kartlari.pdf');
    await o.page.getByText(TABLE_MSG.rangeInvalid).waitFor({ state: 'detached' });
    const pdf = fs.readFileSync((await download.path()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // the owner's screens on a phone (a fresh context: the sidebar starts narrow there)
    const m = await newPage(browser, { mobile: true });
    await signIn(m.page, owner.token, owner.name);
    await apiCall(`/api/call-waiter/${slug}`, owner.token, { body: { masa: 2, type: 'hesap' } });
    await m.page.goto('/user/calls');
    await m.page.getByText('Hesap istiyor').waitFor();
    await shot(m.page, 'tables-owner-calls-360');
    await m.page.goto('/user/feedback');
    await m.page.getByTestId('feedback-item').first().waitFor();
    await shot(m.page, 'tables-owner-feedback-360');
    await m.page.goto('/user/qr');
    await m.page.getByTestId('table-qr-6').getByRole('img').waitFor();
    await shot(m.page, 'tables-owner-qr-360');
    await m.context.close();

    // desktop views of the diner's pages
    const dd = await newPage(browser, { javaScriptEnabled: false });
    await dd.page.goto(`/qr/${slug}/category/${categoryId}?masa=4`);
    await shot(dd.page, 'tables-diner-products-1280');
    await dd.page.goto(`/qr/${slug}/anket?masa=4`);
    await shot(dd.page, 'tables-diner-survey-1280');
    await dd.page.goto(`/qr/${slug}?masa=4`);
    await shot(dd.page, 'tables-diner-landing-1280');

    await Promise.all([o.context.close(), d.context.close(), dd.context.close()]);
  }, 240_000); // one long journey, on a shared 2-core machine
});
