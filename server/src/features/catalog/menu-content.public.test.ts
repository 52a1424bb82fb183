import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness, RUNNABLE_SCRIPT } from '../../../test/menu-helpers.js';

/** The diner's side of menu content: order, sold out, campaign price, portions, labels, search, allergen filter. */

let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

const get = (url: string) => t.app.inject({ method: 'GET', url });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
/** The visible text of a page (tags dropped, entities of React's escaping undone). */
const text = (html: string) => html.replace(/<style[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
/** The `<li class="prod…">` card of a product on a page. */
const card = (html: string, name: string) => html.split('<li class="prod').find((c) => c.includes(`<h2>${name}</h2>`));

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Lezzet Durağı');
  B = await createBusiness(t.app, 'Başka Yer');
  ids.drinks = (await addCategory(t.app, A.token, { name: 'İçecekler' })).id;
  ids.mains = (await addCategory(t.app, A.token, { name: 'Ana Yemekler' })).id;
  ids.hidden = (await addCategory(t.app, A.token, { name: 'Gizli Kategori', status: '0' })).id;
  ids.cay = (await addProduct(t.app, A.token, ids.drinks, { name: 'ÇAY', description: 'İnce belli bardakta', selling_price: '30' })).id;
  ids.sut = (await addProduct(t.app, A.token, ids.drinks, { name: 'ILIK SÜT', selling_price: '40', allergens: 'sut' })).id;
  ids.ayran = (await addProduct(t.app, A.token, ids.drinks, { name: 'Ayran', selling_price: '25', allergens: 'sut', labels: 'vejetaryen', sold_out: '1' })).id;
  ids.iskender = (await addProduct(t.app, A.token, ids.mains, { name: 'İskender', description: 'Tereyağlı, yoğurtlu', selling_price: '380', original_price: '420', allergens: 'gluten,sut', labels: 'sefin_onerisi,aci' })).id;
  ids.pide = (await addProduct(t.app, A.token, ids.mains, { name: 'Kıymalı Pide', selling_price: '200', original_price: '150', allergens: 'gluten', variants: JSON.stringify([{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }]) })).id;
  ids.salata = (await addProduct(t.app, A.token, ids.mains, { name: 'Çoban Salata', selling_price: '90', labels: 'vegan' })).id;
  ids.pasif = (await addProduct(t.app, A.token, ids.mains, { name: 'Çay Pasif', selling_price: '1', status: '0' })).id;
  ids.gizli = (await addProduct(t.app, A.token, ids.hidden, { name: 'Gizli Çay', selling_price: '1' })).id;
  const bc = (await addCategory(t.app, B.token, { name: 'Sıcaklar' })).id;
  await addProduct(t.app, B.token, bc, { name: 'Çay Başkası', selling_price: '10' });
});
afterAll(async () => t.close());

describe('product fields on the public API', () => {
  it('getProduct answers sold_out, allergens, labels, portions, order and the campaign price only above the selling price', async () => {
    const body = (await get(`/api/getProduct/${ids.mains}`)).json();
    const [iskender, pide, salata] = body.product_data.product;
    expect(iskender).toMatchObject({ id: ids.iskender, selling_price: 380, original_price: 420, allergens: ['gluten', 'sut'], labels: ['aci', 'sefin_onerisi'], sold_out: '0', variants: [], sort_order: 1 });
    expect(pide).toMatchObject({ id: ids.pide, original_price: null, variants: [{ name: 'Yarım', price: 120 }, { name: 'Tam', price: 200 }] });
    expect(salata).toMatchObject({ id: ids.salata, allergens: [], labels: ['vegan'] });
    expect(body.product_data.product).toHaveLength(3);
    const drinks = (await get(`/api/getProduct/${ids.drinks}`)).json().product_data.product;
    expect(drinks.find((p: { id: number }) => p.id === ids.ayran)).toMatchObject({ sold_out: '1' });
  });

  it('getProduct/{id}?haric= hides products that declare an excluded allergen and says how many', async () => {
    const body = (await get(`/api/getProduct/${ids.mains}?haric=sut`)).json();
    expect(body.product_data.product.map((p: { id: number }) => p.id)).toEqual([ids.pide, ids.salata]);
    expect(body.product_data).toMatchObject({ haric: ['sut'], hidden: 1 });
    const both = (await get(`/api/getProduct/${ids.mains}?haric=sut&haric=gluten`)).json();
    expect(both.product_data).toMatchObject({ haric: ['gluten', 'sut'], hidden: 2 });
    expect(both.product_data.product.map((p: { id: number }) => p.id)).toEqual([ids.salata]);
    // unknown codes are ignored; the unfiltered answer has no filter fields
    const plain = (await get(`/api/getProduct/${ids.mains}?haric=bilinmeyen`)).json();
    expect(plain.product_data.product).toHaveLength(3);
    expect(plain.product_data.hidden).toBeUndefined();
  });

  it('getCategory and the pages follow the owner order, and follow a new order at once', async () => {
    const before = (await get(`/api/getCategory/${A.slug}`)).json().category.map((c: { id: number }) => c.id);
    expect(before).toEqual([ids.drinks, ids.mains]);
    const sort = await t.app.inject({ method: 'POST', url: '/api/sort-categories', headers: bearer(A.token), payload: { ids: [ids.mains, ids.hidden, ids.drinks] } });
    expect(sort.json().status).toBe(200);
    expect((await get(`/api/getCategory/${A.slug}`)).json().category.map((c: { id: number }) => c.id)).toEqual([ids.mains, ids.drinks]);
    const list = await page(`/qr/${A.slug}/category`);
    expect(list.indexOf('Ana Yemekler')).toBeLessThan(list.indexOf('İçecekler'));
    const sp = await t.app.inject({ method: 'POST', url: '/api/sort-products', headers: bearer(A.token), payload: { category_id: ids.drinks, ids: [ids.ayran, ids.sut, ids.cay] } });
    expect(sp.json().status).toBe(200);
    const drinks = await page(`/qr/${A.slug}/category/${ids.drinks}`);
    expect(drinks.indexOf('Ayran')).toBeLessThan(drinks.indexOf('ILIK SÜT'));
    expect(drinks.indexOf('ILIK SÜT')).toBeLessThan(drinks.indexOf('ÇAY'));
    expect((await get(`/api/getProduct/${ids.drinks}`)).json().product_data.product.map((p: { id: number }) => p.id)).toEqual([ids.ayran, ids.sut, ids.cay]);
  });
});

describe('the category page', () => {
  it('shows a sold-out product greyed with a Tükendi badge, and follows the switch at once', async () => {
    let html = await page(`/qr/${A.slug}/category/${ids.drinks}`);
    expect(card(html, 'Ayran')).toMatch(/^ so"[\s\S]*<span class="bd">Tükendi<\/span>/);
    expect(card(html, 'ÇAY')).not.toContain('Tükendi');
    await t.app.inject({ method: 'POST', url: `/api/sold-out-product/${ids.cay}`, headers: bearer(A.token), payload: { sold_out: '1' } });
    html = await page(`/qr/${A.slug}/category/${ids.drinks}`);
    expect(card(html, 'ÇAY')).toContain('Tükendi');
    await t.app.inject({ method: 'POST', url: `/api/sold-out-product/${ids.cay}`, headers: bearer(A.token), payload: { sold_out: '0' } });
    expect(card(await page(`/qr/${A.slug}/category/${ids.drinks}`), 'ÇAY')).not.toContain('Tükendi');
  });

  it('shows a campaign price struck through with an İndirim badge, never an original price below the selling price', async () => {
    const html = await page(`/qr/${A.slug}/category/${ids.mains}`);
    const iskender = card(html, 'İskender')!;
    expect(iskender).toMatch(/<s class="old"><span class="sr">Eski fiyat: <\/span>₺420,00<\/s><span class="price">₺380,00<\/span>/);
    expect(iskender).toContain('<span class="bd dc">İndirim</span>');
    const pide = card(html, 'Kıymalı Pide')!;
    expect(pide).not.toMatch(/₺150|İndirim|<s /);
  });

  it('shows portions with their prices, labels and allergens as text', async () => {
    const html = await page(`/qr/${A.slug}/category/${ids.mains}`);
    const pide = text(card(html, 'Kıymalı Pide')!);
    expect(pide).toContain('Yarım ₺120,00');
    expect(pide).toContain('Tam ₺200,00');
    expect(pide).toContain('İçerir: Gluten içeren tahıllar');
    const iskender = text(card(html, 'İskender')!);
    expect(iskender).toContain('Acı');
    expect(iskender).toContain('Şefin önerisi');
    expect(iskender).toContain('İçerir: Gluten içeren tahıllar, Süt');
    expect(text(card(html, 'Çoban Salata')!)).toContain('Vegan');
    // without a filter, no "undeclared" marking
    expect(html).not.toContain('Alerjen bilgisi girilmemiş');
    expect(html).not.toMatch(RUNNABLE_SCRIPT);
  });

  it('has the "İçermesin:" GET form; ?haric= hides, counts and marks undeclared products', async () => {
    const html = await page(`/qr/${A.slug}/category/${ids.mains}`);
    const form = html.match(/<form class="flt"[^>]*>/)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain(`action="/qr/${A.slug}/category/${ids.mains}"`);
    expect(html).toContain('<legend>İçermesin:</legend>');
    expect(html.match(/type="checkbox" name="haric"/g)).toHaveLength(14);
    for (const url of [`?haric=gluten,sut`, `?haric=gluten&haric=sut`, `?haric=sut,gluten,yok`]) {
      const f = await page(`/qr/${A.slug}/category/${ids.mains}${url}`);
      expect(card(f, 'İskender'), url).toBeUndefined();
      expect(card(f, 'Kıymalı Pide'), url).toBeUndefined();
      expect(text(card(f, 'Çoban Salata')!)).toContain('Alerjen bilgisi girilmemiş');
      expect(text(f)).toContain('2 ürün seçtiğiniz alerjenleri içerdiği için gizlendi.');
      const checked = [...f.matchAll(/<input type="checkbox" name="haric"([^>]*)>/g)].filter((m) => m[1].includes('checked')).map((m) => m[1].match(/value="(\w+)"/)![1]);
      expect(checked, url).toEqual(['gluten', 'sut']);
    }
    const none = await page(`/qr/${A.slug}/category/${ids.drinks}?haric=balik`);
    expect(text(none)).toContain('Seçtiğiniz alerjenleri içeren ürün yok.');
    expect(text(card(none, 'ÇAY')!)).toContain('Alerjen bilgisi girilmemiş');
    expect(text(card(none, 'ILIK SÜT')!)).not.toContain('Alerjen bilgisi girilmemiş');
  });
});

describe('search: /qr/{company}/ara', () => {
  const names = (html: string) => [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);

  it('the category list carries the search box, a plain GET form with a label', async () => {
    const html = await page(`/qr/${A.slug}/category`);
    const form = html.match(/<form class="srch"[^>]*>/)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain(`action="/qr/${A.slug}/ara"`);
    expect(html).toContain('<label for="q">Menüde ara</label>');
    expect(html).toMatch(/<input id="q" type="search"[^>]* name="q"/);
  });

  it('finds Turkish words case- and accent-insensitively, folded as slugs are', async () => {
    const cases: Array<[string, string[]]> = [
      ['çay', ['ÇAY']], ['cay', ['ÇAY']], ['ÇAY', ['ÇAY']], ['Çay', ['ÇAY']],
      ['ilik', ['ILIK SÜT']], ['ılık', ['ILIK SÜT']], ['ILIK', ['ILIK SÜT']], ['sut', ['ILIK SÜT']],
      ['iskender', ['İskender']], ['İSKENDER', ['İskender']], ['ISKENDER', ['İskender']],
      ['yogurt', ['İskender']], // in the description
      ['kiymali pide', ['Kıymalı Pide']], ['pide yok', []], ['pizza', []],
    ];
    for (const [q, expected] of cases) {
      const html = await page(`/qr/${A.slug}/ara?q=${encodeURIComponent(q)}`);
      expect(names(html), q).toEqual(expected);
    }
  });

  it('shows the category of each result, never passive products or categories nor another business', async () => {
    const html = await page(`/qr/${A.slug}/ara?q=cay`);
    expect(text(html)).toContain('“cay” için 1 ürün bulundu.');
    expect(card(html, 'ÇAY')).toContain(`<a class="cat" href="/qr/${A.slug}/category/${ids.drinks}">İçecekler</a>`);
    expect(html).not.toMatch(/Pasif|Gizli|Başkası/);
    expect(text(await page(`/qr/${A.slug}/ara?q=pizza`))).toContain('“pizza” ile eşleşen ürün bulunamadı.');
    expect(text(await page(`/qr/${A.slug}/ara`))).toContain('Aramak istediğiniz ürünün adını yazın.');
    expect((await get(`/qr/olmayan-isletme/ara?q=cay`)).statusCode).toBe(404);
  });

  it('applies the allergen filter to results, keeping the query', async () => {
    const html = await page(`/qr/${A.slug}/ara?q=${encodeURIComponent('i')}&haric=sut`);
    expect(html).toContain('<input type="hidden" name="q" value="i"/>');
    expect(names(html)).not.toContain('İskender');
    expect(names(html)).not.toContain('ILIK SÜT');
    expect(names(html)).toContain('Kıymalı Pide');
    expect(text(html)).toMatch(/\d+ ürün seçtiğiniz alerjenleri içerdiği için gizlendi\./);
    expect(text(card(html, 'ÇAY')!)).toContain('Alerjen bilgisi girilmemiş');
  });

  it('escapes the query (no markup injection)', async () => {
    const html = await page(`/qr/${A.slug}/ara?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert');
  });
});

describe('page weight', () => {
  it('a 40-product category page stays under 30 KB before photos (its markup uncompressed, and the whole page compressed as sent)', async () => {
    const owner = await createBusiness(t.app, 'Büyük Menü');
    await t.db.updateTable('settings').set({ userlevel: '1' }).where('user_id', '=', owner.userId).execute();
    const cat = (await addCategory(t.app, owner.token, { name: 'Ana Yemekler' })).id;
    for (let i = 0; i < 40; i++) {
      await addProduct(t.app, owner.token, cat, {
        name: `Izgara Köfte Tabağı ${i + 1}`,
        description: 'Izgara köfte, közlenmiş biber ve domates, pilav ve mevsim salatası ile servis edilir.',
        selling_price: '245,50',
        ...(i % 4 === 0 ? { original_price: '280' } : {}),
        ...(i % 5 === 0 ? { variants: JSON.stringify([{ name: 'Yarım', price: 150 }, { name: 'Tam porsiyon', price: 245.5 }]) } : {}),
        allergens: i % 3 === 0 ? 'gluten,sut,yumurta' : 'sut',
        labels: i % 2 === 0 ? 'sefin_onerisi,aci' : 'yeni',
        allergen: 'Süt ürünleri içerir',
        sold_out: i % 10 === 0 ? '1' : '0',
      });
    }
    const urls = [`/qr/${owner.slug}/category/${cat}`, `/qr/${owner.slug}/category/${cat}?haric=yumurta`];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/<li class="prod/g)?.length).toBeGreaterThan(25);
      // the markup a browser renders and styles; the block read by search engines and link previews
      // (canonical, Open Graph, JSON-LD: ≈ 1 KB + 250 bytes a product uncompressed, well under 1 KB
      // compressed; its size is checked in public-menu.seo.test.ts) is counted as sent, below
      const bytes = Buffer.byteLength(res.body.replace(/<link rel="canonical"[\s\S]*?<\/script>/, ''));
      expect(bytes, `${url}: ${bytes} bytes`).toBeLessThanOrEqual(30 * 1024);
      for (const encoding of ['br', 'gzip']) {
        const sent = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(sent.rawPayload.length, `${url} ${encoding}`).toBeLessThanOrEqual(8 * 1024);
      }
    }
    // with a photo on every product (the <img> markup, not the photos): as sent, compressed
    await t.db.updateTable('products').set({ image: 'uploads/0123456789abcdef0123456789abcdef.webp' }).where('user_id', '=', owner.userId).execute();
    t.app.menuCache.clear();
    for (const url of urls) {
      for (const encoding of ['br', 'gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.rawPayload.length, `${url} ${encoding}`).toBeLessThanOrEqual(30 * 1024);
      }
      const plain = await get(url);
      expect(plain.body.match(/<img /g)?.length).toBeGreaterThan(25);
    }
  });
});
