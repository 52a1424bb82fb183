import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard, type GuardedRoute } from '../../../test/admin-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdmin(t.app);
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

const ROUTES: GuardedRoute[] = [
  ['GET', '/api/admin/account'],
  ['POST', '/api/admin/account'],
  ['POST', '/api/admin/password'],
];

describeAdminGuard(() => t, ROUTES);

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
