import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_MSG, contrastRatio, qrInk } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { multipart } from '../../../test/owner-helpers.js';
import { colourAt, crop, decodeQr, pdfPages, type Rgba } from '../../../test/qr-decode.js';

/**
 * The owner's options on the table cards (issue 38 item 7): `?logo=1` puts the business's logo in
 * the middle of every code (level H, on a white pad), `?renk=1` prints the codes and the table
 * number in the theme colour (darkened when too light to scan). pdf.js renders the pages, jsQR
 * reads every code back to its exact address.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const GREEN = '#16a34a';

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Logolu Lokanta'); // 8 tables
  b = await createBusiness(t.app, 'Logosuz Lokanta');
  admin = await createAdmin(t.app);
  const logo = await sharp({ create: { width: 300, height: 180, channels: 4, background: GREEN } }).png().toBuffer();
  const m = multipart({}, { data: logo, field: 'logo', filename: 'logo.png', type: 'image/png' });
  const up = await t.app.inject({ method: 'POST', url: '/api/update-branding', headers: { ...bearer(a.token), ...m.headers }, payload: m.payload });
  expect(up.json().status).toBe(200);
  await t.db.updateTable('settings').set({ theme_color: '#1d4e89' }).where('user_id', '=', a.userId).execute();
});
afterAll(async () => t.close());

const get = (token: string | undefined, query = '') => t.app.inject({ url: `/api/qr-cards.pdf${query}`, headers: token ? bearer(token) : {} });

/** Every code of every page (four cards a page, one per quarter), in order. */
async function codes(pdf: Buffer) {
  const found: Array<NonNullable<ReturnType<typeof decodeQr>> & { img: Rgba }> = [];
  for (const page of await pdfPages(pdf)) {
    for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
      const img = crop(page, (qx * page.width) / 2, (qy * page.height) / 2, page.width / 2, page.height / 2);
      const code = decodeQr(img);
      if (code) found.push({ ...code, img });
    }
  }
  return found;
}

const distance = (x: string, y: string) => Math.max(...[1, 3, 5].map((i) => Math.abs(parseInt(x.slice(i, i + 2), 16) - parseInt(y.slice(i, i + 2), 16))));
const addresses = () => Array.from({ length: 8 }, (_, i) => `http://qr.test/qr/${a.slug}?masa=${i + 1}`);

describe('table cards with the logo and the theme colour', () => {
  it('?logo=1&renk=1: every code decodes to its exact ?masa=N address, 4 white modules, the logo in the middle, modules in the theme colour', async () => {
    const res = await get(a.token, '?logo=1&renk=1');
    expect(res.headers['content-type']).toBe('application/pdf');
    const found = await codes(res.rawPayload);
    expect(found.map((c) => c.text)).toEqual(addresses());
    const plain = (await codes((await get(a.token)).rawPayload))[0];
    for (const c of found) {
      expect(c.quietZone, c.text).toBeGreaterThanOrEqual(4);
      expect(distance(c.ink, '#1d4e89'), c.ink).toBeLessThanOrEqual(6);
      // the logo's pixels: the centre is the logo's green, neither the modules' colour nor white
      expect(distance(colourAt(c.img, c.centre.x, c.centre.y), GREEN), c.text).toBeLessThanOrEqual(12);
      // level H: a larger code than the same address at level M
      expect(c.version).toBeGreaterThan(plain.version);
    }
  });

  it('?logo=1 alone: black modules, the logo in the middle; ?renk=1 alone: no logo, coloured modules', async () => {
    const withLogo = await codes((await get(a.token, '?logo=1&tables=1-4')).rawPayload);
    expect(withLogo.map((c) => c.text)).toEqual(addresses().slice(0, 4));
    for (const c of withLogo) {
      expect(distance(c.ink, '#000000')).toBeLessThanOrEqual(6);
      expect(distance(colourAt(c.img, c.centre.x, c.centre.y), GREEN)).toBeLessThanOrEqual(12);
    }
    const coloured = await codes((await get(a.token, '?renk=1&tables=5-8')).rawPayload);
    expect(coloured.map((c) => c.text)).toEqual(addresses().slice(4));
    for (const c of coloured) {
      expect(distance(c.ink, '#1d4e89')).toBeLessThanOrEqual(6);
      expect(distance(colourAt(c.img, c.centre.x, c.centre.y), GREEN)).toBeGreaterThan(60);
    }
  });

  it('a theme colour too light to scan (yellow) is darkened to 4.5:1 on white; every code still decodes', async () => {
    await t.db.updateTable('settings').set({ theme_color: '#ffd60a' }).where('user_id', '=', a.userId).execute();
    const res = await get(a.token, '?renk=1&logo=1');
    await t.db.updateTable('settings').set({ theme_color: '#1d4e89' }).where('user_id', '=', a.userId).execute();
    const { ink, darkened } = qrInk('#ffd60a');
    expect(darkened).toBe(true);
    expect(contrastRatio(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const found = await codes(res.rawPayload);
    expect(found.map((c) => c.text)).toEqual(addresses());
    for (const c of found) expect(distance(c.ink, ink), c.ink).toBeLessThanOrEqual(6);
  });

  it('no table count: the one card with logo and colour decodes to the menu address itself', async () => {
    await t.db.updateTable('settings').set({ deskcount: null }).where('user_id', '=', a.userId).execute();
    const res = await get(a.token, '?logo=1&renk=1');
    await t.db.updateTable('settings').set({ deskcount: 8 }).where('user_id', '=', a.userId).execute();
    const found = await codes(res.rawPayload);
    expect(found.map((c) => c.text)).toEqual([`http://qr.test/qr/${a.slug}`]);
  });

  it('?logo=1 for an owner without a logo (A has one): body 422 naming the field, never A’s logo; a bad option value: 422', async () => {
    expect((await get(b.token, '?logo=1')).json()).toEqual({ status: 422, message: expect.any(String), errors: { logo: [TABLE_MSG.noLogo] } });
    for (const q of ['?logo=2', '?renk=evet', '?logo=1&renk=x']) {
      const body = (await get(a.token, q)).json();
      expect(body.status, q).toBe(422);
      expect(Object.values(body.errors as Record<string, string[]>).flat(), q).toEqual([TABLE_MSG.optionInvalid]);
    }
    // B's own cards in B's colour (the default) are fine
    const found = await codes((await get(b.token, '?renk=1&tables=1')).rawPayload);
    expect(found.map((c) => c.text)).toEqual([`http://qr.test/qr/${b.slug}?masa=1`]);
    expect(distance(found[0].ink, qrInk(null).ink)).toBeLessThanOrEqual(6);
  });

  it('with the options: no token 401, an administrator 403', async () => {
    expect((await get(undefined, '?logo=1&renk=1')).statusCode).toBe(401);
    expect((await get(admin.token, '?logo=1&renk=1')).statusCode).toBe(403);
  });
});

describe('GET /api/qr-logo.png', () => {
  const logo = (token?: string) => t.app.inject({ url: '/api/qr-logo.png', headers: token ? bearer(token) : {} });

  it("the owner's own logo as a PNG of at most 256 px, for the QR screen's canvas", async () => {
    const res = await logo(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(256);
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(distance(`#${[data[0], data[1], data[2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`, GREEN)).toBeLessThanOrEqual(12);
  });

  it("another owner (without a logo) gets body 404, never A's logo; no token 401; an administrator 403", async () => {
    const other = await logo(b.token);
    expect(other.json()).toEqual({ status: 404, message: TABLE_MSG.logoNotFound });
    expect((await logo()).statusCode).toBe(401);
    expect((await logo(admin.token)).statusCode).toBe(403);
  });
});
