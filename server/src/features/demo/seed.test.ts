import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { DEMO_MENU, DEMO_PASSWORD, seedDemo } from './seed.js';
import { variantPaths } from '../../platform/images/images.js';

let t: TestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await buildTestApp();
  seeded = await seedDemo(t.db, t.config, t.app.storage, t.app.clock.now());
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('serves the demo menu at /qr/demo: 5 categories × 4 products with prices, allergens and photos', async () => {
    expect(seeded).toBe(true);
    const landing = await t.app.inject({ url: '/qr/demo' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Demo Kafe');

    const cats = (await t.app.inject({ url: '/api/getCategory/demo' })).json();
    expect(cats.status).toBe(200);
    expect(cats.category.map((c: { name: string }) => c.name)).toEqual(DEMO_MENU.map((c) => c.name));
    let withAllergen = 0;
    for (const c of cats.category) {
      expect(c.image).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
      const products = (await t.app.inject({ url: `/api/getProduct/${c.id}` })).json().product_data.product;
      expect(products).toHaveLength(4);
      for (const p of products) {
        expect(p.selling_price).toBeGreaterThan(0);
        expect(p.description).toBeTruthy();
        for (const file of variantPaths(p.image)) expect(fs.existsSync(path.join(t.config.dataDir, file)), file).toBe(true);
        if (p.allergen) withAllergen++;
      }
      const page = await t.app.inject({ url: `/qr/demo/category/${c.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/₺\d/);
    }
    expect(withAllergen).toBeGreaterThan(5);
  });

  it('has allergen codes, labels, one product with portions, one campaign price and one sold-out item', async () => {
    const cats = (await t.app.inject({ url: '/api/getCategory/demo' })).json().category;
    const products = [];
    for (const c of cats) products.push(...(await t.app.inject({ url: `/api/getProduct/${c.id}` })).json().product_data.product);
    expect(products.filter((p) => p.allergens.length > 0).length).toBeGreaterThan(10);
    expect(products.filter((p) => p.labels.length > 0).length).toBeGreaterThan(10);
    expect(products.filter((p) => p.variants.length > 0).map((p) => p.name)).toEqual(['Türk Kahvesi']);
    expect(products.filter((p) => p.original_price != null).map((p) => p.name)).toEqual(['Serpme Kahvaltı (2 kişilik)']);
    expect(products.filter((p) => p.sold_out === '1').map((p) => p.name)).toEqual(['Salep']);
    const breakfast = await t.app.inject({ url: `/qr/demo/category/${cats[0].id}?haric=gluten` });
    expect(breakfast.body).toContain('3 ürün seçtiğiniz alerjenleri içerdiği için gizlendi.');
    expect(breakfast.body).toContain('<h2>Menemen</h2>');
  });

  it("keeps the law it shows: the campaign's struck-through price is the lowest of the 30 days before (its history says so)", async () => {
    const login = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'demo@qrmenu.app', password: DEMO_PASSWORD } })).json();
    const cats = (await t.app.inject({ url: '/api/getCategory/demo' })).json().category;
    const products = [];
    for (const c of cats) products.push(...(await t.app.inject({ url: `/api/getProduct/${c.id}` })).json().product_data.product);
    const campaign = products.find((p) => p.original_price != null)!;
    // what the owner's product form compares the struck-through price with
    const reference = (await t.app.inject({ url: `/api/price-list/reference-price/${campaign.id}`, headers: bearer(login.token) })).json();
    expect(reference.lowest).toBe(campaign.original_price);
    expect(campaign.selling_price).toBeLessThan(campaign.original_price);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await t.db.selectFrom('products').select('id').execute();
    expect(await seedDemo(t.db, t.config, t.app.storage, t.app.clock.now())).toBe(false);
    expect(await t.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'demo@qrmenu.app').execute()).toHaveLength(1);
  });

  it('the demo owner signs in with demo1234 and keeps the slug demo when saving settings', async () => {
    const login = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'demo@qrmenu.app', password: DEMO_PASSWORD } })).json();
    expect(login.status).toBe(200);
    const res = (
      await t.app.inject({
        method: 'POST',
        url: '/api/update-setting',
        headers: bearer(login.token),
        payload: { name: 'Demo Kullanıcı', companyname: 'Demo Kafe Moda', address: 'Moda', city: 34, tel: '02165550000' },
      })
    ).json();
    expect(res.status).toBe(200);
    expect(res.settings.companyengname).toBe('demo');
    expect((await t.app.inject({ url: '/qr/demo' })).body).toContain('Demo Kafe Moda');
  });

  it('no other owner can take the slug demo', async () => {
    const owner = await registerOwner(t.app);
    const res = (
      await t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(owner.token), payload: { name: 'A', companyname: 'Demo', city: 6, tel: '03125550000' } })
    ).json();
    expect(res.settings.companyengname).not.toBe('demo');
    expect(res.settings.companyengname).toMatch(/^demo-\d+$/);
  });
});

describe('demo menu languages', () => {
  it('offers English and Arabic with complete translations', async () => {
    const owner = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'demo@qrmenu.app', password: DEMO_PASSWORD } })).json();
    for (const lang of ['en', 'ar']) {
      const body = (await t.app.inject({ url: `/api/translations?lang=${lang}`, headers: bearer(owner.token) })).json();
      expect(body.status).toBe(200);
      expect(body.completeness).toBe(100);
      expect(body.items.every((i: { translation: { description: string } | null }) => i.translation?.description)).toBe(true);
    }
    const en = await t.app.inject({ url: '/qr/demo', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.headers.location).toBe('/qr/demo/category?lang=en');
    const cats = (await t.app.inject({ url: '/api/getCategory/demo?lang=ar' })).json();
    expect(cats.languages).toEqual(['tr', 'en', 'ar']);
    expect(cats.category[0].name).toBe('الفطور');
    const page = await t.app.inject({ url: `/qr/demo/category/${cats.category[1].id}?lang=ar` });
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('قهوة تركية');
    expect(Buffer.byteLength(page.body)).toBeLessThan(30_000);
  });
});

