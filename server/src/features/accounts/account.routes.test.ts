import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MSG, ACCOUNT_MSG, FIELD_MSG } from '@qrmenu/contract';
import fs from 'node:fs';
import os from 'node:os';
import { bearer, buildTestApp, isPostgres, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';
import { dataExportThreads } from './data-export-file.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';
import { jpeg } from '../../../test/owner-helpers.js';
import { startSmtp, tokenIn, type TestSmtp } from '../../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const alive = async (token: string) => (await t.app.inject({ url: '/api/checkingUserAuthenticated', headers: bearer(token) })).statusCode === 200;

describe('GET /api/account, POST /api/update-account', () => {
  it("shows the owner's own account and changes the name (account and profile)", async () => {
    const o = await registerOwner(t.app);
    const res = await t.app.inject({ url: '/api/account', headers: bearer(o.token) });
    expect(res.json().account).toMatchObject({ id: o.userId, name: 'Ayşe Yılmaz', email: o.email, email_verified: false });
    const up = await post('/api/update-account', o.token, { name: '  Ayşe Demir ' });
    expect(up.json()).toMatchObject({ status: 200, message: ACCOUNT_MSG.nameUpdated, account: { name: 'Ayşe Demir' } });
    const s = await t.db.selectFrom('settings').select('name').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    expect(s.name).toBe('Ayşe Demir');
    const bad = await post('/api/update-account', o.token, { name: ' ' });
    expect(bad.json()).toMatchObject({ status: 422, errors: { name: [FIELD_MSG.nameRequired] } });
  });
});

describe('POST /api/change-email', () => {
  it('needs the current password (body 422, nothing changed)', async () => {
    const o = await registerOwner(t.app);
    const res = await post('/api/change-email', o.token, { email: uniqueEmail('yeni'), current_password: 'yanlis-sifre' });
    expect(res.json()).toMatchObject({ status: 422, errors: { current_password: [ACCOUNT_FIELD_MSG.currentPasswordWrong] } });
    expect((await t.app.inject({ url: '/api/account', headers: bearer(o.token) })).json().account.email).toBe(o.email);
  });

  it('refuses an address another account has', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const res = await post('/api/change-email', a.token, { email: b.email.toUpperCase(), current_password: a.password });
    expect(res.json()).toMatchObject({ status: 422, errors: { email: [FIELD_MSG.emailTaken] } });
  });

  it('changes the address: unverified until the new link is opened, a notice to the old address, sign-in with the new one', async () => {
    const o = await registerOwner(t.app);
    await t.app.mailer.idle();
    await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: tokenIn(smtp.to(o.email)[0]) } });
    const email = uniqueEmail('yeni');
    const res = await post('/api/change-email', o.token, { email, current_password: o.password });
    expect(res.json()).toMatchObject({ status: 200, message: ACCOUNT_MSG.emailChanged, account: { email, email_verified: false } });
    await t.app.mailer.idle();
    const notice = smtp.to(o.email).find((m) => m.subject === 'QR Menü: e-posta adresiniz değiştirildi');
    expect(notice?.text).toContain(email);
    const [verify] = smtp.to(email);
    expect(verify?.subject).toBe('QR Menü: e-posta adresinizi doğrulayın');
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: tokenIn(verify) } })).json().status).toBe(200);
    expect((await t.app.inject({ url: '/api/account', headers: bearer(o.token) })).json().account.email_verified).toBe(true);
    expect((await login(email, o.password)).json().status).toBe(200);
    expect((await login(o.email, o.password)).json().status).toBe(401);
    // the old address is free again
    expect((await registerOwner(t.app, { email: o.email })).userId).toBeGreaterThan(0);
  });
});

describe('POST /api/change-password', () => {
  it('wrong current password: body 422, password unchanged', async () => {
    const o = await registerOwner(t.app);
    const res = await post('/api/change-password', o.token, { current_password: 'yanlis', password: 'yeni-sifre-123', password_confirmation: 'yeni-sifre-123' });
    expect(res.json()).toMatchObject({ status: 422, errors: { current_password: [ACCOUNT_FIELD_MSG.currentPasswordWrong] } });
    expect((await login(o.email, o.password)).json().status).toBe(200);
  });

  it('validates the new password and its confirmation', async () => {
    const o = await registerOwner(t.app);
    const res = await post('/api/change-password', o.token, { current_password: o.password, password: 'kisa', password_confirmation: 'baska' });
    expect(res.json().status).toBe(422);
    expect(res.json().errors.password).toEqual([FIELD_MSG.passwordMin]);
    expect(res.json().errors.password_confirmation).toEqual([ACCOUNT_FIELD_MSG.passwordConfirmation]);
  });

  it('signs out every other session, keeps this one, and mails a notice', async () => {
    const o = await registerOwner(t.app);
    const other = (await login(o.email, o.password)).json().token;
    const res = await post('/api/change-password', o.token, { current_password: o.password, password: 'yeni-sifre-123', password_confirmation: 'yeni-sifre-123' });
    expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.passwordChanged });
    expect(await alive(o.token)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await login(o.email, 'yeni-sifre-123')).json().status).toBe(200);
    await t.app.mailer.idle();
    expect(smtp.to(o.email).some((m) => m.subject === 'QR Menü: şifreniz değiştirildi')).toBe(true);
  });
});

describe('GET /api/export-my-data', () => {
  it("a ZIP of the owner's data and photos: nothing of another account, no password or token hash", async () => {
    const a = await createBusiness(t.app, 'Aktarım Kafe');
    const cat = await addCategory(t.app, a.token, { name: 'Kahvaltı' }, await jpeg(120, 80));
    await addProduct(t.app, a.token, cat.id, { name: 'Menemen', selling_price: '120.50' }, await jpeg(90, 60));
    await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: 'Ayşe', mail: a.email, tel: '05321234567', message: 'Merhaba, sorum var.' } });
    const b = await createBusiness(t.app, 'Başka Kafe');
    const bc = await addCategory(t.app, b.token, { name: 'GİZLİ-B-KATEGORİ' }, await jpeg(50, 50));
    await addProduct(t.app, b.token, bc.id, { name: 'GİZLİ-B-ÜRÜN', selling_price: '5' });

    const res = await t.app.inject({ url: '/api/export-my-data', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="qr-menu-verilerim-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'settings.json', 'categories.json', 'products.json', 'messages.json']));
    const read = (n: string) => JSON.parse(strFromU8(files[n]));
    expect(read('account.json')).toMatchObject({ id: a.userId, email: a.email, name: 'Ayşe Yılmaz', email_verified: false });
    expect(read('settings.json')).toMatchObject({ user_id: a.userId, companyname: 'Aktarım Kafe', companyengname: a.slug });
    expect(read('categories.json').map((c: { name: string }) => c.name)).toEqual(['Kahvaltı']);
    expect(read('products.json')).toEqual([expect.objectContaining({ name: 'Menemen', selling_price: 120.5, user_id: a.userId })]);
    expect(read('messages.json').map((m: { message: string }) => m.message)).toEqual(['Merhaba, sorum var.']);
    const photos = names.filter((n) => /^photos\/[0-9a-f]{32}\.webp$/.test(n));
    expect(photos).toHaveLength(2);
    for (const p of photos) expect(strFromU8(files[p].subarray(8, 12))).toBe('WEBP');

    const all = names.map((n) => strFromU8(files[n])).join('\n');
    expect(all).not.toContain('GİZLİ-B');
    expect(all).not.toContain(b.email);
    // the menu's Wi-Fi password (`wifi_password`, shown on the menu) is business data, not an account secret
    expect(all).not.toMatch(/(?<!wifi_)password|token_hash|\$argon2/);
    for (const r of Object.keys(files).filter((n) => n.endsWith('.json'))) {
      for (const row of [read(r)].flat()) if (row && 'user_id' in row) expect(row.user_id).toBe(a.userId);
    }
  });

  it('on SQLite the archive is made in a worker thread (its own connection), leaving no file of the owner behind; on PostgreSQL here', async () => {
    const a = await createBusiness(t.app, 'İşçi Kafe');
    const cat = await addCategory(t.app, a.token, { name: 'Tatlılar' });
    await addProduct(t.app, a.token, cat.id, { name: 'Künefe', selling_price: '180' }, await jpeg(64, 48));
    const leftovers = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('qrmenu-export-'));
    const before = leftovers();
    const res = await t.app.inject({ url: '/api/export-my-data', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(JSON.parse(strFromU8(files['products.json'])).map((p: { name: string }) => p.name)).toEqual(['Künefe']);
    expect(Object.keys(files).filter((n) => n.startsWith('photos/'))).toHaveLength(1);
    expect(dataExportThreads()).toBe(isPostgres() ? 0 : 1);
    expect(leftovers()).toEqual(before);
  });

  it('streams a large history page by page: every row once, the same JSON as one stringify, the loop free between pages', async () => {
    const a = await createBusiness(t.app, 'Geçmiş Kafe');
    const cat = await addCategory(t.app, a.token, { name: 'İçecekler' });
    const p = await addProduct(t.app, a.token, cat.id, { name: 'Çay', selling_price: '20' });
    const N = 2_345; // more than nine pages of 250
    const rows = Array.from({ length: N }, (_, i) => ({ user_id: a.userId, product_id: p.id, old_selling: 2000 + i, new_selling: 2001 + i, old_original: null, new_original: null, source: 'bulk' as const, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
    for (let i = 0; i < N; i += 200) await t.db.insertInto('price_history').values(rows.slice(i, i + 200)).execute();
    const expected = (await t.db.selectFrom('price_history').selectAll().where('user_id', '=', a.userId).orderBy('id').execute()); // kuruş, as stored

    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const res = await t.app.inject({ url: '/api/export-my-data', headers: bearer(a.token) });
    clearInterval(timer);
    expect(res.statusCode).toBe(200);
    expect(ticks).toBeGreaterThan(9); // timers ran between the pages while the archive was being made
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const text = strFromU8(files['price_history.json']);
    expect(text).toBe(JSON.stringify(expected, null, 2) + '\n');
    expect(JSON.parse(text)).toHaveLength(N);
    // an empty table is an empty array, as JSON.stringify writes it
    const empty = Object.keys(files).filter((n) => n.endsWith('.json') && strFromU8(files[n]).trim() === '[]');
    expect(empty.length).toBeGreaterThan(0);
    for (const n of empty) expect(strFromU8(files[n])).toBe('[]\n');
  });
});
