import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard } from '../../../test/admin-guard.js';
import { sendForm } from '../../../test/owner-helpers.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createAdmin(t.app)).token;
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

const settingsOf = (userId: number) => t.db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

/** A complete, valid update-user payload for an owner (from its current profile). */
async function validPayload(userId: number, over: Record<string, unknown> = {}) {
  const body = (await get(`/api/edit-user/${userId}`, adminToken)).json();
  const u = body.user;
  return {
    name: u.name, companyname: u.companyname, address: u.address, tel: u.tel, deskcount: u.deskcount,
    qrlink: u.qrlink ?? '', companyengname: u.companyengname ?? '', count: u.count,
    qr_status: u.qr_status, status: u.status, userlevel: u.userlevel, ...over,
  };
}

describeAdminGuard(() => t, [
  ['GET', '/api/view-user'],
  ['GET', '/api/edit-user/1'],
  ['POST', '/api/update-user/1'],
]);

describe('the users routes for an owner', () => {
  it('an owner cannot change its own level through update-user', async () => {
    const owner = await registerOwner(t.app);
    const res = await post(`/api/update-user/${owner.userId}`, { name: 'X', count: 0, qr_status: 1, status: 1, userlevel: '2' }, owner.token);
    expect(res.statusCode).toBe(403);
    expect((await settingsOf(owner.userId)).userlevel).toBe('0');
  });
});

describe('GET /api/view-user', () => {
  it('lists every business account with its profile and e-mail, but no admin', async () => {
    const owner = await registerOwner(t.app, { name: 'Mert Aydın', company: 'Mavi Kafe', address: 'Moda', number: '02161234567' });
    const res = await get('/api/view-user', adminToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    const row = body.users.find((u: any) => u.user_id === owner.userId);
    const s = await settingsOf(owner.userId);
    expect(row).toMatchObject({
      id: s.id, user_id: owner.userId, email: owner.email.toLowerCase(), name: 'Mert Aydın', companyname: 'Mavi Kafe',
      address: 'Moda', city: 0, tel: '02161234567', deskcount: null, qrlink: null, companyengname: null,
      count: 0, qr_status: 1, status: 1, userlevel: '0', product_count: 0, category_count: 0,
    });
    expect(row.created_at).toBe(s.created_at);
    const roles = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    for (const a of roles) expect(body.users.some((u: any) => u.user_id === a.id)).toBe(false);
  });
});

describe('view-user ids', () => {
  it('a business row has id = user_id, even when admin accounts were created between businesses', async () => {
    // the users table shows `id` and links to edit-user/{user_id}: both must name the same business
    await registerOwner(t.app);
    await createAdmin(t.app);
    const owner = await registerOwner(t.app, { name: 'Kaan Er' });
    const body = (await get('/api/view-user', adminToken)).json();
    for (const u of body.users) expect(u.id).toBe(u.user_id);
    const row = body.users.find((u: any) => u.user_id === owner.userId);
    const byId = (await get(`/api/edit-user/${row.id}`, adminToken)).json();
    expect(byId.user).toMatchObject({ user_id: owner.userId, name: 'Kaan Er' });
  });
});

describe('GET /api/edit-user/{id}', () => {
  it('returns the business by its user id', async () => {
    const owner = await registerOwner(t.app, { name: 'Selin Koç' });
    const body = (await get(`/api/edit-user/${owner.userId}`, adminToken)).json();
    expect(body.status).toBe(200);
    expect(body.user).toMatchObject({ user_id: owner.userId, name: 'Selin Koç', userlevel: '0' });
  });

  it('answers body 404 for unknown ids, malformed ids and admin accounts', async () => {
    const admin = await createAdmin(t.app);
    for (const id of ['999999', 'abc', '0', String(admin.userId)]) {
      const res = await get(`/api/edit-user/${id}`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 404, message: 'Kullanıcı bulunamadı.' });
    }
  });
});

describe('POST /api/update-user/{id}', () => {
  it('updates every field and answers with the user', async () => {
    const owner = await registerOwner(t.app);
    const res = await post(`/api/update-user/${owner.userId}`, {
      name: 'Yeni Ad', companyname: 'Çınar Kafe', address: 'Bağdat Cd. 1', tel: '05550001122', deskcount: '12',
      qrlink: 'https://menu.example.com/qr/cinar-kafe', companyengname: 'cinar-kafe', count: '345',
      qr_status: '0', status: '1', userlevel: '1', city: '34',
    }, adminToken);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: 'Kullanıcı bilgileri başarıyla güncellendi.' });
    expect(await settingsOf(owner.userId)).toMatchObject({
      name: 'Yeni Ad', companyname: 'Çınar Kafe', address: 'Bağdat Cd. 1', tel: '05550001122', deskcount: 12,
      qrlink: 'https://menu.example.com/qr/cinar-kafe', companyengname: 'cinar-kafe', count: 345,
      qr_status: 0, status: 1, userlevel: '1', city: 34,
    });
    expect(body.user).toMatchObject({ companyengname: 'cinar-kafe', count: 345, qr_status: 0, userlevel: '1' });
  });

  it('fills an empty qrlink from the public address and the slug', async () => {
    const owner = await registerOwner(t.app);
    const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { companyengname: 'bos-link', qrlink: '' }), adminToken)).json();
    expect(body.status).toBe(200);
    expect((await settingsOf(owner.userId)).qrlink).toBe('http://qr.test/qr/bos-link');
  });

  it('answers 422 "All fields are mandetory" with Turkish errors per field, and changes nothing', async () => {
    const owner = await registerOwner(t.app, { name: 'Değişmeyen' });
    const before = await settingsOf(owner.userId);
    const body = (await post(`/api/update-user/${owner.userId}`, {
      name: '  ', deskcount: -1, city: 99, qrlink: 'ftp://x', companyengname: 'Büyük Harf', count: -5, qr_status: 2, status: 'evet', userlevel: '3',
    }, adminToken)).json();
    expect(body.status).toBe(422);
    expect(body.message).toBe('All fields are mandetory');
    expect(body.errors.name[0]).toBe('Ad alanı zorunludur.');
    expect(body.errors.deskcount[0]).toBe('Masa sayısı 0 veya daha büyük bir tam sayı olmalıdır.');
    expect(body.errors.city[0]).toBe('Geçerli bir şehir seçin.');
    expect(body.errors.qrlink[0]).toMatch(/^QR linki http/);
    expect(body.errors.companyengname[0]).toMatch(/küçük harf/);
    expect(body.errors.count[0]).toBe('Görüntülenme sayısı 0 veya daha büyük bir tam sayı olmalıdır.');
    expect(body.errors.qr_status[0]).toMatch(/Değiştirilemez/);
    expect(body.errors.status[0]).toMatch(/Pasif/);
    expect(body.errors.userlevel[0]).toMatch(/Profesyonel/);
    expect(await settingsOf(owner.userId)).toEqual(before);
  });

  it('requires name, count, qr_status, status and userlevel', async () => {
    const owner = await registerOwner(t.app);
    const body = (await post(`/api/update-user/${owner.userId}`, {}, adminToken)).json();
    expect(body.status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['count', 'name', 'qr_status', 'status', 'userlevel']);
  });

  it('count must be a non-negative integer', async () => {
    const owner = await registerOwner(t.app);
    for (const count of [1.5, '1,5', 'çok', -1]) {
      const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { count }), adminToken)).json();
      expect(body.status).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['count']);
    }
  });

  it('qrlink must end with /qr/ + the slug', async () => {
    const owner = await registerOwner(t.app);
    const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { companyengname: 'link-testi', qrlink: 'https://qr.test/qr/baska' }), adminToken)).json();
    expect(body.status).toBe(422);
    expect(body.errors.qrlink[0]).toBe('QR linki "/qr/link-testi" ile bitmelidir (İngilizce firma adı ile aynı olmalı).');
    expect((await settingsOf(owner.userId)).companyengname).toBeNull();
  });

  it('refuses a slug of another business and an old slug of another business', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    expect((await post(`/api/update-user/${a.userId}`, await validPayload(a.userId, { companyengname: 'ilk-ad', qrlink: '' }), adminToken)).json().status).toBe(200);
    const dup = (await post(`/api/update-user/${b.userId}`, await validPayload(b.userId, { companyengname: 'ilk-ad', qrlink: '' }), adminToken)).json();
    expect(dup.status).toBe(422);
    expect(dup.errors.companyengname[0]).toBe('Bu İngilizce firma adı başka bir işletme tarafından kullanılıyor.');
    // a renames: 'ilk-ad' becomes a's old slug and stays reserved for a's printed QR codes
    expect((await post(`/api/update-user/${a.userId}`, await validPayload(a.userId, { companyengname: 'ikinci-ad', qrlink: '' }), adminToken)).json().status).toBe(200);
    const old = (await post(`/api/update-user/${b.userId}`, await validPayload(b.userId, { companyengname: 'ilk-ad', qrlink: '' }), adminToken)).json();
    expect(old.status).toBe(422);
    expect(old.errors.companyengname[0]).toMatch(/eski menü adresi/);
    expect((await settingsOf(b.userId)).companyengname).toBeNull();
  });

  it('a business address cannot be removed once set', async () => {
    const owner = await registerOwner(t.app);
    await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { companyengname: 'kalici-adres', qrlink: '' }), adminToken);
    const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { companyengname: '', qrlink: '' }), adminToken)).json();
    expect(body.status).toBe(422);
    expect(body.errors.companyengname).toBeDefined();
    expect((await settingsOf(owner.userId)).companyengname).toBe('kalici-adres');
  });

  it('unknown id → body 404 and nothing is written', async () => {
    const res = await post('/api/update-user/987654', { name: 'X', count: 0, qr_status: 1, status: 1, userlevel: '1' }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 404, message: 'Kullanıcı bulunamadı.' });
    const admin = await createAdmin(t.app);
    expect((await post(`/api/update-user/${admin.userId}`, { name: 'X', count: 0, qr_status: 1, status: 1, userlevel: '1' }, adminToken)).json().status).toBe(404);
    expect(await t.db.selectFrom('settings').select('id').where('user_id', '=', admin.userId).executeTakeFirst()).toBeUndefined();
  });
});

describe('effects of update-user', () => {
  it('status 0 (Pasif): the owner cannot sign in and its old token gets HTTP 401; Aktif again lets it in', async () => {
    const owner = await registerOwner(t.app);
    expect((await get('/api/checkingUserAuthenticated', owner.token)).statusCode).toBe(200);
    const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { status: 0 }), adminToken)).json();
    expect(body.status).toBe(200);
    expect((await get('/api/checkingUserAuthenticated', owner.token)).statusCode).toBe(401);
    const tokens = await t.db.selectFrom('access_tokens').select('id').where('user_id', '=', owner.userId).execute();
    expect(tokens).toHaveLength(0);
    const login = (await post('/api/login', { email: owner.email, password: owner.password })).json();
    expect(login.status).toBe(401);
    expect(login.message).toBe('Hesabınız pasif durumdadır. Lütfen yönetici ile iletişime geçin.');
    expect(login.token).toBeUndefined();

    await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { status: 1 }), adminToken);
    const again = (await post('/api/login', { email: owner.email, password: owner.password })).json();
    expect(again.status).toBe(200);
    expect((await get('/api/checkingUserAuthenticated', again.token)).statusCode).toBe(200);
  });

  it('userlevel sets the plan and so the product limit', async () => {
    const owner = await registerOwner(t.app);
    expect(planOf((await settingsOf(owner.userId)).userlevel).productLimit).toBe(30);
    await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { userlevel: '2' }), adminToken);
    expect(planOf((await settingsOf(owner.userId)).userlevel).productLimit).toBe(500);
    await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { userlevel: 1 }), adminToken);
    const s = await settingsOf(owner.userId);
    expect(s.userlevel).toBe('1');
    expect(planOf(s.userlevel).productLimit).toBe(150);
  });

  it('a level change through update-user moves the limit store-product enforces (30 → 150)', async () => {
    const owner = await registerOwner(t.app);
    const category = (await sendForm(t.app, '/api/store-category', owner.token, { name: 'Hepsi' })).json();
    expect(category.status).toBe(200);
    const c = (await t.db.selectFrom('categories').select('id').where('user_id', '=', owner.userId).executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    await t.db
      .insertInto('products')
      .values(Array.from({ length: 30 }, (_, i) => ({ user_id: owner.userId, category_id: c, name: `Ürün ${i}`, description: null, selling_price: 100, original_price: null, allergen: null, image: null, created_at: now, updated_at: now })))
      .execute();
    const store = async () => (await sendForm(t.app, '/api/store-product', owner.token, { category_id: c, name: 'Bir tane daha' })).json();
    expect((await store()).status).toBe(422);
    expect((await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { userlevel: '1' }), adminToken)).json().status).toBe(200);
    expect((await store()).status).toBe(200);
    expect((await get('/api/view-product', owner.token)).json().usage).toMatchObject({ count: 31, limit: 150, plan: 'Standart' });
  });

  it('after a slug change the old menu address answers 301 to the new one; a passive business shows a Turkish page', async () => {
    const owner = await registerOwner(t.app, { name: 'Eda Su', company: 'Su Kafe' });
    const set = async (over: Record<string, unknown>) => (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, over), adminToken)).json();
    expect((await set({ companyengname: 'su-kafe-eski', qrlink: '' })).status).toBe(200);
    expect((await set({ companyengname: 'su-kafe', qrlink: '' })).status).toBe(200);
    for (const [from, to] of [['/qr/su-kafe-eski', '/qr/su-kafe'], ['/qr/su-kafe-eski/category', '/qr/su-kafe/category']]) {
      const res = await t.app.inject({ method: 'GET', url: from });
      expect(res.statusCode, from).toBe(301);
      expect(new URL(res.headers.location as string, 'http://x').pathname).toBe(to);
    }
    expect((await t.app.inject({ method: 'GET', url: '/qr/su-kafe' })).statusCode).toBe(200);

    expect((await set({ status: 0 })).status).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/qr/su-kafe' });
    expect(page.body).toContain('Bu menü şu anda kullanılamıyor');
    expect(page.body).not.toContain('Su Kafe');
  });

  it('a changed slug keeps the old one in slug_redirects; taking an old slug back removes its row', async () => {
    const owner = await registerOwner(t.app);
    const set = async (slug: string) =>
      (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { companyengname: slug, qrlink: `https://qr.test/qr/${slug}` }), adminToken)).json();
    expect((await set('eski-kafe')).status).toBe(200);
    expect(await t.db.selectFrom('slug_redirects').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
    expect((await set('yeni-kafe')).status).toBe(200);
    const rows = await t.db.selectFrom('slug_redirects').select(['old_slug', 'user_id']).where('user_id', '=', owner.userId).execute();
    expect(rows).toEqual([{ old_slug: 'eski-kafe', user_id: owner.userId }]);
    expect(await settingsOf(owner.userId)).toMatchObject({ companyengname: 'yeni-kafe', qrlink: 'https://qr.test/qr/yeni-kafe' });
    // back to the first address: it is current again, 'yeni-kafe' becomes the old one
    expect((await set('eski-kafe')).status).toBe(200);
    const after = await t.db.selectFrom('slug_redirects').select('old_slug').where('user_id', '=', owner.userId).orderBy('old_slug').execute();
    expect(after.map((r) => r.old_slug)).toEqual(['yeni-kafe']);
    // an unchanged slug writes nothing
    expect((await set('eski-kafe')).status).toBe(200);
    expect(await t.db.selectFrom('slug_redirects').select('old_slug').where('user_id', '=', owner.userId).execute()).toHaveLength(1);
  });

  it('two concurrent renames keep both earlier addresses redirecting', async () => {
    const owner = await registerOwner(t.app);
    const payload = async (slug: string) => validPayload(owner.userId, { companyengname: slug, qrlink: '' });
    expect((await post(`/api/update-user/${owner.userId}`, await payload('ilk-adres'), adminToken)).json().status).toBe(200);
    const [b, c] = [await payload('ikinci-adres'), await payload('ucuncu-adres')];
    const results = await Promise.all([post(`/api/update-user/${owner.userId}`, b, adminToken), post(`/api/update-user/${owner.userId}`, c, adminToken)]);
    expect(results.map((r) => r.json().status)).toEqual([200, 200]);
    const current = (await settingsOf(owner.userId)).companyengname!;
    const old = (await t.db.selectFrom('slug_redirects').select('old_slug').where('user_id', '=', owner.userId).execute()).map((r) => r.old_slug).sort();
    expect(['ikinci-adres', 'ucuncu-adres']).toContain(current);
    expect(old).toEqual(['ilk-adres', current === 'ikinci-adres' ? 'ucuncu-adres' : 'ikinci-adres'].sort());
  });
});

describe('POST /api/update-user/{id}: the phone number is a Turkish number (issue 38)', () => {
  it('"12345" is refused with a Turkish error and nothing changes; an empty one is allowed', async () => {
    const owner = await registerOwner(t.app);
    const before = await settingsOf(owner.userId);
    const body = (await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { tel: '12345', name: 'Değişmemeli' }), adminToken)).json();
    expect(body).toMatchObject({ status: 422, errors: { tel: ['Geçerli bir Türkiye telefon numarası girin: 0 veya +90 ile başlayan 10 haneli numara (örneğin 0532 123 45 67).'] } });
    expect(await settingsOf(owner.userId)).toEqual(before);
    expect((await post(`/api/update-user/${owner.userId}`, await validPayload(owner.userId, { tel: '+90 532 444 55 66' }), adminToken)).json().status).toBe(200);
    expect((await settingsOf(owner.userId)).tel).toBe('+90 532 444 55 66');
  });
});
