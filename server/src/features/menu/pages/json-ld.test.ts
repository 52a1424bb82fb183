import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicCompany } from '@qrmenu/contract';
import { openingHours, restaurant, scriptSafeJson } from './json-ld.js';
import { pageLang } from './lang.js';
import { describe as describePage, landingSeo, seoSite, shareImage } from './seo.js';

const company: PublicCompany = {
  name: 'Gece Kuşu', companyname: 'Gece Kuşu', slug: 'gece-kusu', address: 'Kordon 5', tel: '0232 444 00 00', city: 35, city_name: 'İzmir', ad_supported: false,
};

describe('openingHours', () => {
  it('one specification per range, past-midnight ranges kept whole (closes before opens), closed days absent', () => {
    const spec = openingHours({ 1: [['09:00', '14:00'], ['18:00', '02:00']], 5: [{ open: '18:00', close: '03:30' }], 7: [] });
    expect(spec).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '18:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '18:00', closes: '03:30' },
    ]);
  });

  it('no hours, only closed days or malformed times: no specification at all', () => {
    expect(openingHours(undefined)).toBeUndefined();
    expect(openingHours({ 1: null, 2: [] })).toBeUndefined();
    expect(openingHours({ 3: [['9:00', '25:00']] })).toBeUndefined();
  });

  it('the Restaurant carries them when given', () => {
    const r = restaurant({ company, L: pageLang(undefined), base: 'https://menu.example', hours: { 6: [['10:00', '22:00']] }, hasMenu: 'https://menu.example/qr/gece-kusu/category' });
    expect(r.openingHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '10:00', closes: '22:00' }]);
    expect(restaurant({ company, L: pageLang(undefined), base: 'https://menu.example', hasMenu: 'x' })).not.toHaveProperty('openingHoursSpecification');
  });
});

describe('scriptSafeJson', () => {
  it('never contains <, > or & and reads back the same', () => {
    const value = { a: '</script><!-- & -->', b: '\u2028\u2029' };
    const out = scriptSafeJson(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('link-preview picture and description', () => {
  it('the cover, else the logo, else the photo; only stored uploads; absolute', () => {
    const base = 'https://menu.example';
    expect(shareImage(base, 'uploads/cover.webp', 'uploads/logo.webp', 'uploads/photo.webp')).toBe(`${base}/uploads/cover.webp`);
    expect(shareImage(base, null, 'uploads/logo.webp', 'uploads/photo.webp')).toBe(`${base}/uploads/logo.webp`);
    expect(shareImage(base, undefined, null, 'uploads/photo.webp')).toBe(`${base}/uploads/photo.webp`);
    expect(shareImage(base, 'https://evil.example/x.webp', '../etc/passwd', null)).toBeUndefined();
  });

  it('a cover or logo given by the branding wins over the menu photo, on the page and in the Restaurant', () => {
    const seo = landingSeo({ publicUrl: 'https://menu.example', photo: 'uploads/photo.webp', logo: 'uploads/logo.webp', hours: { 1: [['08:00', '17:00']] } }, company, pageLang(undefined), []);
    const head = renderToStaticMarkup(createElement(Fragment, null, seo.head));
    expect(head).toContain('<meta property="og:image" content="https://menu.example/uploads/logo.webp"/>');
    expect(head).toContain('"image":"https://menu.example/uploads/logo.webp"');
    expect(head).toContain('"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":"https://schema.org/Monday","opens":"08:00","closes":"17:00"}]');
    expect(head).not.toContain('photo.webp');
  });

  it("takes a business's whole branding as it is stored (weekdays '1'…'7', every day present, closed = [])", () => {
    const branding = {
      about: 'Deniz kenarında', theme_color: '#1e3a8a', wifi_name: null, wifi_password: null, instagram: null, website: null, service_note: null,
      logo: 'uploads/logo.webp', cover: 'uploads/cover.webp',
      hours: { '1': [], '2': [{ open: '09:00', close: '23:00' }], '3': [], '4': [], '5': [{ open: '18:00', close: '02:00' }], '6': [], '7': [] },
    };
    const site = seoSite('https://menu.example', 'uploads/photo.webp', branding);
    const head = renderToStaticMarkup(createElement(Fragment, null, landingSeo(site, company, pageLang(undefined), []).head));
    expect(head).toContain('<meta property="og:image" content="https://menu.example/uploads/cover.webp"/>');
    const data = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '09:00', closes: '23:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '18:00', closes: '02:00' },
    ]);
    expect(seoSite('https://menu.example', null, { hours: null, logo: null, cover: null })).toEqual({ publicUrl: 'https://menu.example', photo: null, cover: null, logo: null, hours: null });
  });

  it('a long list is cut at a name with an ellipsis, within 160 characters', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Uzun Bir Kategori Adı ${i + 1}`);
    const d = describePage(company, 'Menü', names, 'yedek');
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d).toMatch(/^Gece Kuşu, İzmir — Menü: Uzun Bir Kategori Adı 1, .*\d…$/);
    expect(describePage(company, 'Menü', [], 'Gece Kuşu dijital menüsü.')).toBe('Gece Kuşu, İzmir — Gece Kuşu dijital menüsü.');
  });
});
