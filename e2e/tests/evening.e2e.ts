import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHARGE_MESSAGE } from '@qrmenu/contract';
import { apiCall, apiRegister, launch, newPage, shot, signIn } from '../lib';

/**
 * A busy evening (issue 38): forty tables on one Wi-Fi, a phone flooding the waiter, an owner who
 * tries to announce a cover charge, and translated menus read on 360 px phones.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** An owner with a business of `deskcount` tables, one category and its products; languages as given. */
async function business(name: string, opts: { deskcount?: number; languages?: string[]; extra?: Record<string, unknown> } = {}) {
  const owner = await apiRegister('Selin Aydın');
  const companyname = `${name} ${Date.now()}`;
  const settings = await apiCall('/api/update-setting', owner.token, {
    body: { name: 'Selin Aydın', companyname, address: 'Moda Cad. 5', city: 34, tel: '0216 555 44 33', deskcount: opts.deskcount ?? 8, languages: opts.languages ?? [], ...opts.extra },
  });
  expect(settings.status).toBe(200);
  const category = (await apiCall('/api/store-category', owner.token, { body: { name: 'Ana Yemekler', status: '1' } })).category;
  return { owner, slug: settings.settings.companyengname as string, categoryId: category.id as number };
}

/** Presses a call button on the page and answers the HTTP status of the form's answer. */
async function press(page: Page, name: string): Promise<number> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/garson') && r.request().method() === 'POST'),
    page.getByRole('button', { name }).click(),
  ]);
  await page.waitForLoadState();
  return res.status();
}

describe('[TABLES] one Wi-Fi, forty tables', () => {
  it('40 tables each calling 3 times from one IP all get through; the owner sees every table', async () => {
    const { owner, slug, categoryId } = await business('Kalabalık Lokanta', { deskcount: 40 });
    await apiCall('/api/store-product', owner.token, { body: { category_id: categoryId, name: 'Adana Kebap', selling_price: '320', status: '1' } });
    const statuses: number[] = [];
    for (let masa = 1; masa <= 40; masa++) {
      // each table is its own phone (JavaScript off), all behind the restaurant's one address
      const d = await newPage(browser, { mobile: true, javaScriptEnabled: false });
      const menu = `/qr/${slug}/category/${categoryId}?masa=${masa}`;
      for (const name of ['Garson Çağır', 'Hesap İste', 'Garson Çağır']) {
        await d.page.goto(menu);
        statuses.push(await press(d.page, name));
      }
      if (masa === 40) {
        await d.page.getByRole('heading', { name: 'Garsonunuz haberdar edildi' }).waitFor();
        await shot(d.page, 'evening-table-40-called-360');
      }
      await d.context.close();
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const open = await apiCall('/api/waiter-calls', owner.token);
    expect(new Set(open.calls.map((c: { masa: number }) => c.masa)).size).toBe(40);
    expect(open.calls).toHaveLength(80); // a waiter call and a bill per table; the repeat within the minute made none
  }, 600_000);

  it('one phone sending 20 calls in a minute is refused: HTTP 429 and the Turkish page', async () => {
    const { owner, slug, categoryId } = await business('Taşkın Kafe', { deskcount: 40 });
    await apiCall('/api/store-product', owner.token, { body: { category_id: categoryId, name: 'Çay', selling_price: '20', status: '1' } });
    const d = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      await d.page.goto(`/qr/${slug}/category/${categoryId}?masa=${i}`);
      statuses.push(await press(d.page, 'Garson Çağır'));
    }
    // the first call gives the phone its cookie; ten more in the window, then refused
    expect(statuses.slice(0, 11).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(11).every((s) => s === 429)).toBe(true);
    await d.page.getByRole('heading', { name: 'Çok fazla gönderim' }).waitFor();
    expect(await d.page.getByText('10 dakika sonra').count()).toBeGreaterThan(0);
    await shot(d.page, 'evening-flood-refused-360');
    const cookie = (await d.context.cookies()).find((c) => c.name === 'qrm_cihaz');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await d.context.close();
    // another phone at another table on the same Wi-Fi still calls
    const other = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await other.page.goto(`/qr/${slug}/category/${categoryId}?masa=30`);
    expect(await press(other.page, 'Garson Çağır')).toBe(200);
    await other.context.close();
    // a table beyond deskcount is refused as before
    const res = await fetch(`${new URL(other.page.url()).origin}/qr/${slug}/garson`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'masa=41&type=garson' });
    expect(res.status).toBe(422);
  }, 300_000);
});

describe('[BRANDING] no service or cover charge on the menu', () => {
  it('an owner on a phone cannot save a kuver note, in Turkish or in English', async () => {
    const { owner } = await business('Kuver Lokantası', { languages: ['en'], extra: { service_note: 'Fiyatlarımıza KDV dahildir.' } });
    const { context, page } = await newPage(browser, { mobile: true });
    await signIn(page, owner.token, owner.name);
    await page.goto('/user/settings');
    const section = page.getByRole('region', { name: 'Menü Görünümü' });
    await section.getByLabel('Menü notu').fill("Kuver ücreti kişi başı 50 ₺'dir.");
    await section.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await section.getByText(CHARGE_MESSAGE).first().waitFor();
    await shot(page, 'evening-kuver-refused-360');
    expect((await apiCall('/api/edit-setting', owner.token)).settings.service_note).toBe('Fiyatlarımıza KDV dahildir.');

    // the English translation of the menu note on Çeviriler
    await page.goto('/user/translations');
    const field = page.getByLabel('Menü notu (İngilizce)');
    await field.fill('Cover charge: 3 € per person');
    await page.getByRole('button', { name: 'Çevirileri kaydet' }).click();
    await page.getByText(CHARGE_MESSAGE).first().waitFor();
    expect((await apiCall('/api/translations?lang=en', owner.token)).business.translation).toBeNull();
    // a neutral note is saved
    await field.fill('VAT is included in our prices.');
    await page.getByRole('button', { name: 'Çevirileri kaydet' }).click();
    await page.getByText('Çeviriler başarıyla kaydedildi.').first().waitFor();
    expect((await apiCall('/api/translations?lang=en', owner.token)).business.translation.service_note).toBe('VAT is included in our prices.');
    await context.close();
  }, 120_000);
});

describe('[MENU] translated menus without Turkish product words', () => {
  it('English and Arabic pages on a phone: the owner texts translated, the product words in the language, a Turkish fallback left to right', async () => {
    const turkish = { about: 'Moda sahilinde aile lokantası.', service_note: 'Fiyatlarımıza KDV dahildir.', wifi_name: 'Lokanta-Misafir' };
    const { owner, slug, categoryId } = await business('Dil Evi', { languages: ['en', 'ar'], extra: turkish });
    const kofte = (await apiCall('/api/store-product', owner.token, {
      body: { category_id: categoryId, name: 'Köfte', description: 'Izgara köfte.', selling_price: '', allergen: 'Fındık izi içerebilir', status: '1', variants: JSON.stringify([{ name: 'Yarım', price: 150 }, { name: 'Tam', price: 250 }]) },
    })).product;
    const ekmek = (await apiCall('/api/store-product', owner.token, { body: { category_id: categoryId, name: 'Ekmek', description: 'Taze ekmek.', selling_price: '10', status: '1' } })).product;
    const en = await apiCall('/api/translations', owner.token, {
      body: {
        lang: 'en',
        business: { about: 'A family restaurant by the Moda seaside.', service_note: 'VAT is included in our prices.', wifi_name: 'Restaurant-Guest' },
        items: [
          { type: 'category', id: categoryId, name: 'Main Courses', description: '' },
          { type: 'product', id: kofte.id, name: 'Meatballs', description: 'Grilled meatballs.', variants: ['Half', 'Full'], allergen: 'May contain traces of hazelnut' },
          { type: 'product', id: ekmek.id, name: 'Bread', description: 'Fresh bread.' },
        ],
      },
    });
    expect(en.completeness).toBe(100);
    await apiCall('/api/translations', owner.token, {
      body: { lang: 'ar', items: [{ type: 'product', id: kofte.id, name: 'كفتة', description: 'كفتة مشوية.', variants: ['نصف', 'كامل'], allergen: 'قد يحتوي على آثار البندق' }] },
    });

    const d = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    let text = '';
    // the category list (about, Wi-Fi) and the category page (products, menu note); the landing forwards by itself
    for (const path of [`/qr/${slug}/category?lang=en`, `/qr/${slug}/category/${categoryId}?lang=en`]) {
      await d.page.goto(path);
      text += await d.page.locator('body').innerText();
    }
    await shot(d.page, 'evening-menu-en-360');
    for (const word of ['Meatballs', 'Half', 'Allergen', 'May contain traces of hazelnut', 'VAT is included in our prices.', 'A family restaurant by the Moda seaside.', 'Restaurant-Guest']) expect(text).toContain(word);
    for (const word of ['Köfte', 'Yarım', 'Fındık', 'Alerjen', 'hazırlandı', 'Tüm kategoriler', 'KDV', 'Moda sahilinde', 'Misafir', 'Ana Yemekler', 'Taze']) expect(text).not.toContain(word);

    await d.page.goto(`/qr/${slug}/category/${categoryId}?lang=ar`);
    await shot(d.page, 'evening-menu-ar-360');
    const ar = await d.page.locator('body').innerText();
    for (const word of ['كفتة', 'قد يحتوي على آثار البندق']) expect(ar).toContain(word);
    for (const word of ['Alerjen', 'hazırlandı', 'Tüm kategoriler', 'Porsiyonlar', 'Yarım']) expect(ar).not.toContain(word);
    // "Taze ekmek." (no Arabic translation) reads left to right inside the right-to-left page
    const desc = d.page.locator('p.desc', { hasText: 'Taze ekmek.' });
    expect(await desc.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await d.page.locator('p.note').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await d.page.locator('html').getAttribute('dir')).toBe('rtl');
    await d.context.close();
  }, 120_000);
});
