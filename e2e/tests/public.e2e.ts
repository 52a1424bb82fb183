import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials, apiRegister, baseURL, launch, newPage, shot } from '../lib';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** Top of a section relative to the viewport, and the height of the sticky header above it. */
const sectionOffset = (page: Page, id: string) =>
  page.evaluate((sid) => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    return document.getElementById(sid)!.getBoundingClientRect().top - header.bottom;
  }, id);

/** Records window.scrollY on every animation frame until `stop()`; returns the distinct positions. */
async function recordScroll(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __ys: number[]; __rec: boolean };
    w.__ys = [];
    w.__rec = true;
    const tick = () => {
      w.__ys.push(Math.round(window.scrollY));
      if (w.__rec) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __ys: number[]; __rec: boolean };
      w.__rec = false;
      return [...new Set(w.__ys)];
    });
}

async function adminMessages(): Promise<Array<Record<string, unknown>>> {
  const { email, password } = adminCredentials();
  const login = await fetch(`${baseURL()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }).then((r) => r.json());
  expect(login.status).toBe(200);
  const res = await fetch(`${baseURL()}/api/admin/messages`, { headers: { authorization: `Bearer ${login.token}`, accept: 'application/json' } });
  expect(res.status).toBe(200);
  const body = await res.json();
  await fetch(`${baseURL()}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` } });
  return body.messages;
}

describe('[PUBLIC] landing page', () => {
  for (const mobile of [true, false]) {
    it(`renders every section without horizontal overflow at ${mobile ? '360' : '1280'} px`, async () => {
      const { context, page } = await newPage(browser, { mobile });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Temassız QR Menü/ }).waitFor();
      for (const id of ['features', 'how', 'pricing', 'contact']) {
        expect(await page.locator(`section#${id}`).count(), id).toBe(1);
      }
      // the six benefits and the four steps of spec §1
      const features = page.locator('#features li');
      expect(await features.count()).toBe(6);
      for (const title of ['Hızlı Kurulum', 'Kâğıt ve Plastikten Tasarruf', 'Temassız Kullanım', 'Her Yerden Yönetim', 'Anında Menü Değişikliği', 'Kişiselleştirme']) {
        await page.locator('#features').getByRole('heading', { name: title }).waitFor();
      }
      expect(await page.locator('#how ol > li').count()).toBe(4);
      // hero buttons: registration, and the server-rendered demo menu
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      expect(await hero.getByRole('link', { name: 'Kayıt Ol' }).getAttribute('href')).toBe('/register');
      expect(await hero.getByRole('link', { name: 'Demo Menü' }).getAttribute('href')).toBe('/qr/demo');
      // contact form of the landing page: name, mail, tel, message only
      const form = page.getByTestId('contact-form');
      expect(await form.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))).toEqual(['name', 'mail', 'tel', 'message']);
      expect(await form.locator('input[name="mail"]').getAttribute('type')).toBe('email');
      expect(await form.locator('input[name="tel"]').getAttribute('type')).toBe('tel');
      // footer
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: 'Gizlilik Politikası ve KVKK' }).getAttribute('href')).toBe('/gizlilik-politikasi');
      expect(await footer.getByRole('link', { name: 'Kullanım Sözleşmesi' }).getAttribute('href')).toBe('/kullanim-sozlesmesi');
      expect(await page.getByTestId('footer-docs').textContent()).toContain('Hazırlanıyor');
      expect(await footer.locator('a[href^="https://"]').count()).toBeGreaterThanOrEqual(3);
      expect(await footer.textContent()).toContain('© 2022');
      expect(await noHorizontalOverflow(page)).toBe(true);
      await shot(page, `landing-${mobile ? 'mobile' : 'desktop'}`);
      await context.close();
    });
  }

  it('the announcement banner closes and stays closed after a reload', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/');
    const banner = page.getByTestId('announcement');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('QR Menü yayında');
    expect(await banner.getByRole('link', { name: /Hemen Kayıt Ol/ }).getAttribute('href')).toBe('/register');
    await banner.getByRole('button', { name: 'Duyuruyu kapat' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('landing_banner_closed'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Temassız QR Menü/ }).waitFor();
    expect(await page.getByTestId('announcement').count()).toBe(0);
    // a fresh visitor sees it again
    const other = await newPage(browser, { mobile: true });
    await other.page.goto('/');
    await other.page.getByTestId('announcement').waitFor();
    await other.context.close();
    await context.close();
  });

  it('the top navigation scrolls smoothly to #pricing, and jumps when reduced motion is asked for', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Temassız QR Menü/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Ana menü' });
    for (const [name, id] of [['Özellikler', 'features'], ['Nasıl Çalışır?', 'how'], ['Fiyatlar', 'pricing'], ['İletişim', 'contact']]) {
      expect(await nav.getByRole('link', { name }).getAttribute('href')).toBe(`#${id}`);
    }
    const stop = await recordScroll(page);
    await nav.getByRole('link', { name: 'Fiyatlar' }).click();
    await page.waitForFunction(() => location.hash === '#pricing');
    const positions = await stop();
    expect(Math.abs(await sectionOffset(page, 'pricing'))).toBeLessThanOrEqual(2);
    // animated: many intermediate positions between the top and the section
    expect(positions.length).toBeGreaterThan(5);
    expect(page.url()).toMatch(/\/#pricing$/);

    // back to the top, then the same click with prefers-reduced-motion: one jump
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const stop2 = await recordScroll(page);
    await nav.getByRole('link', { name: 'İletişim' }).click();
    await page.waitForFunction(() => location.hash === '#contact');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const jump = await stop2();
    expect(jump.length).toBeLessThanOrEqual(2);
    expect(Math.abs(await sectionOffset(page, 'contact'))).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('from another public page the navigation leads to the landing section', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/gizlilik-politikasi');
    await page.getByRole('heading', { level: 1, name: 'Gizlilik Politikası ve KVKK Aydınlatma Metni' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Ana menü' });
    expect(await nav.getByRole('link', { name: 'İletişim' }).getAttribute('href')).toBe('/iletisim');
    await nav.getByRole('link', { name: 'Fiyatlar' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#pricing');
    await page.getByTestId('plan').first().waitFor();
    await page.waitForFunction(() => Math.abs(document.getElementById('pricing')!.getBoundingClientRect().top - document.querySelector('header')!.getBoundingClientRect().bottom) <= 2);
    await context.close();
  });

  it('the phone menu opens and its links scroll to the sections', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    const menu = page.locator('#public-mobile-nav');
    await menu.getByRole('link', { name: 'Nasıl Çalışır?' }).click();
    await page.waitForFunction(() => location.hash === '#how');
    expect(await menu.count()).toBe(0);
    expect(Math.abs(await sectionOffset(page, 'how'))).toBeLessThanOrEqual(2);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await context.close();
  });

  it('the login link goes to /login without a token and to /user with one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const login = page.getByTestId('login-link');
    expect(await login.textContent()).toBe('Giriş Yap');
    expect(await login.getAttribute('href')).toBe('/login');
    await login.click();
    await page.waitForURL((u) => u.pathname === '/login');

    const owner = await apiRegister('Login Link Testi');
    await page.evaluate(([token, name]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_name', name);
    }, [owner.token, owner.name]);
    await page.goto('/');
    expect(await page.getByTestId('login-link').getAttribute('href')).toBe('/user');
    await page.getByTestId('login-link').click();
    await page.waitForURL((u) => u.pathname === '/user');
    await page.getByTestId('sidebar').waitFor();
    await context.close();
  });

  it('the pricing section shows the three plans of spec §9 with tr-TR prices', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/#pricing');
    const plans = page.getByTestId('plan');
    await plans.first().waitFor();
    expect(await plans.count()).toBe(3);
    const rows = await plans.evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('h3')!.textContent,
        price: el.querySelector('[data-testid="plan-price"]')!.textContent.replace(/\s+/g, ' ').trim(),
        button: el.querySelector('a')!.textContent,
        href: el.querySelector('a')!.getAttribute('href'),
      })),
    );
    expect(rows.map((r) => r.name)).toEqual(['Başlangıç', 'Standart', 'Profesyonel']);
    expect(rows.map((r) => r.price)).toEqual(['Ücretsiz', '₺40,00/ay', '₺150,00/ay']);
    expect(rows.map((r) => r.href)).toEqual(['/register', '/register', '/register']);
    expect(rows[0].button).not.toBe('Yakında');
    expect(rows.slice(1).map((r) => r.button)).toEqual(['Yakında', 'Yakında']);
    const text = await page.locator('#pricing').textContent();
    for (const f of ['Menü başına 30 ürün', 'Sınırsız görüntülenme', 'Aylık 10.000 menü görüntülenmesi', 'Menü başına 150 ürün', 'Aylık 100.000 menü görüntülenmesi', 'Menü başına 500 ürün', 'Profesyonel destek']) {
      expect(text).toContain(f);
    }
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await shot(page, 'landing-pricing-mobile');
    await context.close();
  });
});

// These tests use POST /api/store-message (spec §7, §8) and the admin inbox.
describe('[PUBLIC] contact', () => {
  it('/iletisim: an empty form gets "Eksik Alanları Doldurunuz" and the errors under the fields', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/iletisim');
    await page.getByRole('heading', { level: 1, name: 'İletişim' }).waitFor();
    const form = page.getByTestId('contact-form');
    expect(await form.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))).toEqual(['name', 'surname', 'companyname', 'mail', 'tel', 'message']);
    expect(await page.getByLabel('E-posta adresi').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Telefon').getAttribute('type')).toBe('tel');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'contact-mobile');

    await page.getByRole('button', { name: 'Gönder' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Eksik Alanları Doldurunuz').waitFor();
    await shot(page, 'contact-missing-mobile');
    await page.getByRole('button', { name: 'Tamam' }).click();
    for (const field of ['name', 'mail', 'tel', 'message']) {
      const input = form.locator(`[name="${field}"]`);
      expect(await input.getAttribute('aria-invalid'), field).toBe('true');
    }
    // the error texts are shown under the inputs (once the dialog has gone: SweetAlert2 hides the
    // rest of the page from assistive technology while it is open)
    await dialog.waitFor({ state: 'detached' });
    const errors = form.getByRole('alert');
    await expect.poll(() => errors.count()).toBeGreaterThanOrEqual(4);
    for (const t of await errors.allTextContents()) expect(t.trim().length).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/iletisim$/);

    // an invalid e-mail keeps that one error, the others go away
    await page.getByLabel('Adınız', { exact: true }).fill('Ayşe');
    await page.getByLabel('E-posta adresi').fill('gecersiz-adres');
    await page.getByLabel('Telefon').fill('0532 111 22 33');
    await page.getByLabel('Mesajınız').fill('Merhaba');
    await page.getByRole('button', { name: 'Gönder' }).click();
    await dialog.getByText('Eksik Alanları Doldurunuz').waitFor();
    await page.getByRole('button', { name: 'Tamam' }).click();
    expect(await form.locator('[name="mail"]').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[name="name"]').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('/iletisim: a valid message shows "Mesaj Başarıyla Gönderildi", lands on / and reaches the admin inbox', async () => {
    const { context, page } = await newPage(browser);
    const text = `Zincir şubelerimiz için bilgi almak istiyorum (${Date.now()}).`;
    await page.goto('/iletisim');
    await page.getByLabel('Adınız', { exact: true }).fill('Ayşe');
    await page.getByLabel('Soyadınız').fill('Yılmaz');
    await page.getByLabel('Firma Adı').fill('Çınar Kafe');
    await page.getByLabel('E-posta adresi').fill('ayse@example.com');
    await page.getByLabel('Telefon').fill('05321112233');
    await page.getByLabel('Mesajınız').fill(text);
    await shot(page, 'contact-filled-desktop');
    await page.getByRole('button', { name: 'Gönder' }).click();
    await page.getByRole('dialog').getByText('Mesaj Başarıyla Gönderildi').waitFor();
    // the visitor is taken home at once, under the alert (spec §8), without having to dismiss it
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Tamam' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: /Temassız QR Menü/ }).waitFor();

    const stored = (await adminMessages()).find((m) => m.message === text);
    expect(stored).toMatchObject({ name: 'Ayşe', surname: 'Yılmaz', companyname: 'Çınar Kafe', mail: 'ayse@example.com', message: text });
    expect(String(stored!.tel).replace(/\D/g, '')).toBe('05321112233');
    await context.close();
  });

  it('the landing contact form sends name, mail, tel and message', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    const text = `Demo menüyü çok beğendim, fiyat teklifi rica ederim (${Date.now()}).`;
    await page.goto('/#contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Adınız', { exact: true }).fill('Mehmet Demir');
    await form.getByLabel('E-posta adresi').fill('mehmet@example.com');
    await form.getByLabel('Telefon').fill('05551234567');
    await form.getByLabel('Mesajınız').fill(text);
    await form.getByRole('button', { name: 'Gönder' }).click();
    await page.getByRole('dialog').getByText('Mesaj Başarıyla Gönderildi').waitFor();
    await page.getByRole('button', { name: 'Tamam' }).click();
    await page.waitForFunction(() => location.pathname === '/' && location.hash === '');
    // the form is empty again
    expect(await form.getByLabel('Mesajınız').inputValue()).toBe('');
    const stored = (await adminMessages()).find((m) => m.message === text);
    expect(stored).toMatchObject({ name: 'Mehmet Demir', mail: 'mehmet@example.com', message: text });
    await context.close();
  });
});

describe('[PUBLIC] legal pages', () => {
  it('the privacy policy and KVKK notice, reached from the footer', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Gizlilik Politikası ve KVKK' }).click();
    await page.waitForURL((u) => u.pathname === '/gizlilik-politikasi');
    await page.getByRole('heading', { level: 1, name: 'Gizlilik Politikası ve KVKK Aydınlatma Metni' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const h of ['1. Veri Sorumlusu', '2. İşlenen Kişisel Veriler', '5. Hukuki Sebepler (KVKK md. 5)', '6. Kişisel Verilerin Aktarılması', '7. Saklama Süreleri', '9. Haklarınız (KVKK md. 11)', '10. Başvuru Yöntemi']) {
      await page.getByRole('heading', { level: 2, name: h }).waitFor();
    }
    const text = await page.locator('main').textContent();
    expect(text).toContain('Görüntülenme sayıları');
    expect(text).toContain('İletişim mesajları');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'privacy-mobile');
    await context.close();
  });

  it('the terms of use: over-18 rule and the 5-day address-change notice', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/kullanim-sozlesmesi');
    await page.getByRole('heading', { level: 1, name: 'Kullanım Sözleşmesi' }).waitFor();
    expect(await page.title()).toBe('Kullanım Sözleşmesi — QR Menü');
    for (const h of ['1. Taraflar', '4. Üyelik ve Hesap Güvenliği', '5. Menü İçeriğinden Kullanıcının Sorumluluğu', '6. Paketler, Limitler ve Ücretler', '7. Adres ve İletişim Bilgilerindeki Değişiklikler', '15. Uygulanacak Hukuk ve Uyuşmazlıkların Çözümü']) {
      await page.getByRole('heading', { level: 2, name: h }).waitFor();
    }
    const text = await page.locator('main').textContent();
    expect(text).toContain('18 yaşını doldurmuş');
    expect(text).toContain('5 (beş) gün içinde');
    expect(text).toContain('Türkiye Cumhuriyeti hukukuna');
    // the table of contents jumps to a section
    await page.getByRole('navigation', { name: 'İçindekiler' }).getByRole('link', { name: '7. Adres ve İletişim Bilgilerindeki Değişiklikler' }).click();
    await page.waitForFunction(() => location.hash === '#adres-degisikligi');
    expect(await page.evaluate(() => document.getElementById('adres-degisikligi')!.getBoundingClientRect().top)).toBeGreaterThanOrEqual(64);
    expect(await page.evaluate(() => document.getElementById('adres-degisikligi')!.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'terms-desktop');
    // a deep link opened directly lands on its section, below the sticky header
    await page.goto('/kullanim-sozlesmesi#uyelik');
    await page.getByRole('heading', { level: 2, name: '4. Üyelik ve Hesap Güvenliği' }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('uyelik')!.getBoundingClientRect().top;
      return top >= 64 && top < 200;
    });
    await context.close();
  });
});

// Needs the server-rendered menu pages and the demo business (spec §2 qr/{company}).
describe('[PUBLIC] demo menu', () => {
  it('the Demo Menü button leaves the SPA for the server-rendered /qr/demo', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.locator('section[aria-labelledby="hero-title"]').getByRole('link', { name: 'Demo Menü' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toMatch(/^\/qr\/demo(\/category)?$/);
    expect(response!.status()).toBe(200);
    // a full page load: the landing's window is gone
    expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBeUndefined();
    await context.close();
  });
});

describe('[PUBLIC] the diner\'s menu', () => {
  it('landing → Demo Menü → a category → its products, readable on a 360 px phone', async () => {
    const { context, page } = await newPage(browser, { mobile: true });
    await page.goto('/');
    await page.locator('section[aria-labelledby="hero-title"]').getByRole('link', { name: 'Demo Menü' }).click();
    await page.waitForURL((u) => u.pathname === '/qr/demo');
    expect(await page.title()).toBe('Demo Kafe');
    expect(await page.getByRole('link', { name: 'Menü', exact: true }).getAttribute('href')).toBe('/qr/demo/category');
    // the business landing goes on to the category list by itself
    await page.waitForURL((u) => u.pathname === '/qr/demo/category', { timeout: 15_000 });
    expect(await page.title()).toBe('Demo Kafe');
    const cards = page.locator('main li a');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await page.getByRole('link', { name: /Sıcak İçecekler/ }).click();
    await page.waitForURL(/\/qr\/demo\/category\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Sıcak İçecekler' }).waitFor();
    expect(await page.title()).toBe('Demo Kafe');
    const products = page.locator('li.prod');
    expect(await products.count()).toBeGreaterThanOrEqual(3);
    const first = await products.first().textContent();
    expect(first).toMatch(/₺\d{1,3}(\.\d{3})*,\d{2}/);
    // Başlangıç (ad-supported): the small link to the landing page
    expect(await page.getByRole('link', { name: 'QR Menü ile hazırlandı' }).getAttribute('href')).toBe('/');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'menu-products-mobile');
    await context.close();
  });

  it('works with JavaScript turned off: Menü and Anket, the automatic redirect, category and product pages', async () => {
    const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    const res = await page.goto('/qr/DEMO');
    expect(res!.status()).toBe(200);
    expect(await page.title()).toBe('Demo Kafe');
    await page.getByRole('heading', { level: 1, name: 'Demo Kafe' }).waitFor();
    expect(await page.getByRole('link', { name: 'Menü', exact: true }).getAttribute('href')).toBe('/qr/demo/category');
    expect(await page.getByRole('link', { name: 'Anket', exact: true }).getAttribute('href')).toBe('/qr/demo/anket');
    // no click: the page itself goes on to the category list
    await page.waitForURL((u) => u.pathname === '/qr/demo/category', { timeout: 15_000 });
    const withImage = page.locator('main li a:has(img)');
    expect(await withImage.count()).toBeGreaterThanOrEqual(1);
    expect(await withImage.first().locator('.desc').count()).toBe(1);
    await page.locator('main li a').first().click();
    await page.waitForURL(/\/qr\/demo\/category\/\d+$/);
    await page.locator('li.prod').first().waitFor();
    const imgs = await page.locator('li.prod img').evaluateAll((els) => els.map((e) => ({ w: e.getAttribute('width'), h: e.getAttribute('height'), srcset: e.getAttribute('srcset') })));
    for (const img of imgs) expect(img).toMatchObject({ w: '96', h: '96', srcset: expect.stringContaining('-sm.webp 480w') });
    // no script that runs (the JSON-LD data block is never executed)
    expect(await page.evaluate(() => document.querySelectorAll('script:not([type="application/ld+json"])').length)).toBe(0);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await context.close();
  });

  it('an unknown business gets a Turkish page with HTTP 404 and a way home', async () => {
    const { context, page } = await newPage(browser, { mobile: true, javaScriptEnabled: false });
    const res = await page.goto('/qr/yok-boyle-bir-isletme');
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Menü bulunamadı' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ana sayfaya dön' }).getAttribute('href')).toBe('/');
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'menu-404-mobile');
    await context.close();
  });
});

describe('[PUBLIC] placeholder pages', () => {
  for (const [path, text] of [['/404', 'Page404'], ['/403', 'Page403']] as const) {
    it(`${path} shows only ${text}`, async () => {
      const { context, page } = await newPage(browser);
      await page.goto(path);
      await page.getByText(text, { exact: true }).waitFor();
      expect((await page.locator('#root').innerText()).trim()).toBe(text);
      await context.close();
    });
  }
});
