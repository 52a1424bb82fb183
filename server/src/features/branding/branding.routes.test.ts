import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { hostileFiles, jpeg, png, uploadFiles } from '../../../test/owner-helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { variantPaths } from '../../platform/images/images.js';
import { sweepOrphanImages } from '../../platform/images/sweep.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const profile = { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe', address: 'Moda Cad. 1, Kadıköy', city: 34, tel: '0216 555 11 22', deskcount: 8 };
const save = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/update-setting', payload, headers: bearer(token) });
const settingsOf = async (token: string) => (await t.app.inject({ url: '/api/edit-setting', headers: bearer(token) })).json().settings;
const rowOf = (userId: number) => t.db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

type FilePart = { field: string; data: Buffer; filename?: string; type?: string };
/** A multipart body with any number of files (logo and cover in one request). */
function form(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = '----qrmenubrand' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? `${f.field}.jpg`}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const brand = (token: string | undefined, fields: Record<string, string>, files: FilePart[] = []) => {
  const f = form(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/update-branding', payload: f.payload, headers: { ...f.headers, ...(token ? bearer(token) : {}) } });
};
const exists = (image: string) => variantPaths(image).map((p) => fs.existsSync(path.join(t.config.dataDir, p)));

const week = {
  '1': [{ open: '09:00', close: '23:00' }], '2': [{ open: '09:00', close: '23:00' }], '3': [{ open: '09:00', close: '23:00' }], '4': [{ open: '09:00', close: '23:00' }],
  '5': [{ open: '12:00', close: '15:00' }, { open: '18:00', close: '02:00' }], '6': [{ open: '18:00', close: '02:00' }], '7': [],
};
const full = {
  about: 'Moda sahilinde, 1998\'den beri.', theme_color: '#14213d', hours: week, wifi_name: 'Cinar-Misafir', wifi_password: 'cay-simit-42',
  instagram: 'cinarkafe', website: 'https://cinarkafe.com/', service_note: 'Fiyatlarımıza KDV dahildir.',
};

describe('POST /api/update-setting — the menu appearance fields', () => {
  it('saves every field and edit-setting returns them with the logo and cover paths (none yet)', async () => {
    const o = await registerOwner(t.app);
    const body = (await save(o.token, { ...profile, ...full })).json();
    expect(body.status, JSON.stringify(body)).toBe(200);
    expect(body.settings).toMatchObject({ ...full, logo: null, cover: null });
    expect(await settingsOf(o.token)).toMatchObject({ ...full, logo: null, cover: null });
  });

  it('keeps fields left out, clears fields sent blank or null, and takes back what edit-setting gave (round trip)', async () => {
    const o = await registerOwner(t.app);
    await save(o.token, { ...profile, ...full });
    expect((await save(o.token, profile)).json().settings).toMatchObject(full);
    const cleared = (await save(o.token, { ...profile, about: '', wifi_password: null, hours: null })).json().settings;
    expect(cleared).toMatchObject({ ...full, about: null, wifi_password: null, hours: null });
    const again = (await save(o.token, { ...(await settingsOf(o.token)), hours: week })).json();
    expect(again.status, JSON.stringify(again)).toBe(200);
    expect(again.settings.hours).toEqual(week);
  });

  it('stores hours in one shape whatever the client sent (text ranges, past midnight)', async () => {
    const o = await registerOwner(t.app);
    const body = (await save(o.token, { ...profile, hours: { '5': '18:00-02:00', '6': ['12:00-15:00', '18:00-02:00'] } })).json();
    expect(body.settings.hours).toEqual({ '1': [], '2': [], '3': [], '4': [], '5': [{ open: '18:00', close: '02:00' }], '6': [{ open: '12:00', close: '15:00' }, { open: '18:00', close: '02:00' }], '7': [] });
    expect(JSON.parse((await rowOf(o.userId)).hours!)).toEqual(body.settings.hours);
  });

  it('answers 422 with a Turkish error under each bad field and changes nothing', async () => {
    const o = await registerOwner(t.app);
    await save(o.token, { ...profile, ...full });
    const before = await rowOf(o.userId);
    const bad: Array<[string, unknown, string]> = [
      ['about', 'a'.repeat(301), 'Hakkında yazısı en fazla 300 karakter olabilir.'],
      ['theme_color', 'red', 'Tema rengi #rrggbb biçiminde bir renk kodu olmalıdır (örneğin #9a3412).'],
      ['hours', { '1': '09:00-25:00' }, 'Pazartesi: saatler SS:DD biçiminde olmalıdır (örneğin 09:00 veya 18:30).'],
      ['hours', { '6': ['10:00-14:00', '13:00-20:00'] }, 'Cumartesi: saat aralıkları çakışmamalıdır.'],
      ['hours', { '2': ['08:00-10:00', '12:00-14:00', '18:00-20:00'] }, 'Salı: en fazla iki saat aralığı girebilirsiniz.'],
      ['wifi_name', 'x'.repeat(65), 'Wi-Fi adı en fazla 64 karakter olabilir.'],
      ['wifi_password', 'x'.repeat(64), 'Wi-Fi şifresi en fazla 63 karakter olabilir.'],
      ['instagram', 'cinar kafe!', 'Instagram kullanıcı adı en fazla 30 karakter olabilir ve yalnızca harf, rakam, nokta ve alt çizgi içerebilir (örneğin @cinarkafe).'],
      ['website', 'javascript:alert(1)', 'Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).'],
      ['service_note', 'x'.repeat(201), 'Menü notu en fazla 200 karakter olabilir.'],
    ];
    for (const [field, value, message] of bad) {
      const res = await save(o.token, { ...profile, companyname: 'Başka Ad', [field]: value });
      expect(res.statusCode).toBe(200);
      expect(res.json(), field).toMatchObject({ status: 422, message: 'Lütfen işaretli alanları düzeltin.', errors: { [field]: [message] } });
    }
    expect(await rowOf(o.userId)).toEqual(before);
  });

  it('a body with only appearance fields changes only those; the profile stays (an empty body is still refused)', async () => {
    const o = await registerOwner(t.app);
    await save(o.token, profile);
    const body = (await save(o.token, { theme_color: '#FFFFFF', hours: { '1': '09:00-17:00' } })).json();
    expect(body.status, JSON.stringify(body)).toBe(200);
    expect(body.settings).toMatchObject({ ...profile, theme_color: '#ffffff', hours: { '1': [{ open: '09:00', close: '17:00' }], '2': [] } });
    const bad = (await save(o.token, { website: 'cinarkafe' })).json();
    expect(bad).toMatchObject({ status: 422, errors: { website: ['Web sitesi http:// veya https:// ile başlayan geçerli bir adres olmalıdır (örneğin https://cinarkafe.com).'] } });
    expect((await save(o.token, {})).json()).toMatchObject({ status: 422, message: 'All fields are mandetory' });
    expect((await settingsOf(o.token)).website).toBeNull();
  });

  it('never takes a logo or cover path from the body (only update-branding sets them)', async () => {
    const o = await registerOwner(t.app);
    await save(o.token, { ...profile, logo: 'uploads/0123456789abcdef0123456789abcdef.webp', cover: '../etc/passwd' });
    expect(await rowOf(o.userId)).toMatchObject({ logo: null, cover: null });
  });
});

describe('POST /api/update-branding', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403 for an admin)', async () => {
    expect((await brand(undefined, { remove_logo: '1' })).statusCode).toBe(401);
    expect((await brand(admin.token, { remove_logo: '1' })).statusCode).toBe(403);
  });

  it('stores logo and cover as WebP in four sizes; edit-setting returns their paths', async () => {
    const o = await registerOwner(t.app);
    const res = await brand(o.token, {}, [{ field: 'logo', data: await png(300, 300), filename: 'logo.png', type: 'image/png' }, { field: 'cover', data: await jpeg(1600, 600) }]);
    const body = res.json();
    expect(body, res.body).toMatchObject({ status: 200, message: 'Menü görünümü kaydedildi.' });
    expect(body.settings.logo).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    expect(body.settings.cover).toMatch(/^uploads\/[0-9a-f]{32}\.webp$/);
    expect(exists(body.settings.logo)).toEqual([true, true, true, true]);
    expect(exists(body.settings.cover)).toEqual([true, true, true, true]);
    const stored = fs.readFileSync(path.join(t.config.dataDir, body.settings.cover));
    expect(stored.toString('ascii', 8, 12)).toBe('WEBP');
    expect(await settingsOf(o.token)).toMatchObject({ logo: body.settings.logo, cover: body.settings.cover });
  });

  it('a new logo replaces the old one and deletes its files; the cover stays', async () => {
    const o = await registerOwner(t.app);
    const first = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }, { field: 'cover', data: await jpeg(900, 300) }])).json().settings;
    const second = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(220, 220, '#1d4ed8') }])).json().settings;
    expect(second.logo).not.toBe(first.logo);
    expect(second.cover).toBe(first.cover);
    expect(exists(first.logo)).toEqual([false, false, false, false]);
    expect(exists(second.logo)).toEqual([true, true, true, true]);
    expect(exists(first.cover)).toEqual([true, true, true, true]);
  });

  it('remove_logo=1 and remove_cover=1 remove the images and their files', async () => {
    const o = await registerOwner(t.app);
    const s = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }, { field: 'cover', data: await jpeg(900, 300) }])).json().settings;
    const logoOff = (await brand(o.token, { remove_logo: '1' })).json().settings;
    expect(logoOff).toMatchObject({ logo: null, cover: s.cover });
    expect(exists(s.logo)).toEqual([false, false, false, false]);
    const coverOff = (await brand(o.token, { remove_cover: '1' })).json().settings;
    expect(coverOff).toMatchObject({ logo: null, cover: null });
    expect(exists(s.cover)).toEqual([false, false, false, false]);
    // JSON works too (no file to send)
    const again = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }])).json().settings;
    const res = await t.app.inject({ method: 'POST', url: '/api/update-branding', headers: bearer(o.token), payload: { remove_logo: 1 } });
    expect(res.json().settings.logo).toBeNull();
    expect(exists(again.logo)).toEqual([false, false, false, false]);
  });

  it('refuses hostile files under the field they came in, storing nothing and keeping the current images', async () => {
    const o = await registerOwner(t.app);
    const s = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }])).json().settings;
    const files = uploadFiles(t.config.dataDir);
    for (const f of await hostileFiles()) {
      for (const field of ['logo', 'cover']) {
        // with a sound file in the other field: that one is not kept either
        const other = { field: field === 'logo' ? 'cover' : 'logo', data: await jpeg(100, 100) };
        const body = (await brand(o.token, { remove_logo: '1' }, [{ field, data: f.data, filename: f.filename, type: f.type }, other])).json();
        expect(body.status, `${f.name} as ${field}`).toBe(422);
        expect(body.errors[field]?.[0], `${f.name} as ${field}`).toMatch(/fotoğraf|Dosya adı/i);
        expect(uploadFiles(t.config.dataDir), f.name).toEqual(files);
      }
    }
    expect(await rowOf(o.userId)).toMatchObject({ logo: s.logo, cover: null });
  });

  it('takes the appearance fields too, validated the same way (a bad one stores no image)', async () => {
    const o = await registerOwner(t.app);
    const files = uploadFiles(t.config.dataDir);
    const bad = (await brand(o.token, { theme_color: 'mavi' }, [{ field: 'logo', data: await jpeg(200, 200) }])).json();
    expect(bad).toMatchObject({ status: 422, errors: { theme_color: ['Tema rengi #rrggbb biçiminde bir renk kodu olmalıdır (örneğin #9a3412).'] } });
    expect(uploadFiles(t.config.dataDir)).toEqual(files);
    const ok = (await brand(o.token, { theme_color: '#FFD60A', hours: JSON.stringify({ '1': '09:00-17:00' }), about: 'Merhaba' })).json();
    expect(ok.settings).toMatchObject({ theme_color: '#ffd60a', about: 'Merhaba', hours: { '1': [{ open: '09:00', close: '17:00' }], '7': [] } });
  });

  it('changes only the caller\'s own business', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const sa = (await brand(a.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }, { field: 'cover', data: await jpeg(900, 300) }])).json().settings;
    const before = await rowOf(a.userId);
    const rb = (await brand(b.token, { remove_logo: '1', remove_cover: '1', about: 'B' }, [{ field: 'logo', data: await jpeg(120, 120) }])).json();
    expect(rb.settings.user_id).toBe(b.userId);
    expect(await rowOf(a.userId)).toEqual(before);
    expect(exists(sa.logo)).toEqual([true, true, true, true]);
    expect(exists(sa.cover)).toEqual([true, true, true, true]);
  });

  it('ends the cached menu pages of the business: the new logo shows at once', async () => {
    const o = await createBusiness(t.app, 'Önbellek Kafe');
    const before = await t.app.inject({ url: `/qr/${o.slug}/category` });
    expect((await t.app.inject({ url: `/qr/${o.slug}/category` })).body).toBe(before.body);
    const logo = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }])).json().settings.logo as string;
    const after = await t.app.inject({ url: `/qr/${o.slug}/category` });
    expect(after.body).toContain(`/${logo.replace('.webp', '-sm.webp')}`);
    await brand(o.token, { remove_logo: '1' });
    expect((await t.app.inject({ url: `/qr/${o.slug}/category` })).body).not.toContain(logo.replace('.webp', ''));
  });

  it('the owner\'s data export carries the appearance fields and the logo and cover files', async () => {
    const o = await registerOwner(t.app);
    await save(o.token, { ...profile, ...full });
    const s = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }, { field: 'cover', data: await jpeg(900, 300) }])).json().settings;
    const res = await t.app.inject({ url: '/api/export-my-data', headers: bearer(o.token) });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(JSON.parse(strFromU8(files['settings.json']))).toMatchObject({ about: full.about, wifi_password: full.wifi_password, logo: s.logo, cover: s.cover });
    expect(Object.keys(files)).toEqual(expect.arrayContaining([s.logo.replace('uploads/', 'photos/'), s.cover.replace('uploads/', 'photos/')]));
  });

  it('the start-up sweep keeps logos and covers; erasing the account deletes their files', async () => {
    const o = await registerOwner(t.app);
    const s = (await brand(o.token, {}, [{ field: 'logo', data: await jpeg(200, 200) }, { field: 'cover', data: await jpeg(900, 300) }])).json().settings;
    await sweepOrphanImages(t.db, t.app.storage, new Date(), -1_000);
    expect([...exists(s.logo), ...exists(s.cover)]).toEqual(Array(8).fill(true));
    const del = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(o.token), payload: { password: o.password } });
    expect(del.json().status, del.body).toBe(200);
    expect([...exists(s.logo), ...exists(s.cover)]).toEqual(Array(8).fill(false));
  });
});
