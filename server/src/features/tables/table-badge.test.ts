import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';

/** Issue 38, item 7: the `Masa N` badge on the table landing sits above the cover photo, where it can be seen. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the Masa N badge on a landing with a cover', () => {
  it('comes before the cover and is stacked above it (the landing pulls the cover up under it)', async () => {
    const b = await createBusiness(t.app, 'Kapak Kafe');
    await t.db.updateTable('settings').set({ cover: 'uploads/0123456789abcdef0123456789abcdef.webp' }).where('user_id', '=', b.userId).execute();
    t.app.menuCache.clear();
    const html = (await t.app.inject({ url: `/qr/${b.slug}?masa=4` })).body;
    const badge = html.indexOf('<p class="masa">Masa 4</p>');
    const cover = html.indexOf('class="cover"');
    expect(badge).toBeGreaterThan(0);
    expect(cover).toBeGreaterThan(badge);
    // the landing's cover has a negative top margin: without its own stacking the badge was painted under it
    expect(html).toMatch(/\.hero \.cover\{margin:-28px/);
    expect(html).toMatch(/\.masa\{position:relative;z-index:1;/);
  });
});
