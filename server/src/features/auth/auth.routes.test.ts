import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens.repository.js';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /sanctum/csrf-cookie and /api/health', () => {
  it('answers 204 and {status:200}', async () => {
    expect((await get('/sanctum/csrf-cookie')).statusCode).toBe(204);
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(200);
  });
});

describe('POST /api/register', () => {
  it('creates an owner with an empty business profile and returns a token', async () => {
    const email = uniqueEmail();
    const res = await post('/api/register', { name: 'Ali Veli', email, password: 'uzun-sifre', company: 'Çınar Kafe', address: 'Kadıköy', number: '05551112233' });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ status: 200, username: 'Ali Veli' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.message).toBeTruthy();
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.role).toBe('user');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const profile = await t.db.selectFrom('settings').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ companyname: 'Çınar Kafe', address: 'Kadıköy', tel: '05551112233', city: 0, status: 1, userlevel: '0', qrlink: null });
  });

  it('requires name, a valid e-mail and a password of at least 8 characters', async () => {
    const before = await t.db.selectFrom('users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await post('/api/register', { name: '  ', email: 'not-an-email', password: 'kisa' });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe(422);
    expect(body.validation_errors.name[0]).toBe('Ad alanı zorunludur.');
    expect(body.validation_errors.email[0]).toBe('Geçerli bir e-posta adresi girin.');
    expect(body.validation_errors.password[0]).toBe('Şifre en az 8 karakter olmalıdır.');
    const after = await t.db.selectFrom('users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers missing fields in Turkish', async () => {
    const body = (await post('/api/register', {})).json();
    expect(body.status).toBe(422);
    expect(Object.keys(body.validation_errors).sort()).toEqual(['email', 'name', 'password']);
    expect(body.validation_errors.email[0]).toBe('E-posta adresi zorunludur.');
  });

  it('refuses an e-mail already registered in another letter case', async () => {
    const email = uniqueEmail('dup');
    await registerOwner(t.app, { email });
    const body = (await post('/api/register', { name: 'Başka', email: email.toUpperCase(), password: 'uzun-sifre' })).json();
    expect(body.status).toBe(422);
    expect(body.validation_errors.email[0]).toBe('Bu e-posta adresi ile kayıtlı bir hesap zaten var.');
    const n = await t.db.selectFrom('users').select(t.db.fn.countAll().as('n')).where('email', '=', email).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });
});

describe('POST /api/login', () => {
  it('signs in with any letter case of the e-mail and returns role and token', async () => {
    const { email, password } = await registerOwner(t.app, { name: 'Zeynep Şahin' });
    const body = (await post('/api/login', { email: email.toUpperCase(), password })).json();
    expect(body).toMatchObject({ status: 200, username: 'Zeynep Şahin', role: 'user' });
    expect(body.token).toBeTruthy();
    const stored = await t.db.selectFrom('access_tokens').select(['token_hash', 'expires_at']).where('token_hash', '=', hashToken(body.token)).executeTakeFirst();
    expect(stored).toBeTruthy();
    const days = (Date.parse(stored!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    // the token itself is nowhere in the database
    const raw = await t.db.selectFrom('access_tokens').select('token_hash').where('token_hash', '=', body.token).executeTakeFirst();
    expect(raw).toBeUndefined();
  });

  it('gives the same 401 answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerOwner(t.app);
    const wrong = await post('/api/login', { email, password: 'yanlis-sifre' });
    const unknown = await post('/api/login', { email: uniqueEmail('nobody'), password: 'yanlis-sifre' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ status: 401, message: 'E-posta adresi veya şifre hatalı.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('returns validation_errors for invalid input', async () => {
    const body = (await post('/api/login', { email: 'x', password: '' })).json();
    expect(body.status).toBe(422);
    expect(body.validation_errors.email).toBeTruthy();
    expect(body.validation_errors.password[0]).toBe('Şifre zorunludur.');
  });

  it('signs in an admin with role admin', async () => {
    const { email, password } = await createAdmin(t.app);
    const body = (await post('/api/login', { email, password })).json();
    expect(body).toMatchObject({ status: 200, role: 'admin' });
  });

  it('refuses a passive account with a Turkish message', async () => {
    const { email, password, userId } = await registerOwner(t.app);
    await t.db.updateTable('settings').set({ status: 0 }).where('user_id', '=', userId).execute();
    const body = (await post('/api/login', { email, password })).json();
    expect(body).toEqual({ status: 401, message: 'Hesabınız pasif durumdadır. Lütfen yönetici ile iletişime geçin.' });
  });
});

describe('GET /api/checkingUserAuthenticated', () => {
  it('should require authentication', async () => {
    const res = await get('/api/checkingUserAuthenticated');
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
    expect((await get('/api/checkingUserAuthenticated', bearer('nonsense'))).statusCode).toBe(401);
  });
  it('returns the role for an owner and for an admin', async () => {
    const owner = await registerOwner(t.app);
    const admin = await createAdmin(t.app);
    expect((await get('/api/checkingUserAuthenticated', bearer(owner.token))).json()).toMatchObject({ status: 200, role: 'user' });
    expect((await get('/api/checkingUserAuthenticated', bearer(admin.token))).json()).toMatchObject({ status: 200, role: 'admin' });
  });
  it('refuses an expired token', async () => {
    const owner = await registerOwner(t.app);
    await t.db.updateTable('access_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(owner.token)).execute();
    expect((await get('/api/checkingUserAuthenticated', bearer(owner.token))).statusCode).toBe(401);
  });
});

describe('GET /api/checkingAdminAuthenticated', () => {
  it('should require authentication', async () => {
    expect((await get('/api/checkingAdminAuthenticated')).statusCode).toBe(401);
  });
  it('answers 403 to an owner and 200 with role to an admin', async () => {
    const owner = await registerOwner(t.app);
    const admin = await createAdmin(t.app);
    const res = await get('/api/checkingAdminAuthenticated', bearer(owner.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(403);
    expect((await get('/api/checkingAdminAuthenticated', bearer(admin.token))).json()).toMatchObject({ status: 200, role: 'admin' });
  });
});

describe('POST /api/logout', () => {
  it('should require authentication', async () => {
    expect((await post('/api/logout', {})).statusCode).toBe(401);
  });
  it('revokes the token: it then gets 401 everywhere, other sessions live on', async () => {
    const owner = await registerOwner(t.app);
    const other = (await post('/api/login', { email: owner.email, password: owner.password })).json().token;
    const res = await post('/api/logout', {}, bearer(owner.token));
    expect(res.json()).toEqual({ status: 200, message: 'Başarıyla Çıkış Yapıldı' });
    expect((await get('/api/checkingUserAuthenticated', bearer(owner.token))).statusCode).toBe(401);
    expect((await post('/api/logout', {}, bearer(owner.token))).statusCode).toBe(401);
    expect((await get('/api/checkingUserAuthenticated', bearer(other))).statusCode).toBe(200);
  });
  it('revokes the token also when the client sends JSON headers and no body', async () => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { ...bearer(owner.token), 'content-type': 'application/json', accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Başarıyla Çıkış Yapıldı' });
    expect((await get('/api/checkingUserAuthenticated', bearer(owner.token))).statusCode).toBe(401);
  });
  it('an empty JSON body without a token is still HTTP 401, not a parse error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('transport errors', () => {
  it('unknown /api path → HTTP 404 JSON in Turkish', async () => {
    const res = await get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'İstenen adres bulunamadı.' });
  });
  it('an empty JSON body on sign-in is a validation answer, not a parse error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 422, validation_errors: { email: ['E-posta adresi zorunludur.'], password: ['Şifre zorunludur.'] } });
  });
  it('malformed JSON → HTTP 400 with a Turkish message and no internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'İstek gövdesi okunamadı. Lütfen formu yeniden gönderin.' });
  });
  it('a body over the limit → HTTP 413', async () => {
    const res = await post('/api/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
  });
});
