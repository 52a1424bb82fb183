import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { jpeg, sendForm } from '../../../test/owner-helpers.js';
import { parseStorageUrl } from './s3.js';

/**
 * STORAGE_PUBLIC_URL: the menu pages take their photos from a CDN or the bucket's public address
 * (allowed by the CSP); the app's own `/uploads/…` keeps answering (a CDN that pulls from the app,
 * the API clients that prefix their API base), and the API keeps the stored path.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { storagePublicUrl: 'https://cdn.example.com/qr-foto' } });
});
afterAll(async () => t?.close());

describe('STORAGE_PUBLIC_URL', () => {
  it('is the base of the photos on the menu pages, allowed by their CSP', async () => {
    const owner = await createBusiness(t.app, 'Bulut Kafe');
    const cat = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Kahvaltı', status: '1' }, { data: await jpeg(800, 450) })).json().category;
    const product = (await sendForm(t.app, '/api/store-product', owner.token, { category_id: cat.id, name: 'Menemen', selling_price: '120' }, { data: await jpeg() })).json().product;
    const stem = (image: string) => `https://cdn.example.com/qr-foto/${image.slice(0, -'.webp'.length)}`;

    const cats = await t.app.inject({ url: `/qr/${owner.slug}/category` });
    expect(cats.body).toContain(`src="${stem(cat.image)}-sm.webp"`);
    expect(cats.body).toContain(`${stem(cat.image)}-xs.webp 240w, ${stem(cat.image)}-sm.webp 480w, ${stem(cat.image)}-md.webp 960w, ${stem(cat.image)}.webp 1920w`);
    expect(cats.body).not.toContain('src="/uploads/');
    expect(cats.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com(;|$)/);

    const products = await t.app.inject({ url: `/qr/${owner.slug}/category/${cat.id}` });
    expect(products.body).toContain(`src="${stem(product.image)}-sm.webp"`);

    // the API answers keep the stored path, and the app still serves it (to a CDN pulling from it, or an API client)
    const api = (await t.app.inject({ url: `/api/getCategory/${owner.slug}` })).json();
    expect(api.category[0].image).toBe(cat.image);
    const file = await t.app.inject({ url: `/${cat.image}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('STORAGE_PUBLIC_URL on the table pages', () => {
  it("the survey, its thanks, the waiter call's answer and the basket show the logo from the same base", async () => {
    const owner = await createBusiness(t.app, 'Bulut Lokanta'); // 8 tables
    const branded = (await sendForm(t.app, '/api/update-branding', owner.token, {}, { data: await jpeg(256, 256), field: 'logo' })).json();
    const logo = String(branded.settings.logo);
    expect(logo).toMatch(/^uploads\//);
    const cdn = `https://cdn.example.com/qr-foto/${logo.slice(0, -'.webp'.length)}`;
    await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: { authorization: `Bearer ${owner.token}` }, payload: { enabled: true } });
    const form = (url: string, body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, payload: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const seat = String((await t.app.inject({ url: `/qr/${owner.slug}?masa=2` })).headers['set-cookie'] ?? '');
    const cookie = /qrm_masa=[^;]+/.exec(seat)?.[0] ?? '';
    const pages = [
      (await t.app.inject({ url: `/qr/${owner.slug}/anket?masa=2` })).body,
      (await form(`/qr/${owner.slug}/anket?masa=2`, { masa: '2', lezzet: '5', comment: 'Çok güzel' })).body,
      (await form(`/qr/${owner.slug}/garson`, { masa: '2', type: 'garson' })).body,
      (await t.app.inject({ url: `/qr/${owner.slug}/siparis?masa=2`, headers: { cookie } })).body,
    ];
    for (const [i, body] of pages.entries()) {
      expect(body, `page ${i}`).toContain(cdn);
      expect(body, `page ${i}`).not.toContain('src="/uploads/');
    }
  });
});

describe('configuration of the store', () => {
  it('reads STORAGE_URL with its folder, endpoint, region and path style, and the AWS keys', () => {
    const c = loadConfig({
      STORAGE_URL: 's3://menu-photos/tr/prod?endpoint=http://127.0.0.1:9000&region=eu-central-1&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'AK',
      AWS_SECRET_ACCESS_KEY: 'SK',
      STORAGE_PUBLIC_URL: 'https://cdn.example.com/',
    });
    expect(c.storage).toEqual({
      bucket: 'menu-photos', prefix: 'tr/prod/', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    expect(c.storagePublicUrl).toBe('https://cdn.example.com');
    expect(loadConfig({}).storage).toBeUndefined();
    // AWS S3 itself: no endpoint, virtual-hosted addressing, credentials from the SDK's chain
    expect(parseStorageUrl('s3://menu-photos?region=eu-west-1')).toMatchObject({ endpoint: undefined, forcePathStyle: false, prefix: '', credentials: undefined });
  });

  it('refuses a STORAGE_URL or STORAGE_PUBLIC_URL it cannot use, naming the problem', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ STORAGE_URL: 'https://bucket.example.com' }, /must start with s3:\/\//],
      [{ STORAGE_URL: 's3://B_ad?region=x' }, /not a valid bucket name/],
      [{ STORAGE_URL: 's3://key:secret@bucket' }, /AWS_ACCESS_KEY_ID/],
      [{ STORAGE_URL: 's3://bucket?endpoint=ftp://x' }, /endpoint must be http/],
      [{ STORAGE_URL: 's3://bucket?pathStyle=true' }, /unknown parameter "pathStyle"/],
      [{ STORAGE_URL: 's3://bucket?forcePathStyle=yes' }, /forcePathStyle must be true or false/],
      [{ STORAGE_PUBLIC_URL: 'cdn.example.com' }, /STORAGE_PUBLIC_URL must be an http/],
      [{ STORAGE_PUBLIC_URL: 'https://cdn.example.com/?v=1' }, /STORAGE_PUBLIC_URL must be an http/],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });
});
