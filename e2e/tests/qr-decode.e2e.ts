import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { qrInk } from '@qrmenu/contract';
import { apiCall, apiRegister, baseURL, launch, newPage, shot, signIn, testPhoto } from '../lib';
import { colourAt, crop, decodeQr, pdfPages, pngPixels, type Rgba } from '../../server/test/qr-decode';

/**
 * Every QR code the owner takes away, decoded from its pixels by jsQR as a phone would: the menu's
 * PNG (drawn by the browser, spec: 800x600, margin 1), each table's PNG and every card of the PDF
 * (rendered by pdf.js) carry the exact address, with `?masa=N` for a table.
 */
let browser: Browser;
let owner: Awaited<ReturnType<typeof apiRegister>>;
let qrlink: string;
const TABLES = 5;

beforeAll(async () => {
  browser = await launch();
  owner = await apiRegister('Karekod Sahibi');
  const s = await apiCall('/api/update-setting', owner.token, { body: { name: 'Karekod Sahibi', companyname: 'Okutma Çay Evi', city: 35, tel: '02321234567', address: 'Alsancak', deskcount: TABLES } });
  expect(s.status).toBe(200);
  qrlink = s.settings.qrlink;
  expect(qrlink).toMatch(/^https?:\/\/.+\/qr\/okutma-cay-evi$/);
});
afterAll(async () => browser?.close());

describe('[QR] codes decoded from their pixels', () => {
  it("the menu's PNG, each table's PNG and every card of the PDF carry the exact address", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, owner.token, 'Karekod Sahibi');
    await page.goto('/user/qr');

    await page.getByRole('button', { name: 'QR Kodu Oluştur' }).click();
    await page.getByTestId('qr-preview').getByRole('img').waitFor();
    const [menuPng] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'İndir' }).click()]);
    expect(menuPng.suggestedFilename()).toBe('qrcode.png');
    const menu = await pngPixels(fs.readFileSync((await menuPng.path())));
    expect([menu.width, menu.height]).toEqual([800, 600]);
    const menuCode = decodeQr(menu);
    expect(menuCode?.text).toBe(qrlink);
    expect(menuCode?.quietZone).toBeGreaterThanOrEqual(1); // the spec's margin 1

    for (let masa = 1; masa <= TABLES; masa++) {
      const card = page.getByTestId(`table-qr-${masa}`);
      await card.getByRole('img').waitFor();
      const [png] = await Promise.all([page.waitForEvent('download'), card.getByRole('button').click()]);
      expect(png.suggestedFilename()).toBe(`qrcode-masa-${masa}.png`);
      const code = decodeQr(await pngPixels(fs.readFileSync((await png.path()))));
      expect(code?.text, `masa ${masa}`).toBe(`${qrlink}?masa=${masa}`);
      expect(code?.quietZone, `masa ${masa}`).toBeGreaterThanOrEqual(4);
      // the preview on the screen too
      const src = await card.getByRole('img').getAttribute('src');
      const preview = decodeQr(await pngPixels(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64')));
      expect(preview?.text).toBe(`${qrlink}?masa=${masa}`);
    }

    const [pdfFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Masa kartlarını indir (PDF)' }).click()]);
    const pages = await pdfPages(fs.readFileSync((await pdfFile.path())));
    expect(pages).toHaveLength(Math.ceil(TABLES / 4));
    const found: string[] = [];
    for (const p of pages) {
      for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const code = decodeQr(crop(p, (qx * p.width) / 2, (qy * p.height) / 2, p.width / 2, p.height / 2));
        if (!code) continue;
        expect(code.quietZone, code.text).toBeGreaterThanOrEqual(4);
        found.push(code.text);
      }
    }
    expect(found).toEqual(Array.from({ length: TABLES }, (_, i) => `${qrlink}?masa=${i + 1}`));
    await context.close();
  });
});

/** Largest difference of one channel between two `#rrggbb` colours. */
const distance = (x: string, y: string) => Math.max(...[1, 3, 5].map((i) => Math.abs(parseInt(x.slice(i, i + 2), 16) - parseInt(y.slice(i, i + 2), 16))));
const LOGO = '#16a34a';
/** The code's middle shows the logo (neither a module's colour nor white). */
const logoInMiddle = (img: Rgba, code: NonNullable<ReturnType<typeof decodeQr>>) => distance(colourAt(img, code.centre.x, code.centre.y), LOGO) <= 16;

describe('[QR] with the logo and the theme colour', () => {
  it('Logoyu ortaya koy + Tema rengini kullan: the PNGs and the cards carry the logo and the (darkened) colour and still decode exactly', async () => {
    const o = await apiRegister('Logo Sahibi');
    const s = await apiCall('/api/update-setting', o.token, { body: { name: 'Logo Sahibi', companyname: 'Limon Kafe', city: 35, tel: '02321234568', address: 'Alsancak', deskcount: 3 } });
    const link = s.settings.qrlink as string;
    const form = new FormData();
    form.append('theme_color', '#ffd60a'); // too light to scan: darkened
    form.append('logo', new Blob([new Uint8Array(await testPhoto(400, 400, LOGO, { png: true }))], { type: 'image/png' }), 'logo.png');
    const up = await (await fetch(`${baseURL()}/api/update-branding`, { method: 'POST', headers: { authorization: `Bearer ${o.token}` }, body: form })).json();
    expect(up.status).toBe(200);
    const { ink } = qrInk('#ffd60a');

    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser, { mobile });
      await signIn(page, o.token, o.name);
      await page.goto('/user/qr');
      await page.getByRole('button', { name: 'QR Kodu Oluştur' }).click();
      await page.getByTestId('qr-preview').getByRole('img').waitFor();
      await page.getByLabel('Logoyu ortaya koy').check();
      await page.getByLabel('Tema rengini kullan').check();
      await expect.poll(() => page.getByTestId('qr-color-note').textContent()).toContain(ink);
      await page.waitForTimeout(300);
      await shot(page, `qr-options-${mobile ? 360 : 1280}`);
      if (mobile) {
        await context.close();
        continue;
      }
      const [menuPng] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'İndir' }).click()]);
      const menu = await pngPixels(fs.readFileSync(await menuPng.path()));
      const menuCode = decodeQr(menu);
      expect(menuCode?.text).toBe(link);
      expect(distance(menuCode!.ink, ink)).toBeLessThanOrEqual(8);
      expect(logoInMiddle(menu, menuCode!)).toBe(true);

      const card = page.getByTestId('table-qr-2');
      const [png] = await Promise.all([page.waitForEvent('download'), card.getByRole('button').click()]);
      const table = await pngPixels(fs.readFileSync(await png.path()));
      const tableCode = decodeQr(table);
      expect(tableCode?.text).toBe(`${link}?masa=2`);
      expect(tableCode?.quietZone).toBeGreaterThanOrEqual(4);
      expect(distance(tableCode!.ink, ink)).toBeLessThanOrEqual(8);
      expect(logoInMiddle(table, tableCode!)).toBe(true);

      const [pdfFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Masa kartlarını indir (PDF)' }).click()]);
      const [p] = await pdfPages(fs.readFileSync(await pdfFile.path()));
      const found: string[] = [];
      for (const [qx, qy] of [[0, 0], [1, 0], [0, 1]] as const) {
        const img = crop(p, (qx * p.width) / 2, (qy * p.height) / 2, p.width / 2, p.height / 2);
        const code = decodeQr(img);
        expect(code, `${qx},${qy}`).not.toBeNull();
        expect(code!.quietZone).toBeGreaterThanOrEqual(4);
        expect(distance(code!.ink, ink)).toBeLessThanOrEqual(8);
        expect(logoInMiddle(img, code!)).toBe(true);
        found.push(code!.text);
      }
      expect(found).toEqual([1, 2, 3].map((n) => `${link}?masa=${n}`));
      await context.close();
    }
  });
});
