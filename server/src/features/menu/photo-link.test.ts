import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/** Issue 38, item 7: a product photo on the menu opens larger when tapped — a plain link, no JavaScript. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('product photos on the menu', () => {
  it('each photo is a link to its 960 px file, named by the product; a product without a photo has no link', async () => {
    const b = await createBusiness(t.app, 'Foto Lokantası');
    const cat = (await addCategory(t.app, b.token, { name: 'Tatlılar' })).id;
    const id = (await addProduct(t.app, b.token, cat, { name: 'Künefe', selling_price: '150' })).id;
    await addProduct(t.app, b.token, cat, { name: 'Sütlaç', selling_price: '90' });
    await t.db.updateTable('products').set({ image: 'uploads/0123456789abcdef0123456789abcdef.webp' }).where('id', '=', id).execute();
    t.app.menuCache.clear();
    const html = (await t.app.inject({ url: `/qr/${b.slug}/category/${cat}` })).body;
    const links = html.match(/<a class="ph" href="[^"]+"><img [^>]*><\/a>/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('href="/uploads/0123456789abcdef0123456789abcdef-md.webp"');
    expect(links[0]).toContain('alt="Künefe"');
    expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  });
});
