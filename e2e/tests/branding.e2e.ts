import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, testPhoto } from '../lib';

/**
 * [MENU APPEARANCE] The business on its menu: logo, cover, theme colour, hours, Wi-Fi, contact and
 * service note, seen by a diner's phone with JavaScript off; axe-core over the landing and the
 * category list with three theme colours (white, yellow, dark navy) finds no serious or critical
 * violation.
 */
let browser: Browser;
let owner: Awaited<ReturnType<typeof apiRegister>>;
let slug: string;
let categoryId: number;

const profile = { name: 'Deniz Kaya', companyname: 'Görünüm Kafe', address: 'Moda Cad. 12, Kadıköy', city: 34, tel: '0216 555 22 33', deskcount: 6 };
// open every day around the test's run: any instant reads "Şu an açık" or "Şu an kapalı", both tested below
const hours = { '1': '08:00-23:00', '2': '08:00-23:00', '3': '08:00-23:00', '4': '08:00-23:00', '5': '08:00-02:00', '6': '09:00-02:00', '7': [] };
const appearance = {
  about: 'Moda sahilinde taze demlenmiş çay ve ev yapımı tatlılar.', hours, wifi_name: 'Gorunum-Misafir', wifi_password: 'simit-cay-7',
  instagram: 'gorunumkafe', website: 'https://gorunumkafe.com', service_note: 'Fiyatlarımıza KDV dahildir.',
};
const COLORS = [
  ['beyaz', '#ffffff'],
  ['sarı', '#ffd60a'],
  ['lacivert', '#14213d'],
] as const;

async function image(w: number, h: number, color: string): Promise<Blob> {
  return new Blob([new Uint8Array(await testPhoto(w, h, color, { png: true }))], { type: 'image/png' });
}

beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync('screenshots', { recursive: true });
  owner = await apiRegister('Deniz Kaya');
  const saved = await apiCall('/api/update-setting', owner.token, { body: { ...profile, ...appearance, theme_color: '#14213d' } });
  expect(saved.status, JSON.stringify(saved)).toBe(200);
  slug = saved.settings.companyengname;
  const fd = new FormData();
  fd.append('logo', await image(256, 256, '#14213d'), 'logo.png');
  fd.append('cover', await image(1500, 500, '#f59e0b'), 'kapak.png');
  const res = await fetch(`${baseURL()}/api/update-branding`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: fd });
  const body = await res.json();
  expect(body.status, JSON.stringify(body)).toBe(200);
  const cat = new FormData();
  cat.append('name', 'Sıcak İçecekler');
  cat.append('status', '1');
  categoryId = (await (await fetch(`${baseURL()}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: cat })).json()).category.id;
  const prod = new FormData();
  for (const [k, v] of Object.entries({ name: 'Çay', category_id: String(categoryId), selling_price: '25', status: '1' })) prod.append(k, v);
  await fetch(`${baseURL()}/api/store-product`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: prod });
});
afterAll(async () => browser?.close());

/**
 * axe-core's serious and critical violations of a diner's page. A context of its own where the
 * checker may run (bypassCSP: the menu's CSP forbids injected scripts). On the landing the spec's
 * 2-second forward (`<meta http-equiv="refresh">`) is the one known exception: its axe rule
 * `meta-refresh` is off there, and the forward is stretched for the test so the page stays while
 * axe reads it (the page is otherwise the server's, byte for byte).
 */
async function axeOf(path: string, mobile: boolean, landing: boolean): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true, viewport: mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 }, locale: 'tr-TR' });
  const page = await context.newPage();
  if (landing) {
    await page.route(`**${path}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('http-equiv="refresh" content="2;url=');
      await route.fulfill({ response, body: html.replace('http-equiv="refresh" content="2;url=', 'http-equiv="refresh" content="600;url=') });
    });
  }
  await page.goto(path);
  const builder = new AxeBuilder({ page });
  if (landing) builder.disableRules(['meta-refresh']);
  const result = await builder.analyze();
  await context.close();
  // the colour rules really ran on the page's text (not a vacuous pass)
  expect(result.passes.map((r) => r.id)).toEqual(expect.arrayContaining(['color-contrast', 'image-alt']));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const setColor = async (color: string) => {
  const r = await apiCall('/api/update-setting', owner.token, { body: { ...profile, ...appearance, theme_color: color } });
  expect(r.status, JSON.stringify(r)).toBe(200);
};

describe('[MENU APPEARANCE] the business on its menu', () => {
  it('a diner (JavaScript off) sees logo, cover, the open/closed line, hours, Wi-Fi, links; prices with the service note', async () => {
    await setColor('#14213d');
    const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`/qr/${slug}/category`);
    const header = page.locator('header.top');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 33, 61)');
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await expect.poll(() => page.locator('header .logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('img.cover').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByText(/^Şu an (açık|kapalı) · /).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Çalışma saatleri' }).getByRole('row').count()).toBe(7);
    expect(await page.getByText('Gorunum-Misafir').isVisible()).toBe(true);
    expect(await page.getByText('simit-cay-7').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '0216 555 22 33' }).getAttribute('href')).toBe('tel:02165552233');
    expect(await page.getByRole('link', { name: 'Haritada göster' }).getAttribute('href')).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(await page.getByRole('link', { name: '@gorunumkafe' }).getAttribute('href')).toBe('https://www.instagram.com/gorunumkafe/');
    await shot(page, 'branding-category-360');
    await page.goto(`/qr/${slug}/category/${categoryId}`);
    expect(await page.getByText('Fiyatlarımıza KDV dahildir.').isVisible()).toBe(true);
    await context.close();
  });

  it('the owner switches from a dark to a light colour: the header takes dark text, prices stay readable', async () => {
    await setColor('#ffd60a');
    const { context, page } = await newPage(browser, { mobile: false, javaScriptEnabled: false });
    await page.goto(`/qr/${slug}/category/${categoryId}`);
    const header = page.locator('header.top');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 214, 10)');
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(28, 25, 23)');
    await shot(page, 'branding-products-yellow-1280');
    await page.goto(`/qr/${slug}`);
    await shot(page, 'branding-landing-yellow-1280');
    await context.close();
  });

  for (const [name, color] of COLORS) {
    it(`axe-core: the landing and the category list in ${name} (${color}) have no serious or critical violation`, async () => {
      await setColor(color);
      for (const mobile of [true, false]) {
        expect(await axeOf(`/qr/${slug}`, mobile, true), `landing ${color} ${mobile ? 360 : 1280}`).toEqual([]);
        expect(await axeOf(`/qr/${slug}/category`, mobile, false), `category list ${color} ${mobile ? 360 : 1280}`).toEqual([]);
      }
      const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
      await page.goto(`/qr/${slug}/category`);
      await shot(page, `branding-category-${name}-360`);
      await context.close();
    });
  }
});
