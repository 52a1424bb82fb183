import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, testPhotoFile, uiLogin } from '../lib';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync('screenshots', { recursive: true });
});
afterAll(async () => browser?.close());

const logoFile = () => testPhotoFile('logo.png', 600, 600, '#f59e0b', { png: true, alpha: true });
const coverFile = () => testPhotoFile('kapak.jpg', 3000, 1500, '#0f766e', { quality: 100 });

/**
 * A menu page read in one go (the landing forwards after 2 s): its text, the image addresses and
 * the computed text colour of every element with text whose background is `rgb` (header, buttons).
 */
async function readMenu(page: Page, rgb: string) {
  return page.evaluate((bg) => {
    const colours: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const s = getComputedStyle(el);
      if (s.backgroundColor === bg && (el.textContent ?? '').trim()) colours.push(s.color);
    }
    return { body: document.body.innerText, colours, images: Array.from(document.images).map((i) => i.getAttribute('src') ?? '') };
  }, rgb);
}

/** An owner's browser where axe-core may be injected (the app's CSP forbids injected scripts). */
async function ownerPage(mobile = false) {
  const context = await browser.newContext({
    baseURL: baseURL(), bypassCSP: true, locale: 'tr-TR', viewport: mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Serious or critical axe-core violations of the page (rule ids and targets). */
async function axeSerious(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run());
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** A diner's phone with JavaScript off (as the menu is meant to be read). */
async function diner() {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'tr-TR', javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  return { context, page: await context.newPage() };
}

describe('[MENU] owner: Menü Görünümü', () => {
  it('owner sets a dark then a light theme colour, hours, Wi-Fi and a logo, and sees them on the menu', async () => {
    const owner = await apiRegister('Zeynep Arslan');
    const company = `Lacivert Kahve ${Date.now()}`;
    const saved = await apiCall('/api/update-setting', owner.token, { body: { name: 'Zeynep Arslan', companyname: company, address: 'Moda Caddesi 5, Kadıköy', city: 34, tel: '0532 444 55 66' } });
    const slug = saved.settings.companyengname as string;
    await apiCall('/api/store-category', owner.token, { body: { name: 'Sıcak İçecekler', status: '1' } });

    const { context, page } = await ownerPage();
    await uiLogin(page, owner.email, owner.password);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ayarlar' }).click();
    await page.waitForURL('**/user/settings');
    const section = page.getByRole('region', { name: 'Menü Görünümü' });
    await section.waitFor();
    await section.getByText('Tüm değişiklikler kaydedildi.').waitFor();

    // Menüyü önizle opens the diner's menu in a new tab
    const preview = section.getByRole('link', { name: /Menüyü önizle/ });
    expect(await preview.getAttribute('href')).toBe(`/qr/${slug}`);
    expect(await preview.getAttribute('target')).toBe('_blank');

    // a dark colour: white text in the live preview, no warning
    await section.getByLabel('Renk kodu').fill('#1E3A8A');
    const header = section.getByTestId('preview-header');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(30, 58, 138)');
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    expect(await section.getByTestId('dark-text-warning').count()).toBe(0);
    expect(await section.getByLabel('Renk seçici').inputValue()).toBe('#1e3a8a');
    await section.getByText('Kaydedilmemiş değişiklikleriniz var.').waitFor();
    // leaving with unsaved changes asks first; staying keeps them
    await page.getByTestId('sidebar').getByRole('link', { name: 'Kategoriler' }).click();
    const leave = page.getByRole('alertdialog').filter({ hasText: 'Kaydedilmemiş değişiklikler' });
    await leave.getByRole('button', { name: 'Sayfada kal' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/user/settings');
    expect(await section.getByLabel('Renk seçici').inputValue()).toBe('#1e3a8a');

    // hours: Monday 18:00–02:00 (past midnight), copied to every day, Sunday closed
    await section.getByRole('button', { name: 'Çalışma saatlerini ekle' }).click();
    // Once in a CI run the typed range did not show its note within 15 s (not reproduced since);
    // the values are logged and typed again once, so a lost edit is reported rather than hidden.
    for (let attempt = 1; ; attempt++) {
      await section.getByLabel('Pazartesi 1. aralık açılış').fill('18:00');
      await section.getByLabel('Pazartesi 1. aralık kapanış').fill('02:00');
      try {
        await section.getByTestId('hours-day-1').getByText('ertesi gün').waitFor({ timeout: attempt === 1 ? 8000 : 15000 });
        break;
      } catch (err) {
        const open = await section.getByLabel('Pazartesi 1. aralık açılış').inputValue();
        const close = await section.getByLabel('Pazartesi 1. aralık kapanış').inputValue();
        console.warn(`hours editor: no 'ertesi gün' after typing 18:00–02:00 (attempt ${attempt}); the fields read ${open}–${close}`);
        if (attempt === 2) throw err;
      }
    }
    await section.getByRole('button', { name: 'Pazartesiyi tüm günlere kopyala' }).click();
    expect(await section.getByLabel('Cuma 1. aralık kapanış').inputValue()).toBe('02:00');
    await section.getByRole('switch', { name: 'Pazar açık' }).click();
    expect(await section.getByRole('switch', { name: 'Pazar açık' }).getAttribute('aria-checked')).toBe('false');
    await section.getByTestId('hours-day-7').getByText('Kapalı').first().waitFor();
    // Saturday gets a second, lunch range
    await section.getByRole('button', { name: 'Cumartesi için ikinci aralık ekle' }).click();
    await section.getByLabel('Cumartesi 2. aralık açılış').fill('11:00');
    await section.getByLabel('Cumartesi 2. aralık kapanış').fill('15:00');

    // the place's details, with the counters
    const wifi = `LacivertMisafir${Date.now() % 1000}`;
    await section.getByLabel('İşletmeniz hakkında').fill('Moda sahilinde, kendi kavurduğumuz kahveler.');
    await section.getByText('44 / 300').waitFor();
    await section.getByLabel('Wi-Fi ağ adı').fill(wifi);
    await section.getByLabel('Wi-Fi şifresi').fill('kahve2026');
    await section.getByLabel('Instagram kullanıcı adı').fill('@lacivertkahve');
    await section.getByLabel('Menü notu').fill('Servis ücreti alınmaz.');
    await section.getByText('22 / 200').waitFor();

    // a wrong website: the server's Turkish message under the field, nothing saved
    await section.getByLabel('Web sitesi').fill('lacivertkahve');
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await section.getByText('Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır').waitFor();
    expect((await apiCall('/api/edit-setting', owner.token)).settings.theme_color).toBeNull();
    await section.getByLabel('Web sitesi').fill('https://lacivertkahve.com.tr');

    // the logo, compressed in the browser, previewed before saving
    await section.getByLabel('Logo', { exact: true }).setInputFiles(await logoFile());
    await section.getByText('Kaydettiğinizde yüklenecek.').waitFor();
    expect(await section.getByTestId('preview-header').locator('img').count()).toBe(1);
    // and a cover in the same save (a large photo: compressed in the browser first)
    await section.getByLabel('Kapak fotoğrafı', { exact: true }).setInputFiles(await coverFile());
    await expect.poll(() => section.getByText('Kaydettiğinizde yüklenecek.').count()).toBe(2);
    const coverPreview = section.getByRole('img', { name: 'Kapak fotoğrafı önizlemesi' });
    await coverPreview.waitFor();
    await expect.poll(() => coverPreview.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1920);
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await page.getByText('Menü görünümü kaydedildi.').first().waitFor();
    await section.getByText('Tüm değişiklikler kaydedildi.').waitFor();
    await shot(page, 'owner-appearance-desktop');
    expect(await axeSerious(page)).toEqual([]);

    const s = (await apiCall('/api/edit-setting', owner.token)).settings;
    expect(s.theme_color).toBe('#1e3a8a');
    expect(s.hours['1']).toEqual([{ open: '18:00', close: '02:00' }]);
    expect(s.hours['6']).toEqual([{ open: '11:00', close: '15:00' }, { open: '18:00', close: '02:00' }]);
    expect(s.hours['7']).toEqual([]);
    expect(s.wifi_name).toBe(wifi);
    expect(s.instagram).toBe('lacivertkahve');
    expect(s.website).toBe('https://lacivertkahve.com.tr/');
    expect(s.logo).toMatch(/^uploads\/.+\.webp$/);
    expect(s.cover).toMatch(/^uploads\/.+\.webp$/);
    // the profile itself is untouched by the section's save
    expect(s.companyname).toBe(company);
    expect(s.tel).toBe('0532 444 55 66');

    // the menu, as a diner's phone reads it: dark colour with white text, hours, Wi-Fi, the logo
    const phone = await diner();
    for (const path of [`/qr/${slug}`, `/qr/${slug}/category`]) {
      await phone.page.goto(path);
      const { body, colours, images } = await readMenu(phone.page, 'rgb(30, 58, 138)');
      expect(body, path).toContain(wifi);
      expect(body, path).toContain('kahve2026');
      expect(body, path).toMatch(/Şu an (açık|kapalı)/);
      expect(body, path).toContain('Pazartesi');
      expect(body, path).toContain('Moda sahilinde');
      expect(colours.length, path).toBeGreaterThan(0);
      expect(new Set(colours), path).toEqual(new Set(['rgb(255, 255, 255)']));
      expect(images.some((src) => src.includes(s.logo.replace(/\.webp$/, ''))), path).toBe(true);
      expect(images.some((src) => src.includes(s.cover.replace(/\.webp$/, ''))), path).toBe(true);
    }
    await shot(phone.page, 'diner-menu-dark-theme-mobile');

    // a light colour: the warning, dark text in the preview and then on the menu
    await section.getByRole('button', { name: 'Hazır renk #fde68a' }).click();
    await section.getByTestId('dark-text-warning').waitFor();
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(28, 25, 23)');
    expect(await section.getByLabel('Renk kodu').inputValue()).toBe('#fde68a');
    await shot(page, 'owner-appearance-light-desktop');
    expect(await axeSerious(page)).toEqual([]);
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await section.getByText('Tüm değişiklikler kaydedildi.').waitFor();
    expect((await apiCall('/api/edit-setting', owner.token)).settings.theme_color).toBe('#fde68a');
    for (const path of [`/qr/${slug}`, `/qr/${slug}/category`]) {
      await phone.page.goto(path);
      const { colours } = await readMenu(phone.page, 'rgb(253, 230, 138)');
      expect(colours.length, path).toBeGreaterThan(0);
      expect(new Set(colours), path).toEqual(new Set(['rgb(28, 25, 23)']));
    }
    await shot(phone.page, 'diner-menu-light-theme-mobile');
    await phone.context.close();

    // the preview link opens the menu in a new tab
    const [tab] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(new RegExp(`^/qr/${slug}`));
    await tab.close();
    await context.close();

    // the same screen on a phone, for a person to look at
    const mobile = await ownerPage(true);
    await uiLogin(mobile.page, owner.email, owner.password);
    await mobile.page.goto('/user/settings');
    await mobile.page.getByRole('region', { name: 'Menü Görünümü' }).getByText('Tüm değişiklikler kaydedildi.').waitFor();
    await mobile.page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
    await shot(mobile.page, 'owner-appearance-mobile');
    // nothing wider than the phone (a long business name in the preview once pushed the page sideways)
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeSerious(mobile.page)).toEqual([]);
    await mobile.context.close();
  });

  it('owner removes the logo: the menu no longer shows it', async () => {
    const owner = await apiRegister('Mert Çelik');
    const saved = await apiCall('/api/update-setting', owner.token, { body: { name: 'Mert Çelik', companyname: `Kaldır Lokantası ${Date.now()}`, city: 6, tel: '0312 111 22 33' } });
    const slug = saved.settings.companyengname as string;
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await page.goto('/user/settings');
    const section = page.getByRole('region', { name: 'Menü Görünümü' });
    await section.getByLabel('Logo', { exact: true }).setInputFiles(await logoFile());
    await section.getByText('Kaydettiğinizde yüklenecek.').waitFor();
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await section.getByText('Tüm değişiklikler kaydedildi.').waitFor();
    const logo = (await apiCall('/api/edit-setting', owner.token)).settings.logo as string;
    expect(logo).toMatch(/^uploads\//);
    expect((await fetch(`${baseURL()}/${logo}`)).status).toBe(200);

    // removal asks first (issue 38): Vazgeç keeps the logo, Sil marks it for removal
    await section.getByRole('button', { name: 'Logo: Kaldır' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Logo silinsin mi?' });
    await ask.getByRole('button', { name: 'Vazgeç', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await section.getByText('Kaydettiğinizde kaldırılacak.').count()).toBe(0);
    await section.getByRole('button', { name: 'Logo: Kaldır' }).click();
    await ask.getByRole('button', { name: 'Sil', exact: true }).click();
    await section.getByText('Kaydettiğinizde kaldırılacak.').waitFor();
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await section.getByText('Tüm değişiklikler kaydedildi.').waitFor();
    expect((await apiCall('/api/edit-setting', owner.token)).settings.logo).toBeNull();
    expect((await fetch(`${baseURL()}/${logo}`)).status).toBe(404);
    const html = await (await fetch(`${baseURL()}/qr/${slug}/category`)).text();
    expect(html).not.toContain(logo.replace(/\.webp$/, ''));
    await context.close();
  });
});
