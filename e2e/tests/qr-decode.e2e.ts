import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, apiRegister, launch, newPage, signIn } from '../lib';
import { crop, decodeQr, pdfPages, pngPixels } from '../../server/test/qr-decode';

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
