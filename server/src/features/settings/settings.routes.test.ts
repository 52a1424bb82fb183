import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istanbulDay, istanbulMonthStart } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const save = (token: string | undefined, payload: object) => t.app.inject({ method: 'POST', url: '/api/update-setting', payload, headers: token ? bearer(token) : {} });
const valid = { name: 'Ayşe Yılmaz', companyname: 'Çınar Kafe & Bistro', address: 'Moda Cd. 1, Kadıköy', city: 34, tel: '0532 111 22 33', deskcount: 12 };
const settingsOf = (userId: number) => t.db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('guards of the settings routes', () => {
  it('should require authentication (HTTP 401) and the owner role (HTTP 403 for admin)', async () => {
    for (const [method, url] of [['GET', '/api/edit-setting'], ['POST', '/api/update-setting'], ['GET', '/api/dashboard']]) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: method as 'GET', url, headers: bearer(admin.token) })).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/edit-setting', () => {
  it('returns the owner\'s own profile with the spec fields', async () => {
    const o = await registerOwner(t.app, { name: 'Mehmet Demir', company: 'Demir Lokantası' });
    const body = (await get('/api/edit-setting', o.token)).json();
    expect(body.status).toBe(200);
    expect(body.settings).toMatchObject({ user_id: o.userId, name: 'Mehmet Demir', companyname: 'Demir Lokantası', city: 0, qrlink: null, companyengname: null, count: 0, userlevel: '0', status: 1, qr_status: 1 });
    for (const k of ['name', 'companyname', 'address', 'city', 'tel', 'deskcount', 'qrlink']) expect(body.settings).toHaveProperty(k);
  });
});

describe('POST /api/update-setting', () => {
  it('saves the profile and gives the business its address on the first save only', async () => {
    const o = await registerOwner(t.app);
    const body = (await save(o.token, valid)).json();
    expect(body).toMatchObject({ status: 200, message: 'Ayarlar başarıyla kaydedildi.' });
    expect(body.settings).toMatchObject({ ...valid, companyengname: 'cinar-kafe-bistro', qrlink: 'http://qr.test/qr/cinar-kafe-bistro' });
    const again = (await save(o.token, { ...valid, companyname: 'Yepyeni Ad', deskcount: '' })).json();
    expect(again.settings).toMatchObject({ companyname: 'Yepyeni Ad', deskcount: null, companyengname: 'cinar-kafe-bistro', qrlink: 'http://qr.test/qr/cinar-kafe-bistro' });
  });

  it('makes the address unique (-2, -3) and avoids old slugs and the reserved demo slug', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const c = await registerOwner(t.app);
    await save(a.token, { ...valid, companyname: 'Lezzet Durağı' });
    await t.db.insertInto('slug_redirects').values({ old_slug: 'lezzet-duragi-2', user_id: a.userId, created_at: new Date().toISOString() }).execute();
    expect((await save(b.token, { ...valid, companyname: 'LEZZET DURAĞI' })).json().settings.companyengname).toBe('lezzet-duragi-3');
    expect((await save(c.token, { ...valid, companyname: 'Demo' })).json().settings.companyengname).toBe('demo-2');
    const demo = await registerOwner(t.app, { email: 'demo@qrmenu.app' });
    expect((await save(demo.token, { ...valid, companyname: 'Demo' })).json().settings.companyengname).toBe('demo');
  });

  it('answers 422 "All fields are mandetory" with errors keyed by field, changing nothing', async () => {
    const o = await registerOwner(t.app);
    const before = await settingsOf(o.userId);
    const body = (await save(o.token, { name: '', companyname: ' ', city: 0, tel: '', deskcount: -1 })).json();
    expect(body.status).toBe(422);
    expect(body.message).toBe('All fields are mandetory');
    expect(Object.keys(body.errors).sort()).toEqual(['city', 'companyname', 'deskcount', 'name', 'tel']);
    expect(body.errors.city[0]).toBe('Lütfen bir şehir seçin.');
    for (const city of [82, 1.5, 'x']) expect((await save(o.token, { ...valid, city })).json().errors.city, String(city)).toHaveLength(1);
    expect((await save(o.token, { ...valid, tel: 'ara beni' })).json().errors.tel).toHaveLength(1);
    expect((await save(o.token, {})).json().status).toBe(422);
    expect(await settingsOf(o.userId)).toEqual(before);
  });

  it('ignores qrlink, companyengname, count, status, userlevel, qr_status and user_id in the body', async () => {
    const o = await registerOwner(t.app);
    const victim = await registerOwner(t.app);
    const body = (
      await save(o.token, { ...valid, companyname: 'Kendi İşim', qrlink: 'http://evil', companyengname: 'evil', count: 999, status: 0, userlevel: '2', qr_status: 0, user_id: victim.userId })
    ).json();
    expect(body.status).toBe(200);
    const s = await settingsOf(o.userId);
    expect(s).toMatchObject({ companyengname: 'kendi-isim', qrlink: 'http://qr.test/qr/kendi-isim', count: 0, status: 1, userlevel: '0', qr_status: 1 });
    expect(await settingsOf(victim.userId)).toMatchObject({ companyname: '', qrlink: null });
  });
});

describe('GET /api/dashboard', () => {
  it('sums this month\'s views, lists 30 days with zeros, counts products against the plan', async () => {
    const o = await registerOwner(t.app, { company: 'Özet Kafe' });
    const other = await registerOwner(t.app);
    const today = istanbulDay();
    const yesterday = istanbulDay(new Date(Date.now() - 86_400_000));
    await t.db.insertInto('daily_views').values([
      { user_id: o.userId, day: today, count: 7 },
      { user_id: o.userId, day: yesterday, count: 5 },
      { user_id: o.userId, day: '2020-01-01', count: 1000 },
      { user_id: other.userId, day: today, count: 99 },
    ]).execute();
    const body = (await get('/api/dashboard', o.token)).json();
    expect(body.status).toBe(200);
    const d = body.dashboard;
    expect(d.companyname).toBe('Özet Kafe');
    expect(d.plan).toEqual({ level: '0', name: 'Başlangıç', productLimit: 30, monthlyViews: null });
    expect(d.days).toHaveLength(30);
    expect(d.days[29]).toEqual({ day: today, count: 7 });
    expect(d.days[28]).toEqual({ day: yesterday, count: 5 });
    expect(d.days.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(12);
    expect(d.monthViews).toBe(yesterday >= istanbulMonthStart() ? 12 : 7);
    expect(d.products).toBe(0);
    await t.db.updateTable('settings').set({ userlevel: '1' }).where('user_id', '=', o.userId).execute();
    expect((await get('/api/dashboard', o.token)).json().dashboard.plan).toMatchObject({ name: 'Standart', productLimit: 150, monthlyViews: 10000 });
  });
});

describe('POST /api/update-setting: the phone number is a Turkish number (issue 38)', () => {
  it('"12345" is refused with a Turkish error; 0 or +90 and 10 digits are taken', async () => {
    const o = await registerOwner(t.app, { name: 'Telefon Sahibi' });
    const before = await t.db.selectFrom('settings').select('tel').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    for (const tel of ['12345', '0532 123 45', '+49 30 1234567']) {
      const body = (await save(o.token, { ...valid, tel })).json();
      expect(body).toMatchObject({ status: 422, errors: { tel: ['Geçerli bir Türkiye telefon numarası girin: 0 veya +90 ile başlayan 10 haneli numara (örneğin 0532 123 45 67).'] } });
    }
    expect(await t.db.selectFrom('settings').select('tel').where('user_id', '=', o.userId).executeTakeFirstOrThrow()).toEqual(before);
    for (const tel of ['+90 532 123 45 67', '0 (216) 555-11-22']) expect((await save(o.token, { ...valid, tel })).json().status).toBe(200);
  });
});
