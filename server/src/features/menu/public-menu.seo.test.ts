import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { jpeg } from '../../../test/owner-helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

/**
 * The menu pages as a search engine and a chat app's link preview read them: description,
 * canonical address, Open Graph / Twitter card tags and JSON-LD (schema.org Restaurant, Menu),
 * in Turkish and in a menu language, on a real database (SQLite or PostgreSQL).
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let E: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};
const BASE = 'http://qr.test'; // PUBLIC_URL of the test app
let photo = '';

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** Every `<meta name|property="key">` content of a page. */
const metas = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"\/?>/g)].filter((m) => m[1] === key).map((m) => decode(m[2]));
const meta = (html: string, key: string) => {
  const all = metas(html, key);
  expect(all, key).toHaveLength(1);
  return all[0];
};
const canonical = (html: string) => {
  const all = [...html.matchAll(/<link rel="canonical" href="([^"]*)"\/?>/g)];
  expect(all).toHaveLength(1);
  return decode(all[0][1]);
};
/** The page's JSON-LD blocks, parsed. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Çınar Kafe');
  const set = await t.app.inject({
    method: 'POST', url: '/api/update-setting', headers: bearer(A.token),
    payload: { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', address: 'Moda Cad. 1', city: 34, tel: '0216 555 11 22', deskcount: 8, languages: ['en'] },
  });
  expect(set.json().status).toBe(200);
  ids.drinks = (await addCategory(t.app, A.token, { name: 'İçecekler' })).id;
  ids.mains = (await addCategory(t.app, A.token, { name: 'Ana Yemekler' })).id;
  ids.hidden = (await addCategory(t.app, A.token, { name: 'Gizli Kategori', status: '0' })).id;
  ids.cay = (await addProduct(t.app, A.token, ids.drinks, { name: 'Çay', description: 'İnce belli bardakta', selling_price: '30', labels: 'vegan,glutensiz' })).id;
  ids.ayran = (await addProduct(t.app, A.token, ids.drinks, { name: 'Ayran', selling_price: '25', labels: 'vejetaryen', sold_out: '1' })).id;
  const withPhoto = await addProduct(t.app, A.token, ids.mains, { name: 'İskender', description: 'Tereyağlı', selling_price: '380', original_price: '420', labels: 'aci' }, await jpeg(800, 600));
  ids.iskender = withPhoto.id;
  ids.pide = (await addProduct(t.app, A.token, ids.mains, { name: 'Pide', selling_price: '', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200.5 }]) })).id;
  ids.pasif = (await addProduct(t.app, A.token, ids.mains, { name: 'Pasif Yemek', selling_price: '1', status: '0' })).id;
  photo = (await t.db.selectFrom('products').select('image').where('id', '=', ids.iskender).executeTakeFirstOrThrow()).image!;
  expect(photo).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
  const tr = await t.app.inject({
    method: 'POST', url: '/api/translations', headers: bearer(A.token),
    payload: { lang: 'en', items: [{ type: 'category', id: ids.drinks, name: 'Drinks', description: '' }, { type: 'product', id: ids.cay, name: 'Tea', description: 'In a tulip glass' }] },
  });
  expect(tr.json().status).toBe(200);
  E = await createBusiness(t.app, 'Boş Lokanta');
});
afterAll(async () => t.close());

const pages = () => [
  { url: `/qr/${A.slug}`, path: `/qr/${A.slug}` },
  { url: `/qr/${A.slug}/category`, path: `/qr/${A.slug}/category` },
  { url: `/qr/${A.slug}/category/${ids.drinks}`, path: `/qr/${A.slug}/category/${ids.drinks}` },
  { url: `/qr/${A.slug}/ara`, path: `/qr/${A.slug}/ara` },
];

describe('description, canonical, Open Graph and Twitter card', () => {
  it('every menu page, in Turkish and English: one description with name and province, an absolute canonical, the business as title', async () => {
    for (const { url, path } of pages()) {
      for (const lang of ['tr', 'en'] as const) {
        const html = await page(lang === 'tr' ? url : `${url}?lang=en`);
        const description = meta(html, 'description');
        expect(description, url).toMatch(/^Çınar Kafe, İstanbul — /);
        expect(description.length, url).toBeLessThanOrEqual(160);
        const href = lang === 'tr' ? `${BASE}${path}` : `${BASE}${path}?lang=en`;
        expect(canonical(html), url).toBe(href);
        expect(meta(html, 'og:url'), url).toBe(href);
        expect(meta(html, 'og:title'), url).toBe('Çınar Kafe');
        expect(meta(html, 'twitter:title'), url).toBe('Çınar Kafe');
        expect(meta(html, 'og:description'), url).toBe(description);
        expect(metas(html, 'twitter:description'), url).toEqual([]); // X reads og:description
        expect(meta(html, 'og:type'), url).toBe('website');
        expect(meta(html, 'og:locale'), url).toBe(lang === 'tr' ? 'tr_TR' : 'en_US');
        expect(metas(html, 'og:locale:alternate'), url).toEqual([lang === 'tr' ? 'en_US' : 'tr_TR']);
        expect(html, url).not.toMatch(RUNNABLE_SCRIPT);
      }
    }
  });

  it('the description sums up what the page lists, in the page language', async () => {
    expect(meta(await page(`/qr/${A.slug}`), 'description')).toBe('Çınar Kafe, İstanbul — Menü: İçecekler, Ana Yemekler.');
    expect(meta(await page(`/qr/${A.slug}/category?lang=en`), 'description')).toBe('Çınar Kafe, İstanbul — Menu: Drinks, Ana Yemekler.');
    expect(meta(await page(`/qr/${A.slug}/category/${ids.drinks}`), 'description')).toBe('Çınar Kafe, İstanbul — İçecekler: Çay, Ayran.');
    expect(meta(await page(`/qr/${A.slug}/category/${ids.drinks}?lang=en`), 'description')).toBe('Çınar Kafe, İstanbul — Drinks: Tea, Ayran.');
    expect(meta(await page(`/qr/${A.slug}/ara`), 'description')).toBe('Çınar Kafe, İstanbul — Çınar Kafe menüsünde arama.');
    expect(meta(await page(`/qr/${E.slug}`), 'description')).toBe('Boş Lokanta, İstanbul — Boş Lokanta dijital menüsü: QR kodu okutun, menüye hemen göz atın.');
  });

  it('the canonical keeps ?lang but drops the table, the allergen filter and the search words; a language the menu lacks is Turkish', async () => {
    expect(canonical(await page(`/qr/${A.slug}/category?masa=3`))).toBe(`${BASE}/qr/${A.slug}/category`);
    expect(canonical(await page(`/qr/${A.slug}/category/${ids.mains}?haric=gluten&lang=en&masa=2`))).toBe(`${BASE}/qr/${A.slug}/category/${ids.mains}?lang=en`);
    expect(canonical(await page(`/qr/${A.slug}/ara?q=cay&lang=en`))).toBe(`${BASE}/qr/${A.slug}/ara?lang=en`);
    expect(canonical(await page(`/qr/${A.slug}?lang=de`))).toBe(`${BASE}/qr/${A.slug}`);
    // another spelling of the address names the one address
    expect(canonical(await page(`/qr/${A.slug.toUpperCase()}/category`))).toBe(`${BASE}/qr/${A.slug}/category`);
  });

  it('the picture is the first product photo at its largest size (absolute, PUBLIC_URL); no photo: a summary card without image', async () => {
    const image = `${BASE}/${photo}`;
    for (const url of [`/qr/${A.slug}`, `/qr/${A.slug}/category?lang=en`, `/qr/${A.slug}/category/${ids.mains}`, `/qr/${A.slug}/ara?q=cay`]) {
      const html = await page(url);
      expect(meta(html, 'og:image'), url).toBe(image);
      expect(meta(html, 'twitter:image'), url).toBe(image);
      expect(meta(html, 'og:image:alt'), url).toBe('Çınar Kafe');
      expect(meta(html, 'twitter:card'), url).toBe('summary_large_image');
      expect(image).not.toMatch(/-(sm|md)\.webp$/);
    }
    expect((await get(`/${photo}`)).statusCode).toBe(200);
    const empty = await page(`/qr/${E.slug}`);
    expect(metas(empty, 'og:image')).toEqual([]);
    expect(meta(empty, 'twitter:card')).toBe('summary');
  });
});

describe('JSON-LD', () => {
  it('the landing: a Restaurant with name, address (province as addressLocality), phone and the menu address; no cuisine', async () => {
    const [data, ...rest] = jsonLd(await page(`/qr/${A.slug}`));
    expect(rest).toEqual([]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Çınar Kafe',
      url: `${BASE}/qr/${A.slug}`,
      telephone: '0216 555 11 22',
      address: { '@type': 'PostalAddress', streetAddress: 'Moda Cad. 1', addressLocality: 'İstanbul', addressCountry: 'TR' },
      image: `${BASE}/${photo}`,
      hasMenu: `${BASE}/qr/${A.slug}/category`,
    });
    expect(data).not.toHaveProperty('servesCuisine');
  });

  it('the category list: the Restaurant with its Menu of active sections, in the page language', async () => {
    const [data] = jsonLd(await page(`/qr/${A.slug}/category?lang=en`));
    expect(data['@type']).toBe('Restaurant');
    expect(data.url).toBe(`${BASE}/qr/${A.slug}?lang=en`);
    expect(data.hasMenu).toEqual({
      '@type': 'Menu',
      name: 'Menu',
      url: `${BASE}/qr/${A.slug}/category?lang=en`,
      inLanguage: 'en',
      hasMenuSection: [
        { '@type': 'MenuSection', name: 'Drinks', url: `${BASE}/qr/${A.slug}/category/${ids.drinks}?lang=en` },
        { '@type': 'MenuSection', name: 'Ana Yemekler', url: `${BASE}/qr/${A.slug}/category/${ids.mains}?lang=en` },
      ],
    });
  });

  it('a category page: MenuSection → MenuItems with offers in TRY (campaign price, portions, sold out) and diets', async () => {
    const drinks = jsonLd(await page(`/qr/${A.slug}/category/${ids.drinks}`))[0].hasMenu.hasMenuSection;
    expect(drinks).toMatchObject({ '@type': 'MenuSection', name: 'İçecekler', url: `${BASE}/qr/${A.slug}/category/${ids.drinks}` });
    expect(drinks.hasMenuItem).toEqual([
      {
        '@type': 'MenuItem', name: 'Çay', description: 'İnce belli bardakta',
        offers: { '@type': 'Offer', price: 30, priceCurrency: 'TRY' },
        suitableForDiet: ['https://schema.org/VeganDiet', 'https://schema.org/GlutenFreeDiet'],
      },
      {
        '@type': 'MenuItem', name: 'Ayran',
        offers: { '@type': 'Offer', price: 25, priceCurrency: 'TRY', availability: 'https://schema.org/SoldOut' },
        suitableForDiet: 'https://schema.org/VegetarianDiet',
      },
    ]);
    const mains = jsonLd(await page(`/qr/${A.slug}/category/${ids.mains}`))[0].hasMenu.hasMenuSection.hasMenuItem;
    expect(mains).toEqual([
      // the campaign price is the price; the spicy label is no diet
      { '@type': 'MenuItem', name: 'İskender', description: 'Tereyağlı', offers: { '@type': 'Offer', price: 380, priceCurrency: 'TRY' } },
      {
        '@type': 'MenuItem', name: 'Pide',
        offers: [
          { '@type': 'Offer', name: 'Yarım', price: 120, priceCurrency: 'TRY' },
          { '@type': 'Offer', name: 'Tam', price: 200.5, priceCurrency: 'TRY' },
        ],
      },
    ]);
    const en = jsonLd(await page(`/qr/${A.slug}/category/${ids.drinks}?lang=en`))[0].hasMenu;
    expect(en.inLanguage).toBe('en');
    expect(en.hasMenuSection.name).toBe('Drinks');
    expect(en.hasMenuSection.hasMenuItem[0]).toMatchObject({ name: 'Tea', description: 'In a tulip glass', offers: { price: 30, priceCurrency: 'TRY' } });
  });

  it('matches the database: every active product of the category, with its stored selling price', async () => {
    const rows = await t.db.selectFrom('products').select(['name', 'selling_price']).where('category_id', '=', ids.drinks).where('status', '=', '1').orderBy('sort_order').orderBy('id').execute();
    const items = jsonLd(await page(`/qr/${A.slug}/category/${ids.drinks}`))[0].hasMenu.hasMenuSection.hasMenuItem;
    expect(items.map((i: { name: string; offers: { price: number } }) => [i.name, Math.round(i.offers.price * 100)])).toEqual(rows.map((r) => [r.name, Number(r.selling_price)]));
  });

  it('search pages carry none; the 404 page carries neither JSON-LD nor a canonical', async () => {
    expect(jsonLd(await page(`/qr/${A.slug}/ara?q=cay`))).toEqual([]);
    const missing = await get('/qr/yok-boyle-bir-yer');
    expect(missing.statusCode).toBe(404);
    expect(jsonLd(missing.body)).toEqual([]);
    expect(missing.body).not.toContain('rel="canonical"');
  });

  it('owner text can never close the script: `<` is escaped and the JSON still reads back the same', async () => {
    const name = '</script><script>alert(1)</script>';
    const evil = await createBusiness(t.app, name);
    const cat = await addCategory(t.app, evil.token, { name: '<!-- a & b -->' });
    await addProduct(t.app, evil.token, cat.id, { name: '</SCRIPT><img src=x onerror=alert(2)>', description: 'Bir\u2028iki satır', selling_price: '1' });
    for (const url of [`/qr/${evil.slug}`, `/qr/${evil.slug}/category`, `/qr/${evil.slug}/category/${cat.id}`]) {
      const html = await page(url);
      expect(html, url).not.toMatch(RUNNABLE_SCRIPT);
      const block = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1];
      expect(block, url).not.toMatch(/[<>&]/);
      const [data] = jsonLd(html);
      expect(data.name, url).toBe(name);
      expect(meta(html, 'og:title'), url).toBe(name);
    }
    const items = jsonLd(await page(`/qr/${evil.slug}/category/${cat.id}`))[0].hasMenu;
    expect(items.hasMenuSection.name).toBe('<!-- a & b -->');
    expect(items.hasMenuSection.hasMenuItem[0]).toMatchObject({ name: '</SCRIPT><img src=x onerror=alert(2)>', description: 'Bir\u2028iki satır' });
  });
});

describe('weight', () => {
  it('the head tags and JSON-LD add little: under 1.5 KB plus about 160 bytes a product', async () => {
    const owner = await createBusiness(t.app, 'Büyük Menü Lokantası');
    await t.db.updateTable('settings').set({ userlevel: '1' }).where('user_id', '=', owner.userId).execute();
    const cat = (await addCategory(t.app, owner.token, { name: 'Ana Yemekler' })).id;
    for (let i = 0; i < 40; i++) {
      await addProduct(t.app, owner.token, cat, {
        name: `Izgara Köfte Tabağı ${i + 1}`,
        selling_price: '245,50',
        ...(i % 5 === 0 ? { variants: JSON.stringify([{ name: 'Yarım', price: 150 }, { name: 'Tam porsiyon', price: 245.5 }]) } : {}),
        labels: i % 2 === 0 ? 'vegan' : 'yeni',
      }, i === 0 ? await jpeg(64, 48) : undefined);
    }
    const html = await page(`/qr/${owner.slug}/category/${cat}`);
    const ld = html.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/)![0];
    const tags = html.match(/<link rel="canonical"[\s\S]*?(?=<script type="application\/ld\+json">)/)![0];
    const ldBytes = Buffer.byteLength(ld);
    const tagBytes = Buffer.byteLength(tags);
    expect(tagBytes, `${tagBytes} bytes of tags`).toBeLessThan(1536);
    expect(ldBytes, `${ldBytes} bytes of JSON-LD`).toBeLessThan(1024 + 40 * 160);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(30 * 1024);
    // the landing and the list: a few hundred bytes
    for (const url of [`/qr/${owner.slug}`, `/qr/${owner.slug}/category`]) {
      const h = await page(url);
      const added = (h.match(/<link rel="canonical"[\s\S]*?<\/script>/)?.[0] ?? '').length;
      expect(added, url).toBeGreaterThan(0);
      expect(added, url).toBeLessThan(2560);
    }
  });
});
