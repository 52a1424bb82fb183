import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, testPhoto, uiLogin } from '../lib';

/**
 * The accessibility sweep: axe-core over every screen of the product — the public site, the
 * diner's server-rendered menu (its survey, a table's page, the call confirmation, in Turkish,
 * English and Arabic), every screen of the owner's sidebar and every admin screen — failing on any
 * serious or critical violation. Phones (360 px) and desktops (1280 px) where the layout differs.
 *
 * The one known exception: the landing `/qr/{company}` forwards to the category list after 2
 * seconds with `<meta http-equiv="refresh">`, as the product spec asks; axe's `meta-refresh` rule
 * is turned off on that page only (every other rule still runs there).
 */

let browser: Browser;
const data = { slug: '', categoryId: 0, productId: 0, ownerEmail: '', ownerPassword: '', ownerUserId: 0 };

beforeAll(async () => {
  browser = await launch();
  const owner = await apiRegister('Deniz Kaya');
  data.ownerEmail = owner.email;
  data.ownerPassword = owner.password;
  const settings = await apiCall('/api/update-setting', owner.token, {
    body: { name: 'Deniz Kaya', companyname: `Erişim Kafe ${Date.now()}`, address: 'Moda Cad. 5', city: 34, tel: '0216 555 00 11', deskcount: 4, languages: ['en', 'ar'] },
  });
  expect(settings.status).toBe(200);
  data.slug = settings.settings.companyengname;
  data.ownerUserId = settings.settings.user_id;
  // an account that has not named its business yet: the admin's users table still labels its link
  await apiRegister('Adsız Sahip');
  const photo = await testPhoto(800, 600, '#b45309');
  const post = async (path: string, fields: Record<string, string>, image?: Buffer) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    if (image) fd.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await fetch(`${baseURL()}${path}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: fd });
    const body = await res.json();
    if (body.status !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body;
  };
  data.categoryId = (await post('/api/store-category', { name: 'Kahvaltı', description: 'Sabah lezzetleri', status: '1' }, photo)).category.id;
  await post('/api/store-category', { name: 'İçecekler', status: '1' });
  data.productId = (await post('/api/store-product', {
    name: 'Menemen', description: 'Köy yumurtası', category_id: String(data.categoryId), selling_price: '180', original_price: '200',
    status: '1', allergens: 'yumurta', labels: 'vejetaryen,sefin_onerisi',
  }, photo)).product.id;
  await post('/api/store-product', { name: 'Simit', category_id: String(data.categoryId), selling_price: '20', status: '1', sold_out: '1', labels: 'vegan' });
  await post('/api/store-product', {
    name: 'Pide', category_id: String(data.categoryId), selling_price: '', status: '1', allergens: 'gluten',
    variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]),
  });
  // something on the owner's calls and feedback screens, and the admin's messages
  await fetch(`${baseURL()}/api/call-waiter/${data.slug}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ masa: 2, type: 'hesap' }) });
  await fetch(`${baseURL()}/api/store-feedback/${data.slug}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ratings: { lezzet: 5, servis: 4 }, comment: 'Çok güzeldi' }),
  });
  await fetch(`${baseURL()}/api/store-message`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ali', surname: 'Veli', companyname: 'Ali Lokanta', mail: 'ali@example.com', tel: '05321234567', message: 'Merhaba, bilgi almak istiyorum.' }),
  });
});
afterAll(async () => browser?.close());

/** A context where axe-core can be injected (the diner's pages forbid scripts by CSP; they have none of their own). */
async function context(mobile: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    baseURL: baseURL(),
    bypassCSP: true,
    viewport: mobile ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    locale: 'tr-TR',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return { context: ctx, page };
}

/** Serious or critical violations of the page as it is now, as `screen: rule [targets]`. */
async function violations(page: Page, screen: string, disable: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (disable.length) builder = builder.disableRules(disable);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The app's screen is loaded: it shows something and nothing is loading any more. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.body.innerText.trim().length > 0 && !document.body.innerText.includes('Yükleniyor…'), undefined, { timeout: 8000 });
  await page.waitForTimeout(150);
}

async function sweep(page: Page, paths: string[], label: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    try {
      await settled(page);
    } catch {
      found.push(`${label} ${path}: the screen did not load (${page.url()})`);
      continue;
    }
    found.push(...(await violations(page, `${label} ${path}`)));
  }
  return found;
}

describe('[A11Y] axe-core finds no serious or critical violation', () => {
  it('public site: landing with pricing, contact, legal pages, sign-in, registration, password reset, error pages — phone and desktop', async () => {
    const paths = ['/', '/iletisim', '/login', '/register', '/sifremi-unuttum', '/sifre-sifirla?token=gecersiz', '/eposta-dogrula?token=gecersiz', '/gizlilik-politikasi', '/kullanim-sozlesmesi', '/404', '/403'];
    const found: string[] = [];
    for (const mobile of [true, false]) {
      const { context: ctx, page } = await context(mobile);
      found.push(...(await sweep(page, paths, mobile ? '360' : '1280')));
      // a refused sign-in shows its errors
      await page.goto('/login');
      await page.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.waitForTimeout(300);
      found.push(...(await violations(page, `${mobile ? '360' : '1280'} /login with errors`)));
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 240_000);

  it("the diner's menu: landing (meta-refresh excepted), categories, products, filter, search, languages, table, survey, call, 404", async () => {
    const s = data.slug;
    const found: string[] = [];
    for (const mobile of [true, false]) {
      const { context: ctx, page } = await context(mobile);
      const label = mobile ? '360' : '1280';
      // the landing forwards after 2 s. A forward that fired while axe read the page, or while the next
      // goto was under way, aborted that goto, so here the landing waits ten minutes: the same page, the
      // same <meta http-equiv="refresh"> (axe's rule excepted), only its delay is longer
      await page.route((u) => u.pathname === `/qr/${s}`, async (route) => {
        const res = await route.fetch();
        const body = (await res.text()).replace('content="2;url=', 'content="600;url=');
        expect(body).toContain('content="600;url=');
        await route.fulfill({ status: res.status(), contentType: res.headers()['content-type'], body });
      });
      for (const path of [`/qr/${s}`, `/qr/${s}?masa=2`, `/qr/${s}?lang=ar`]) {
        await page.goto(path);
        await page.locator('h1').waitFor();
        found.push(...(await violations(page, `${label} ${path}`, ['meta-refresh'])));
      }
      await page.unrouteAll();
      const menu = [
        `/qr/${s}/category`, `/qr/${s}/category/${data.categoryId}`, `/qr/${s}/category/${data.categoryId}?haric=gluten`,
        `/qr/${s}/ara?q=menemen`, `/qr/${s}/ara?q=yokboyle`, `/qr/${s}/category?lang=en`, `/qr/${s}/category/${data.categoryId}?lang=ar`,
        `/qr/${s}/category?masa=2`, `/qr/${s}/category/${data.categoryId}?masa=2`, `/qr/${s}/anket`, `/qr/${s}/anket?masa=2`, '/qr/yok-boyle-bir-isletme',
      ];
      for (const path of menu) {
        await page.goto(path);
        await page.locator('h1').waitFor();
        found.push(...(await violations(page, `${label} ${path}`)));
      }
      // the survey refused (nothing rated), then the waiter call's confirmation
      await page.goto(`/qr/${s}/anket?masa=2`);
      await page.getByRole('button', { name: 'Gönder' }).click();
      await page.getByText('Lütfen en az bir konuyu 1 ile 5 arasında puanlayın.').first().waitFor();
      found.push(...(await violations(page, `${label} survey with errors`)));
      await page.goto(`/qr/${s}/category?masa=3`);
      await page.getByRole('button', { name: 'Garson Çağır' }).click();
      await page.getByRole('heading', { name: 'Garsonunuz haberdar edildi' }).waitFor();
      found.push(...(await violations(page, `${label} call confirmation`)));
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 240_000);

  it("the diner's pages break no CSP: the JSON-LD block is data, never executed", async () => {
    const ctx = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: true });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    for (const path of [`/qr/${data.slug}/category`, `/qr/${data.slug}/category/${data.categoryId}`]) {
      await page.goto(path);
      const ld = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(ld!)['@type']).toBe('Restaurant');
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("every screen of the owner's sidebar, the edit screens and the dialogs — desktop, and the panel on a phone", async () => {
    const paths = [
      '/user', '/user/categories', `/user/categories/edit-category/${data.categoryId}`, '/user/products', `/user/products/edit-product/${data.productId}`,
      '/user/toplu-islemler', '/user/qr', '/user/translations', '/user/settings', '/user/hesap', '/user/calls', '/user/feedback',
    ];
    const found: string[] = [];
    for (const mobile of [false, true]) {
      const { context: ctx, page } = await context(mobile);
      const label = mobile ? '360' : '1280';
      await uiLogin(page, data.ownerEmail, data.ownerPassword);
      found.push(...(await sweep(page, mobile ? ['/user', '/user/products', '/user/settings'] : paths, label)));
      if (!mobile) {
        // the add dialogs
        await page.goto('/user/categories');
        await settled(page);
        await page.getByRole('button', { name: /Kategori Ekle/ }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(200);
        found.push(...(await violations(page, `${label} add-category dialog`)));
        await page.keyboard.press('Escape');
        await page.goto('/user/products');
        await settled(page);
        await page.getByRole('button', { name: /Ürün Ekle/ }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(200);
        found.push(...(await violations(page, `${label} add-product dialog`)));
      }
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('every admin screen — desktop, and the dashboard and users on a phone', async () => {
    const paths = [
      '/admin', '/admin/users', `/admin/users/edit-user/${data.ownerUserId}`, '/admin/categories', '/admin/products', '/admin/settings', '/admin/messages', '/admin/audit',
    ];
    const admin = adminCredentials();
    const found: string[] = [];
    for (const mobile of [false, true]) {
      const { context: ctx, page } = await context(mobile);
      await uiLogin(page, admin.email, admin.password);
      await page.waitForURL((u) => u.pathname === '/admin');
      found.push(...(await sweep(page, mobile ? ['/admin', '/admin/users'] : paths, mobile ? '360' : '1280')));
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 240_000);
});
