import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiCall, apiRegister, baseURL, launch, newPage, signIn, uiLogin } from '../lib';

/**
 * Names like <script>alert(1)</script> show as text on owner, admin and public pages —
 * no script runs, no element is injected.
 */
const CATEGORY = '<script>alert(1)</script>';
const PRODUCT = '<img src=x onerror="window.__xss=1;alert(2)">';
const DESCRIPTION = '"><svg onload=alert(3)> & ş';

let browser: Browser;
let owner: Awaited<ReturnType<typeof apiRegister>>;
let slug: string;
let categoryId: number;

beforeAll(async () => {
  browser = await launch();
  owner = await apiRegister('Güvenlik Testi');
  const s = await apiCall('/api/update-setting', owner.token, { body: { name: 'Güvenlik Testi', companyname: 'Kaçış Kafe', city: 34, tel: '02121234567', address: '<b>Kalın</b>' } });
  expect(s.status).toBe(200);
  slug = s.settings.companyengname;
  expect(slug).toBeTruthy();
  expect((await apiCall('/api/store-category', owner.token, { body: { name: CATEGORY, description: DESCRIPTION, status: '1' } })).status).toBe(200);
  categoryId = (await apiCall('/api/view-category', owner.token)).category[0].id;
  expect((await apiCall('/api/store-product', owner.token, { body: { name: PRODUCT, description: DESCRIPTION, category_id: categoryId, selling_price: '10', status: '1' } })).status).toBe(200);
});
afterAll(async () => browser?.close());

/** Opens a page and fails on any dialog or injected element. */
async function expectInert(page: Page, url: string, texts: string[]) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  for (const t of texts) await page.getByText(t, { exact: false }).first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
}

describe('[SECURITY] hostile names are shown as text', () => {
  it('owner pages', async () => {
    const { context, page } = await newPage(browser);
    await uiLogin(page, owner.email, owner.password);
    await expectInert(page, '/user/categories', [CATEGORY]);
    await expectInert(page, '/user/products', [PRODUCT]);
    await context.close();
  });

  it('admin pages', async () => {
    const { context, page } = await newPage(browser);
    const admin = adminCredentials();
    await uiLogin(page, admin.email, admin.password);
    await expectInert(page, '/admin/categories', [CATEGORY]);
    await expectInert(page, '/admin/products', [PRODUCT]);
    await expectInert(page, '/admin/users', ['Kaçış Kafe']);
    await context.close();
  });

  it('public menu pages (server-rendered, no JavaScript needed)', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await expectInert(page, `/qr/${slug}/category`, [CATEGORY]);
    await expectInert(page, `/qr/${slug}/category/${categoryId}`, [CATEGORY, PRODUCT]);
    const html = await (await fetch(new URL(`/qr/${slug}/category/${categoryId}`, page.url()))).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await context.close();
  });
});

/**
 * Every text an owner writes that diners, the owner or the admin see, tried with four attacks:
 * a `<script>`, a `</script>` meant to end the JSON-LD block early, a `javascript:` link and an
 * attribute breakout. Each is refused by validation or shown as inert text: no dialog, no injected
 * element or handler, no `javascript:` link, and every JSON-LD block still one valid JSON value.
 */
const ATTACKS = {
  script: '<script>alert(1)</script>',
  jsonld: '</script><script>alert(2)</script>',
  link: 'javascript:alert(3)',
  attribute: `"'><img src=x onerror=alert(4)>`,
} as const;

/** Injected scripts, elements, handlers and links; none may exist. */
async function injected(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({
    inlineScripts: [...document.querySelectorAll('script:not([src])')].filter((s) => s.getAttribute('type') !== 'application/ld+json').length,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    jsLinks: [...document.querySelectorAll('[href],[src],[action],[formaction]')].filter((e) =>
      ['href', 'src', 'action', 'formaction'].some((n) => /^\s*javascript:/i.test(e.getAttribute(n) ?? '')),
    ).length,
  }));
}

/** Visits `url`: no dialog, nothing injected, and each of `texts` shown as text. */
async function expectShownInert(page: Page, url: string, texts: string[]) {
  const dialogs: string[] = [];
  const onDialog = (d: import('playwright-core').Dialog) => {
    dialogs.push(d.message());
    void d.dismiss();
  };
  page.on('dialog', onDialog);
  await page.goto(url);
  for (const t of texts) await page.getByText(t, { exact: false }).first().waitFor();
  await page.waitForLoadState('load');
  await page.waitForTimeout(300); // an injected handler or timer would have run by now (the owner's screens keep a live stream open)
  let found: Record<string, number>;
  try {
    found = await injected(page);
  } catch {
    // the menu's landing page moves on to the category list after 2 s (<meta http-equiv="refresh">)
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname, url).toMatch(/\/category$/);
    found = await injected(page);
  }
  expect(found, url).toEqual({ inlineScripts: 0, images: 0, handlers: 0, jsLinks: 0 });
  expect(dialogs, url).toEqual([]);
  page.off('dialog', onDialog);
}

/** The server's HTML: every JSON-LD block parses whole, no other script, no `javascript:` link. */
async function jsonLdOf(url: string): Promise<unknown[]> {
  const html = await (await fetch(url)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  expect((html.match(/<script/gi) ?? []).length, url).toBe(blocks.length);
  expect(html, url).not.toMatch(/(href|src|action)="\s*javascript:/i);
  return blocks.map((b) => JSON.parse(b));
}

describe('[SECURITY] every owner-written text, four attacks each', () => {
  for (const [kind, attack] of Object.entries(ATTACKS)) {
    it(`${kind}: about, menu note, Wi-Fi, Instagram, website, translations, portions, survey comments`, async () => {
      const o = await apiRegister(`Saldırı ${kind}`);
      const s = await apiCall('/api/update-setting', o.token, {
        body: { name: `Saldırı ${kind}`, companyname: `Deneme ${kind} Kafe`, city: 34, tel: '02121234567', address: 'Kadıköy', languages: 'en' },
      });
      expect(s.status, JSON.stringify(s)).toBe(200);
      const site = s.settings.companyengname as string;
      // each appearance field alone: saved, or refused with a Turkish field error (then nothing saved)
      const fields: Record<string, string> = {
        about: attack, service_note: attack, wifi_name: attack, wifi_password: attack,
        instagram: attack, website: kind === 'link' ? attack : `https://kafe.test/${attack}`,
      };
      const saved: string[] = [];
      for (const [field, value] of Object.entries(fields)) {
        const r = await apiCall('/api/update-setting', o.token, { body: { [field]: value } });
        if (r.status === 200) saved.push(field);
        else expect([r.status, Object.keys(r.errors ?? {})], field).toEqual([422, [field]]);
      }
      expect(saved).toEqual(expect.arrayContaining(['about', 'service_note', 'wifi_name', 'wifi_password']));
      expect(saved).not.toContain('instagram'); // a handle is letters, digits, dots and underscores
      if (kind === 'link') expect(saved).not.toContain('website');

      const c = await apiCall('/api/store-category', o.token, { body: { name: `Kategori ${attack}`, description: attack, status: '1' } });
      expect(c.status, JSON.stringify(c)).toBe(200);
      const categoryId = c.category.id as number;
      const p = await apiCall('/api/store-product', o.token, {
        body: { name: `Ürün ${attack}`, description: attack, category_id: categoryId, selling_price: '40', status: '1', variants: JSON.stringify([{ name: `Porsiyon ${attack}`.slice(0, 40), price: '40' }]) },
      });
      expect(p.status, JSON.stringify(p)).toBe(200);
      const productId = (await apiCall('/api/view-product', o.token)).products[0].id as number;
      const tr = await apiCall('/api/translations', o.token, {
        body: { lang: 'en', items: [
          { type: 'category', id: categoryId, name: `Category ${attack}`, description: attack },
          { type: 'product', id: productId, name: `Product ${attack}`, description: attack, variants: [`Portion ${attack}`.slice(0, 40)] },
        ] },
      });
      expect(tr.status, JSON.stringify(tr)).toBe(200);
      const fb = await fetch(`${baseURL()}/api/store-feedback/${site}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ratings: { lezzet: 4 }, comment: `Yorum ${attack}` }),
      });
      expect((await fb.json()).status).toBe(200);

      // the diner's pages, Turkish and English (server-rendered: the HTML itself too)
      const diner = await newPage(browser, { mobile: true });
      await expectShownInert(diner.page, `/qr/${site}`, [attack]);
      await expectShownInert(diner.page, `/qr/${site}/category`, [`Kategori ${attack}`]);
      await expectShownInert(diner.page, `/qr/${site}/category/${categoryId}`, [`Ürün ${attack}`, `Porsiyon ${attack}`.slice(0, 40), attack]);
      await expectShownInert(diner.page, `/qr/${site}/category/${categoryId}?lang=en`, [`Product ${attack}`, `Portion ${attack}`.slice(0, 40)]);
      await expectShownInert(diner.page, `/qr/${site}?lang=en`, [attack]);
      for (const path of [`/qr/${site}`, `/qr/${site}/category`, `/qr/${site}/category/${categoryId}`, `/qr/${site}/category/${categoryId}?lang=en`]) {
        const data = JSON.stringify(await jsonLdOf(`${baseURL()}${path}`));
        if (path.includes(`/category/${categoryId}`)) expect(data, path).toContain(JSON.stringify(attack).slice(1, -1)); // the attack is in the JSON-LD, as data
      }
      await diner.context.close();

      // the owner's screens
      const owner = await newPage(browser);
      await signIn(owner.page, o.token, o.name);
      await expectShownInert(owner.page, '/user/feedback', [`Yorum ${attack}`]);
      await expectShownInert(owner.page, '/user/products', [`Ürün ${attack}`]);
      await expectShownInert(owner.page, '/user/categories', [`Kategori ${attack}`]);
      await expectShownInert(owner.page, '/user/settings', []);
      await expectShownInert(owner.page, '/user/translations', []);
      await owner.context.close();

      // the admin's lists
      const admin = await newPage(browser);
      const a = adminCredentials();
      await uiLogin(admin.page, a.email, a.password);
      await expectShownInert(admin.page, '/admin/products', [`Ürün ${attack}`]);
      await expectShownInert(admin.page, '/admin/categories', [`Kategori ${attack}`]);
      await admin.context.close();
    });
  }
});
