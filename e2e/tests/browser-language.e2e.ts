import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('[BROWSER] the e2e Chromium is a Turkish one', () => {
  // the screens' date and time inputs and the browser's own messages are drawn in the browser's
  // language: an English one shows 11/30/2026 and 06:30 PM in every screenshot of the owner's hours
  it('its own validation message is Turkish (Debian: apt-get install -y chromium-l10n)', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent('<form><label>Ad <input required></label></form>');
    const message = await page.getByLabel('Ad').evaluate((input: HTMLInputElement) => input.validationMessage);
    expect(message, 'Chromium is not in Turkish: install Debian\'s chromium-l10n').toBe('Lütfen bu alanı doldurun.');
    await context.close();
  });
});
