import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('[TABLES] the table in the diner\'s language (JavaScript off)', () => {
  for (const mobile of [true, false]) {
    it(`Arabic at table 4 (${mobile ? '360' : '1280'} px): menu, survey, thank-you, waiter call, all right to left`, async () => {
      const { context, page } = await newPage(browser, { mobile, javaScriptEnabled: false });
      const size = mobile ? 'mobile' : 'desktop';
      await page.goto('/qr/demo/category?lang=ar&masa=4');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByText('الطاولة 4').first().waitFor();
      await page.getByRole('button', { name: 'استدعاء النادل' }).waitFor();
      await shot(page, `table-ar-menu-${size}`);

      await page.getByRole('link', { name: 'شاركنا رأيك' }).click();
      await page.waitForURL(/\/qr\/demo\/anket\?lang=ar&masa=4$/);
      await page.getByRole('heading', { name: 'شاركنا رأيك' }).waitFor();
      // sent without a rating: the errors in Arabic, the form again
      await page.getByRole('button', { name: 'إرسال' }).click();
      await page.getByText('يرجى تقييم جانب واحد على الأقل من 1 إلى 5.').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      await shot(page, `table-ar-survey-errors-${size}`);
      await page.getByRole('radio', { name: 'المذاق: 5 من 5' }).check();
      await page.getByRole('button', { name: 'إرسال' }).click();
      await page.getByRole('heading', { name: 'شكراً لك!' }).waitFor();
      await shot(page, `table-ar-thanks-${size}`);

      await page.getByRole('link', { name: 'العودة إلى القائمة' }).click();
      await page.waitForURL(/\/qr\/demo\/category\?lang=ar&masa=4$/);
      await page.getByRole('button', { name: mobile ? 'طلب الحساب' : 'استدعاء النادل' }).click();
      await page.getByRole('heading', { name: 'تم إبلاغ النادل' }).waitFor();
      await shot(page, `table-ar-called-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
      await context.close();
    });
  }

  it('English survey at table 2 keeps English through the post', async () => {
    const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    await page.goto('/qr/demo/anket?lang=en&masa=2');
    for (const label of ['Taste', 'Service', 'Cleanliness', 'Value for money']) await page.getByRole('group', { name: label }).waitFor();
    await page.getByRole('radio', { name: 'Service: 4 out of 5' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the menu' }).getAttribute('href')).toBe('/qr/demo/category?lang=en&masa=2');
    await shot(page, 'table-en-thanks-mobile');
    await context.close();
  });
});
