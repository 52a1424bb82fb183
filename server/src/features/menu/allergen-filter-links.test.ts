import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/** Issue 38, item 7: the allergen filter (`?haric=`) stays on as the diner moves between categories and to search. */

let t: TestApp;
let slug: string;
const ids: Record<string, number> = {};
const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

beforeAll(async () => {
  t = await buildTestApp();
  const b = await createBusiness(t.app, 'Filtre Lokantası');
  slug = b.slug;
  ids.soups = (await addCategory(t.app, b.token, { name: 'Çorbalar' })).id;
  ids.desserts = (await addCategory(t.app, b.token, { name: 'Tatlılar' })).id;
  await addProduct(t.app, b.token, ids.soups, { name: 'Mercimek', selling_price: '60', allergens: 'kereviz' });
  await addProduct(t.app, b.token, ids.desserts, { name: 'Sütlaç', selling_price: '90', allergens: 'sut' });
  await addProduct(t.app, b.token, ids.desserts, { name: 'Ayva Tatlısı', selling_price: '110', allergens: 'sulfit' });
});
afterAll(async () => t.close());

describe('the allergen filter follows the diner', () => {
  it('a category page with ?haric= links back to the list with it; the list links every category and its search with it', async () => {
    const cat = await page(`/qr/${slug}/category/${ids.soups}?haric=sut`);
    expect(hrefs(cat)).toContain(`/qr/${slug}/category?haric=sut`);
    const list = await page(`/qr/${slug}/category?haric=sut`);
    expect(hrefs(list)).toEqual(expect.arrayContaining([`/qr/${slug}/category/${ids.soups}?haric=sut`, `/qr/${slug}/category/${ids.desserts}?haric=sut`]));
    expect(list).toMatch(/<input type="hidden" name="haric" value="sut"\/>/);
    // following the link: the desserts without milk, the filter still on
    const desserts = await page(`/qr/${slug}/category/${ids.desserts}?haric=sut`);
    expect(desserts).toContain('Ayva Tatlısı');
    expect(desserts).not.toContain('Sütlaç');
    expect(desserts).toContain('<input type="checkbox" name="haric" checked="" value="sut"/>');
  });

  it('the search keeps it too: its results link their category with it, and its way back', async () => {
    const search = await page(`/qr/${slug}/ara?q=tatl%C4%B1&haric=sut`);
    expect(search).toContain('Ayva Tatlısı');
    expect(hrefs(search)).toEqual(expect.arrayContaining([`/qr/${slug}/category/${ids.desserts}?haric=sut`, `/qr/${slug}/category?haric=sut`]));
    expect(search).toMatch(/<input type="hidden" name="haric" value="sut"\/>/);
  });

  it('without a filter the links stay plain; the filter\'s own clear link drops it', async () => {
    const list = await page(`/qr/${slug}/category`);
    expect(hrefs(list).some((h) => h.includes('haric'))).toBe(false);
    expect(list).not.toContain('name="haric" value');
    // the filter's own "clear" link drops it
    const cat = await page(`/qr/${slug}/category/${ids.desserts}?haric=sut`);
    expect(hrefs(cat)).toContain(`/qr/${slug}/category/${ids.desserts}`);
  });
});
