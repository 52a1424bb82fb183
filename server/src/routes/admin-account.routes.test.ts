import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istanbulDay, istanbulMonthStart } from '@qrmenu/contract';
import { nowIso } from '../db/schema.js';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../../test/helpers.js';

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

/** Menu data is created by the owner area; these tests insert it directly to read it back. */
async function addCategory(userId: number, name: string, status = '1') {
  const now = nowIso();
  const { id } = await t.db.insertInto('categories').values({ user_id: userId, name, description: null, image: null, status, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return id;
}
async function addProduct(userId: number, categoryId: number, name: string, kurus: number | null, status = '1') {
  const now = nowIso();
  const { id } = await t.db
    .insertInto('products')
    .values({ user_id: userId, category_id: categoryId, name, description: null, selling_price: kurus, original_price: null, allergen: null, image: null, status, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
async function addMessage(name: string, createdAt: string, readAt: string | null = null) {
  const { id } = await t.db
    .insertInto('messages')
    .values({ name, surname: null, companyname: null, mail: 'a@b.co', tel: '0555', message: `${name} mesajı`, read_at: readAt, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ROUTES: Array<[string, string]> = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/categories'],
  ['GET', '/api/admin/products'],
  ['GET', '/api/admin/messages'],
  ['POST', '/api/admin/messages/1/read'],
  ['POST', '/api/admin/messages/1/unread'],
  ['GET', '/api/admin/account'],
  ['POST', '/api/admin/account'],
  ['POST', '/api/admin/password'],
];

describe('admin guard on /api/admin/…', () => {
  it.each(ROUTES)('%s %s: no token → HTTP 401, owner token → HTTP 403', async (method, url) => {
    const owner = await registerOwner(t.app);
    const payload = method === 'POST' ? {} : undefined;
    expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: 'Bearer yanlis-token' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: method as 'GET', url, payload, headers: bearer(owner.token) })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/categories and /api/admin/products', () => {
  it('lists every business’s categories and products with business and category names, prices in TL', async () => {
    const a = await registerOwner(t.app, { company: 'Ada Kafe' });
    const b = await registerOwner(t.app, { name: 'Bora Şen' });
    const ca = await addCategory(a.userId, 'Tatlılar');
    const cb = await addCategory(b.userId, 'İçecekler', '0');
    const pa = await addProduct(a.userId, ca, 'Künefe', 12550);
    await addProduct(b.userId, cb, 'Ayran', null, '0');

    const cats = (await get('/api/admin/categories', adminToken)).json();
    expect(cats.status).toBe(200);
    expect(cats.categories.find((c: any) => c.id === ca)).toMatchObject({ name: 'Tatlılar', user_id: a.userId, companyname: 'Ada Kafe', status: '1', product_count: 1 });
    // a business without a company name shows its owner's name
    expect(cats.categories.find((c: any) => c.id === cb)).toMatchObject({ name: 'İçecekler', companyname: 'Bora Şen', owner_name: 'Bora Şen', status: '0' });

    const prods = (await get('/api/admin/products', adminToken)).json();
    expect(prods.status).toBe(200);
    expect(prods.products.find((p: any) => p.id === pa)).toMatchObject({ name: 'Künefe', selling_price: 125.5, category: { name: 'Tatlılar' }, category_id: ca, companyname: 'Ada Kafe' });
    expect(prods.products.find((p: any) => p.name === 'Ayran')).toMatchObject({ selling_price: null, status: '0', companyname: 'Bora Şen' });
  });
});

describe('GET /api/admin/messages, POST /api/admin/messages/{id}/read|unread', () => {
  it('lists newest first with the read state and marks read/unread', async () => {
    const older = await addMessage('Eski', '2026-01-01T10:00:00.000Z');
    const newer = await addMessage('Yeni', '2026-02-01T10:00:00.000Z');
    const read = await addMessage('Okunmuş', '2026-01-15T10:00:00.000Z', '2026-01-16T10:00:00.000Z');
    let body = (await get('/api/admin/messages', adminToken)).json();
    expect(body.status).toBe(200);
    const ids = body.messages.map((m: any) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(read));
    expect(ids.indexOf(read)).toBeLessThan(ids.indexOf(older));
    expect(body.messages.find((m: any) => m.id === read)).toMatchObject({ read: true, message: 'Okunmuş mesajı' });
    const unreadBefore = body.unread;
    expect(unreadBefore).toBe(body.messages.filter((m: any) => !m.read).length);

    const r = (await post(`/api/admin/messages/${older}/read`, {}, adminToken)).json();
    expect(r).toMatchObject({ status: 200, message: 'Mesaj okundu olarak işaretlendi.', unread: unreadBefore - 1 });
    body = (await get('/api/admin/messages', adminToken)).json();
    expect(body.messages.find((m: any) => m.id === older).read).toBe(true);

    const u = (await post(`/api/admin/messages/${older}/unread`, {}, adminToken)).json();
    expect(u).toMatchObject({ status: 200, unread: unreadBefore });
    expect((await t.db.selectFrom('messages').select('read_at').where('id', '=', older).executeTakeFirstOrThrow()).read_at).toBeNull();

    expect((await post('/api/admin/messages/999999/read', {}, adminToken)).json()).toMatchObject({ status: 404, message: 'Mesaj bulunamadı.' });
    expect((await post('/api/admin/messages/abc/read', {}, adminToken)).json().status).toBe(404);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts businesses per plan and status, products, views this month, over-quota businesses and unread messages', async () => {
    const before = (await get('/api/admin/dashboard', adminToken)).json().dashboard;
    const std = await registerOwner(t.app, { company: 'Kota Aşan' });
    const passive = await registerOwner(t.app);
    await t.db.updateTable('settings').set({ userlevel: '1', count: 12_000 }).where('user_id', '=', std.userId).execute();
    await t.db.updateTable('settings').set({ status: 0, userlevel: '2' }).where('user_id', '=', passive.userId).execute();
    const cat = await addCategory(std.userId, 'Kahvaltı');
    await addProduct(std.userId, cat, 'Menemen', 9000);
    await addProduct(std.userId, cat, 'Sucuklu', 11000, '0');
    const today = istanbulDay();
    await t.db.insertInto('daily_views').values({ user_id: std.userId, day: today, count: 10_001 }).execute();
    // before this month: not counted this month
    await t.db.insertInto('daily_views').values({ user_id: passive.userId, day: '2020-01-01', count: 50 }).execute();
    await addMessage('Okunmamış', nowIso());

    const res = await get('/api/admin/dashboard', adminToken);
    expect(res.statusCode).toBe(200);
    const d = res.json().dashboard;
    expect(d.businesses.total).toBe(before.businesses.total + 2);
    expect(d.businesses.active).toBe(before.businesses.active + 1);
    expect(d.businesses.passive).toBe(before.businesses.passive + 1);
    expect(d.businesses.byPlan['1']).toBe(before.businesses.byPlan['1'] + 1);
    expect(d.businesses.byPlan['2']).toBe(before.businesses.byPlan['2'] + 1);
    expect(d.products.total).toBe(before.products.total + 2);
    expect(d.products.active).toBe(before.products.active + 1);
    expect(d.categories.total).toBe(before.categories.total + 1);
    expect(d.views.total).toBe(before.views.total + 12_000);
    expect(d.views.thisMonth).toBe(before.views.thisMonth + 10_001);
    expect(d.views.monthStart).toBe(istanbulMonthStart());
    expect(d.views.daily).toHaveLength(30);
    expect(d.views.daily.at(-1)).toEqual({ day: today, count: before.views.daily.at(-1).count + 10_001 });
    expect(d.overQuota).toContainEqual(expect.objectContaining({ user_id: std.userId, companyname: 'Kota Aşan', views: 10_001, limit: 10_000 }));
    expect(d.unreadMessages).toBe(before.unreadMessages + 1);
    expect(d.newest[0].user_id).toBe(passive.userId);
    expect(d.newest.length).toBeLessThanOrEqual(5);
  });
});

describe('GET/POST /api/admin/account', () => {
  it('reads and updates the admin’s own name and e-mail (normalised, unique)', async () => {
    const admin = await createAdmin(t.app);
    const read = (await get('/api/admin/account', admin.token)).json();
    expect(read).toMatchObject({ status: 200, account: { id: admin.userId, name: 'Yönetici', email: admin.email } });

    const email = uniqueEmail('yeni');
    const upd = (await post('/api/admin/account', { name: 'Baş Yönetici', email: `  ${email.toUpperCase()} ` }, admin.token)).json();
    expect(upd).toMatchObject({ status: 200, message: 'Hesap bilgileriniz güncellendi.', account: { name: 'Baş Yönetici', email } });
    expect((await t.db.selectFrom('users').select(['name', 'email']).where('id', '=', admin.userId).executeTakeFirstOrThrow())).toEqual({ name: 'Baş Yönetici', email });

    const owner = await registerOwner(t.app);
    const taken = (await post('/api/admin/account', { name: 'X', email: owner.email }, admin.token)).json();
    expect(taken.status).toBe(422);
    expect(taken.message).toBe('All fields are mandetory');
    expect(taken.errors.email[0]).toBe('Bu e-posta adresi ile kayıtlı bir hesap zaten var.');

    const bad = (await post('/api/admin/account', { name: '', email: 'olmaz' }, admin.token)).json();
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors).sort()).toEqual(['email', 'name']);
    expect((await t.db.selectFrom('users').select('email').where('id', '=', admin.userId).executeTakeFirstOrThrow()).email).toBe(email);
  });
});

describe('POST /api/admin/password', () => {
  it('requires the current password and at least 8 characters', async () => {
    const admin = await createAdmin(t.app);
    const wrong = (await post('/api/admin/password', { current_password: 'yanlis-sifre', password: 'yepyeni-sifre' }, admin.token)).json();
    expect(wrong).toMatchObject({ status: 422, message: 'All fields are mandetory' });
    expect(wrong.errors.current_password[0]).toBe('Mevcut şifreniz hatalı.');
    const short = (await post('/api/admin/password', { current_password: admin.password, password: 'kisa' }, admin.token)).json();
    expect(short.status).toBe(422);
    expect(short.errors.password[0]).toBe('Şifre en az 8 karakter olmalıdır.');
    const missing = (await post('/api/admin/password', {}, admin.token)).json();
    expect(Object.keys(missing.errors).sort()).toEqual(['current_password', 'password']);
    // still the old password
    expect((await post('/api/login', { email: admin.email, password: admin.password })).json().status).toBe(200);
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    const admin = await createAdmin(t.app);
    const other = (await post('/api/login', { email: admin.email, password: admin.password })).json().token;
    expect((await get('/api/admin/account', other)).statusCode).toBe(200);
    const res = (await post('/api/admin/password', { current_password: admin.password, password: 'yepyeni-sifre' }, admin.token)).json();
    expect(res).toMatchObject({ status: 200, message: 'Şifreniz değiştirildi. Diğer tüm oturumlarınız kapatıldı.' });
    expect((await get('/api/admin/account', other)).statusCode).toBe(401);
    expect((await get('/api/admin/account', admin.token)).statusCode).toBe(200);
    expect((await post('/api/login', { email: admin.email, password: admin.password })).json().status).toBe(401);
    expect((await post('/api/login', { email: admin.email, password: 'yepyeni-sifre' })).json().status).toBe(200);
  });
});
