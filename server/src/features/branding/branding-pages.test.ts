import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, MENU_SURFACES } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { jpeg } from '../../../test/owner-helpers.js';
import { seedDemo } from '../demo/index.js';

/**
 * The business on the diner's pages: every appearance field where the issue puts it, the theme
 * colours readable whatever the owner picks, the open/closed line at chosen instants (the app's
 * clock, `app.clock`, is moved) and its cached page ending exactly at the next opening or closing — on the
 * Fastify path and on the fast path (a real socket) — and pages that stay small.
 */
const ist = (local: string) => Date.parse(`${local}:00+03:00`);
let now = ist('2026-11-25T12:00'); // a Wednesday
let t: TestApp;
let base: string;
let biz: Awaited<ReturnType<typeof createBusiness>>;
let categoryId: number;
let logo: string;
let cover: string;

const week = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [{ open: '09:00', close: '23:00' }]]));
const fields = {
  about: 'Moda sahilinde, 1998\'den beri taze demlenmiş çay.', theme_color: '#14213d', hours: { ...week, '6': [{ open: '10:00', close: '02:00' }] },
  wifi_name: 'Cinar-Misafir', wifi_password: 'cay-simit-42', instagram: 'cinarkafe', website: 'https://cinarkafe.com/menu', service_note: 'Fiyatlarımıza KDV dahildir.',
};
const profile = { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', address: 'Moda Cad. 1, Kadıköy', city: 34, tel: '0216 555 11 22', deskcount: 8 };
const setFields = (token: string, extra: object) => t.app.inject({ method: 'POST', url: '/api/update-setting', headers: bearer(token), payload: { ...profile, ...extra } });
const get = (url: string) => t.app.inject({ url });
const stem = (s: string) => s.replace('.webp', '');

beforeAll(async () => {
  t = await buildTestApp();
  t.app.clock.now = () => new Date(now);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  biz = await createBusiness(t.app, 'Çınar Kafe');
  categoryId = (await addCategory(t.app, biz.token, { name: 'Sıcak İçecekler' }, await jpeg(320, 180))).id;
  await addProduct(t.app, biz.token, categoryId, { name: 'Çay', selling_price: '25' });
  expect((await setFields(biz.token, fields)).json().status).toBe(200);
  const { payload, headers } = brandingForm();
  const res = await t.app.inject({ method: 'POST', url: '/api/update-branding', payload: Buffer.concat([payload.head, await jpeg(256, 256, '#14213d'), payload.mid, await jpeg(1500, 500, '#f59e0b'), payload.tail]), headers: { ...headers, ...bearer(biz.token) } });
  ({ logo, cover } = res.json().settings);
  expect(logo).toMatch(/^uploads\//);
});
afterAll(async () => t?.close());

function brandingForm() {
  const b = '----brandpages';
  const part = (field: string) => `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: { head: Buffer.from(part('logo')), mid: Buffer.from(`\r\n${part('cover')}`), tail: Buffer.from(`\r\n--${b}--\r\n`) },
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

describe('the business on its menu pages', () => {
  it('the landing shows logo, cover, about, open line, the week\'s hours, Wi-Fi, phone, address with a map link, Instagram and website', async () => {
    const html = (await get(`/qr/${biz.slug}`)).body;
    expect(html).toContain(`src="/${stem(logo)}-sm.webp"`);
    expect(html).toContain(`alt="Çınar Kafe logosu"`);
    expect(html).toMatch(new RegExp(`<img class="cover" src="/${stem(cover)}-sm.webp" srcset="[^"]+" sizes="[^"]+" width="960" height="320" alt=""`, 'i'));
    expect(html).toContain('Moda sahilinde, 1998&#x27;den beri taze demlenmiş çay.');
    expect(html).toContain('Şu an açık · 23:00&#x27;e kadar');
    expect(html).toContain('<caption>Çalışma saatleri</caption>');
    expect(html).toContain('<th scope="row">Pazartesi</th><td><span dir="ltr">09:00–23:00</span></td>');
    expect(html).toContain('<th scope="row">Cumartesi</th><td><span dir="ltr">10:00–02:00</span></td>');
    expect(html).toContain('Ağ adı: <b dir="auto">Cinar-Misafir</b>');
    expect(html).toContain('Şifre: <b dir="ltr">cay-simit-42</b>');
    expect(html).toContain('href="tel:02165551122" dir="ltr">0216 555 11 22</a>');
    expect(html).toContain('Moda Cad. 1, Kadıköy, İstanbul');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=%C3%87%C4%B1nar%20Kafe%2C%20Moda%20Cad.%201%2C%20Kad%C4%B1k%C3%B6y%2C%20%C4%B0stanbul"');
    expect(html).toContain('href="https://www.instagram.com/cinarkafe/" dir="ltr">@cinarkafe</a>');
    expect(html).toContain('href="https://cinarkafe.com/menu" dir="ltr">cinarkafe.com/menu</a>');
    expect(html).not.toContain('KDV dahildir'); // no prices on the landing
  });

  it('the category list shows the same, with the logo in the header and the cover on top', async () => {
    const html = (await get(`/qr/${biz.slug}/category`)).body;
    expect(html).toMatch(new RegExp(`<header class="top"><a class="brand" href="/qr/${biz.slug}"><img class="logo" src="/${stem(logo)}-sm.webp"[^>]*width="40" height="40" alt=""`));
    expect(html).toContain('<img class="cover"');
    for (const text of ['Şu an açık · 23:00&#x27;e kadar', 'Moda sahilinde', '<caption>Çalışma saatleri</caption>', 'Cinar-Misafir', 'cay-simit-42', 'href="tel:02165551122" dir="ltr">0216 555 11 22</a>', 'google.com/maps', '@cinarkafe', 'cinarkafe.com/menu']) {
      expect(html, text).toContain(text);
    }
  });

  it('every page with prices shows the service note (category page, search results); the logo is on every menu page', async () => {
    const category = (await get(`/qr/${biz.slug}/category/${categoryId}`)).body;
    expect(category).toContain('<p class="note" dir="auto">Fiyatlarımıza KDV dahildir.</p>');
    expect(category).toContain(`/${stem(logo)}-sm.webp`);
    expect(category).not.toContain('<img class="cover"');
    const search = (await get(`/qr/${biz.slug}/ara?q=%C3%A7ay`)).body;
    expect(search).toContain('Fiyatlarımıza KDV dahildir.');
    expect(search).toContain(`/${stem(logo)}-sm.webp`);
    const survey = (await get(`/qr/${biz.slug}/anket`)).body;
    expect(survey).toContain(`/${stem(logo)}-sm.webp`);
    expect(survey).toContain('--theme:#14213d');
  });

  it('speaks the page\'s language (?lang=)', async () => {
    await setFields(biz.token, { ...fields, languages: ['en', 'de'] });
    const en = (await get(`/qr/${biz.slug}/category?lang=en`)).body;
    for (const text of ['Open now · until 23:00', '<caption>Opening hours</caption>', '<th scope="row">Monday</th>', 'Network: <b dir="auto">Cinar-Misafir</b>', 'Show on map']) expect(en, text).toContain(text);
    const de = (await get(`/qr/${biz.slug}?lang=de`)).body;
    expect(de).toContain('Jetzt geöffnet · bis 23:00 Uhr');
    expect(de).toContain('alt="Logo von Çınar Kafe"');
    await setFields(biz.token, { ...fields, languages: [] });
  });

  it('a business without any of it looks as before: no logo, cover, hours or notes', async () => {
    const plain = await createBusiness(t.app, 'Sade Lokanta');
    const html = (await get(`/qr/${plain.slug}/category`)).body;
    for (const text of ['class="logo"', 'class="cover"', 'Şu an', 'Çalışma saatleri', 'class="note"', ':root{--theme:']) expect(html, text).not.toContain(text);
    expect(html).toContain('<meta name="theme-color" content="#9a3412"/>');
  });
});

describe('theme colour and contrast', () => {
  const cases: Array<[string, string, string]> = [
    // colour, text on it, expected accent for theme-coloured text on the page
    ['#ffffff', '#1c1917', 'darker'],
    ['#ffd60a', '#1c1917', 'darker'],
    ['#14213d', '#ffffff', '#14213d'],
  ];
  for (const [color, onTheme, accent] of cases) {
    it(`${color}: header and buttons in the colour with ${onTheme} text, theme-coloured text at 4.5:1 or more`, async () => {
      await setFields(biz.token, { ...fields, theme_color: color });
      for (const url of [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`, `/qr/${biz.slug}/category/${categoryId}`]) {
        const html = (await get(url)).body;
        expect(html).toContain(`<meta name="theme-color" content="${color}"/>`);
        const m = /:root\{--theme:(#[0-9a-f]{6});--on-theme:(#[0-9a-f]{6});--accent:(#[0-9a-f]{6});--soft:(#[0-9a-f]{6})\}/.exec(html);
        expect(m, url).not.toBeNull();
        const [, theme, on, acc, soft] = m!;
        expect(theme).toBe(color);
        expect(on).toBe(onTheme);
        expect(contrastRatio(on, theme)).toBeGreaterThanOrEqual(4.5);
        if (accent === 'darker') expect(acc).not.toBe(color);
        else expect(acc).toBe(accent);
        for (const s of [...MENU_SURFACES, soft]) expect(contrastRatio(acc, s)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
  afterAll(async () => {
    await setFields(biz.token, fields);
  });
});

describe('the open/closed line and the cache', () => {
  const fetchPage = async (path: string) => (await fetch(base + path)).text();

  it('a cached page ends exactly at the next closing and opening (Fastify path and fast path)', async () => {
    await setFields(biz.token, { ...fields, hours: week });
    for (const path of [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`]) {
      now = ist('2026-11-25T22:59') + 59_000;
      expect(await fetchPage(path)).toContain('Şu an açık · 23:00&#x27;e kadar');
      const fast = t.app.menuCache.stats().fastHits;
      expect(await fetchPage(path)).toContain('Şu an açık · 23:00&#x27;e kadar');
      expect(t.app.menuCache.stats().fastHits).toBe(fast + 1); // served from the cache
      now = ist('2026-11-25T22:59') + 59_999;
      expect(await fetchPage(path)).toContain('Şu an açık');
      now = ist('2026-11-25T23:00');
      const misses = t.app.menuCache.stats().misses;
      expect(await fetchPage(path)).toContain('Şu an kapalı · 09:00&#x27;da açılır');
      expect(t.app.menuCache.stats().misses).toBe(misses + 1);
      now = ist('2026-11-26T08:59');
      expect(await fetchPage(path)).toContain('Şu an kapalı · 09:00&#x27;da açılır');
      now = ist('2026-11-26T09:00');
      expect(await fetchPage(path)).toContain('Şu an açık · 23:00&#x27;e kadar');
      // through Fastify (app.inject) the same
      now = ist('2026-11-26T23:00');
      expect((await get(path)).body).toContain('Şu an kapalı');
    }
    now = ist('2026-11-25T12:00');
  });

  it('a page without hours or open/closed line keeps its cache entry across the day', async () => {
    const path = `/qr/${biz.slug}/category/${categoryId}`;
    await fetchPage(path);
    await fetchPage(path);
    const fast = t.app.menuCache.stats().fastHits;
    now += 3 * 86_400_000;
    await fetchPage(path);
    expect(t.app.menuCache.stats().fastHits).toBe(fast + 1);
    now = ist('2026-11-25T12:00');
  });
});

describe('page weight with the business block', () => {
  it('the demo menu\'s pages, logo, cover, hours and all, stay under 30 KB before photos', async () => {
    expect(await seedDemo(t.db, t.config, t.app.storage, t.app.clock.now())).toBe(true);
    const demo = (await get('/api/getCategory/demo')).json();
    expect(demo.company.branding).toMatchObject({ theme_color: '#1d4e89', hours: { '5': [{ open: '08:00', close: '01:00' }] } });
    expect(demo.company.branding.logo).toMatch(/^uploads\//);
    expect(demo.company.branding.cover).toMatch(/^uploads\//);
    const urls = ['/qr/demo?lang=tr', '/qr/demo/category', '/qr/demo/category?lang=ar', '/qr/demo/ara?q=%C3%A7ay', ...demo.category.map((c: { id: number }) => `/qr/demo/category/${c.id}`)];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const bytes = Buffer.byteLength(res.body);
      expect(bytes, `${url}: ${bytes} bytes`).toBeLessThanOrEqual(30 * 1024);
    }
    const landing = (await get('/qr/demo?lang=tr')).body;
    expect(landing).toContain('class="logo"');
    expect(landing).toContain('class="cover"');
    expect(landing).toContain('DemoKafe-Misafir');
  });
});
