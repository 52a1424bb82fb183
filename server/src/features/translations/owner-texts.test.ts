import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGE } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * A translated menu shows no Turkish the diner's language could say: the owner's own texts (about,
 * menu note, Wi-Fi name, portion names, the free-text allergen line) are translated on Çeviriler
 * and count toward completeness; the product's own words (the `Alerjen` label, the footer) come in
 * the page's language; on an Arabic page a Turkish fallback keeps its own direction.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};
const profile = { name: 'Ayşe Yılmaz', companyname: 'Dil Lokantası', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8 };
const TURKISH = {
  about: 'Moda sahilinde aile lokantası.',
  service_note: 'Fiyatlarımıza KDV dahildir.',
  wifi_name: 'Lokanta-Misafir',
};
const get = (url: string) => t.app.inject({ url }).then((r) => r.body);
const list = (lang: string) => t.app.inject({ url: `/api/translations?lang=${lang}`, headers: bearer(a.token) }).then((r) => r.json());
const save = (payload: object) => t.app.inject({ method: 'POST', url: '/api/translations', headers: bearer(a.token), payload }).then((r) => r.json());

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Dil Lokantası');
  const set = await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(a.token), payload: { ...profile, languages: ['en', 'ar'], ...TURKISH } });
  expect(set.json().status).toBe(200);
  ids.cat = (await addCategory(t.app, a.token, { name: 'Ana Yemek' })).id;
  ids.kofte = (await addProduct(t.app, a.token, ids.cat, {
    name: 'Köfte', description: 'Izgara köfte, pilav ile.', selling_price: '', allergen: 'Fındık izi içerebilir', labels: 'sefin_onerisi',
    variants: JSON.stringify([{ name: 'Yarım', price: 150 }, { name: 'Tam', price: 250 }]),
  })).id;
  ids.ekmek = (await addProduct(t.app, a.token, ids.cat, { name: 'Ekmek', description: 'Taze ekmek.', selling_price: '10' })).id;
});
afterAll(async () => t.close());

describe('the owner translates every text written for the menu', () => {
  it('lists the about text, menu note and Wi-Fi name, and the allergen line; all count toward completeness', async () => {
    const body = await list('en');
    expect(body.business).toEqual({ source: TURKISH, translation: null });
    const kofte = body.items.find((i: { id: number; type: string }) => i.type === 'product' && i.id === ids.kofte);
    expect(kofte.source).toEqual({ name: 'Köfte', description: 'Izgara köfte, pilav ile.', variants: ['Yarım', 'Tam'], allergen: 'Fındık izi içerebilir' });
    // names 3, portions 2, allergen line 1, business texts 3 = 9 texts, none translated
    expect(body.completeness).toBe(0);
    const some = await save({ lang: 'en', business: { about: 'A family restaurant by the Moda seaside.', service_note: '', wifi_name: '' } });
    expect(some.status).toBe(200);
    expect(some.completeness).toBe(11); // 1 of 9
    expect(some.business.translation).toEqual({ about: 'A family restaurant by the Moda seaside.', service_note: '', wifi_name: '' });
  });

  it('refuses a translated menu note that announces a charge, keyed by its field', async () => {
    const body = await save({ lang: 'en', business: { about: '', service_note: 'A cover charge of 2 € per person', wifi_name: '' } });
    expect(body).toMatchObject({ status: 422, errors: { 'business.service_note': [CHARGE_MESSAGE] } });
    expect((await list('en')).business.translation.about).toBe('A family restaurant by the Moda seaside.');
  });

  it('a complete English menu: 100 %, and the pages hold none of the Turkish texts', async () => {
    const body = await save({
      lang: 'en',
      business: { about: 'A family restaurant by the Moda seaside.', service_note: 'VAT is included in our prices.', wifi_name: 'Restaurant-Guest' },
      items: [
        { type: 'category', id: ids.cat, name: 'Main Courses', description: '' },
        { type: 'product', id: ids.kofte, name: 'Meatballs', description: 'Grilled meatballs with rice.', variants: ['Half', 'Full'], allergen: 'May contain traces of hazelnut' },
        { type: 'product', id: ids.ekmek, name: 'Bread', description: 'Fresh bread.' },
      ],
    });
    expect(body.status).toBe(200);
    expect(body.completeness).toBe(100);
    const pages = [await get(`/qr/${a.slug}?lang=en`), await get(`/qr/${a.slug}/category?lang=en`), await get(`/qr/${a.slug}/category/${ids.cat}?lang=en`)];
    const all = pages.join('\n');
    for (const text of ['A family restaurant by the Moda seaside.', 'VAT is included in our prices.', 'Restaurant-Guest', 'Meatballs', 'Half', 'Contains: May contain traces of hazelnut', 'Made with QR Menü']) {
      expect(all).toContain(text);
    }
    for (const turkish of [...Object.values(TURKISH), 'Köfte', 'Yarım', 'Fındık', 'Alerjen:', 'QR Menü ile hazırlandı', 'Taze ekmek', 'Ana Yemek']) {
      expect(all).not.toContain(turkish);
    }
    // the label's short mark too: "C" (Chef's choice), not the Turkish "Ş"
    expect(all).toContain('<b aria-hidden="true">C</b>Chef&#x27;s choice');
    expect(all).not.toContain('<b aria-hidden="true">Ş</b>');
    const api = JSON.stringify((await t.app.inject({ url: `/api/getProduct/${ids.cat}?lang=en` })).json());
    expect(api).toContain('VAT is included in our prices.');
    expect(api).toContain('May contain traces of hazelnut');
  });

  it('Arabic: the product words in Arabic; an untranslated Turkish text keeps its own direction', async () => {
    await save({ lang: 'ar', items: [{ type: 'product', id: ids.kofte, name: 'كفتة', description: 'كفتة مشوية مع الأرز.', variants: ['نصف', 'كامل'], allergen: 'قد يحتوي على آثار البندق' }] });
    const page = await get(`/qr/${a.slug}/category/${ids.cat}?lang=ar`);
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<h2 dir="auto">Ekmek</h2>');
    expect(page).toContain('<p class="desc" dir="auto">Taze ekmek.</p>');
    expect(page).toContain('<p class="note" dir="auto">Fiyatlarımıza KDV dahildir.</p>');
    expect(page).toContain('<span dir="auto">قد يحتوي على آثار البندق</span>');
    expect(page).not.toContain('QR Menü ile hazırlandı');
    expect(page).not.toContain('Alerjen');
  });

  it('the Turkish menu is unchanged by the translations', async () => {
    const page = await get(`/qr/${a.slug}/category/${ids.cat}`);
    expect(page).toContain('Fiyatlarımıza KDV dahildir.');
    expect(page).toContain('İçerir: Fındık izi içerebilir');
    expect(page).toContain('<h2>Köfte</h2>');
    expect(page).toContain('<b aria-hidden="true">Ş</b>Şefin önerisi');
    expect(page).toContain('QR Menü ile hazırlandı');
  });
});
