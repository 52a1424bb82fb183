import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, newPage } from '../lib.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[DOCS]: the API reference', () => {
  for (const mobile of [false, true]) {
    it(`an operator reads /api/docs (${mobile ? '360 px' : '1280 px'}): every operation, no CSP violation, nothing from another host`, async () => {
      const { context, page } = await newPage(browser, { mobile });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(String(e)));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
      });
      const hosts = new Set<string>();
      page.on('request', (r) => hosts.add(new URL(r.url()).host));

      await page.goto('/api/docs');
      await page.getByRole('heading', { name: /QR Menü API/ }).waitFor();
      // the owner's category list, by its path, and the error-body explanation of the document
      await page.getByText('/api/view-category', { exact: true }).first().waitFor();
      await page.getByText(/Sonuçlar gövdede/).first().waitFor();
      // one operation opened: its HTTP 200 answer is described
      await page.getByText('/api/login', { exact: true }).first().click();
      await page.getByText('Giriş yap').first().waitFor();
      await page.getByText(/ApiError|validation_errors/).first().waitFor();
      if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/api-docs-${mobile ? 360 : 1280}.png`, fullPage: true });

      expect(problems).toEqual([]);
      expect([...hosts]).toEqual([new URL(baseURL()).host]);
      await context.close();
    });
  }
});
