/**
 * KVKK erasure (POST /api/delete-account, DELETE /api/admin/users/{id}): after it no table holds a
 * row or a value of the owner, no photo file of the owner is left, the menu answers 404 at once, and
 * the slug and the e-mail address are free. Runs on SQLite and (DATABASE_URL) on PostgreSQL.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MSG, ACCOUNT_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';
import { jpeg, uploadFiles } from '../../../test/owner-helpers.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;
let admin: { token: string; userId: number };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url, forgotPerIp: 1000 } });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A business with everything an owner can leave behind: photos, menu, views, old address, sessions, links, messages, audit. */
async function fullBusiness(name: string) {
  const o = await createBusiness(t.app, name);
  const c = await addCategory(t.app, o.token, { name: `${name} Kahvaltı` }, await jpeg(80, 60));
  await addProduct(t.app, o.token, c.id, { name: `${name} Menemen`, selling_price: '120' }, await jpeg(60, 40));
  await addProduct(t.app, o.token, c.id, { name: `${name} Çay`, selling_price: '15' });
  await t.db.insertInto('daily_views').values({ user_id: o.userId, day: '2026-11-20', count: 7 }).execute();
  const newSlug = `${o.slug}-yeni`;
  await adminUpdateBusiness(t.app, admin.token, o.userId, { companyengname: newSlug, qrlink: `http://qr.test/qr/${newSlug}`, address: `${name} adresi` });
  await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: o.email, password: o.password } });
  await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: o.email } });
  await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: name, mail: o.email, tel: '05321234567', message: `${name} mesajı` } });
  await t.app.mailer.idle();
  const files = uploadFiles(t.config.dataDir);
  return { ...o, oldSlug: o.slug, slug: newSlug, categoryId: c.id, files };
}

/** Every row of every table that names the owner by id or holds one of its values. */
async function traces(userId: number, values: string[]): Promise<string[]> {
  const any = t.db as unknown as Kysely<any>;
  const found: string[] = [];
  for (const table of await any.introspection.getTables()) {
    if (table.name.startsWith('kysely_')) continue;
    const rows = (await any.selectFrom(table.name).selectAll().execute()) as Array<Record<string, unknown>>;
    for (const row of rows) {
      if (table.name === 'users' && row.id === userId) found.push(`users#${userId}`);
      if (row.user_id === userId) found.push(`${table.name}.user_id`);
      const text = JSON.stringify(row);
      for (const v of values) if (text.toLocaleLowerCase('tr').includes(v.toLocaleLowerCase('tr'))) found.push(`${table.name}: ${v}`);
    }
  }
  return found;
}

async function expectMenuGone(slug: string, oldSlug: string) {
  for (const url of [`/api/getCategory/${slug}`, `/qr/${slug}/category`, `/api/getCategory/${oldSlug}`]) {
    const res = await t.app.inject({ url });
    expect(res.statusCode === 404 || res.json?.().status === 404, `${url}: ${res.statusCode}`).toBe(true);
  }
}

describe('POST /api/delete-account', () => {
  it('a wrong password is body 422 and deletes nothing', async () => {
    const o = await fullBusiness('Yanlış Şifre');
    const res = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(o.token), payload: { password: 'yanlis-sifre' } });
    expect(res.json()).toMatchObject({ status: 422, errors: { password: [ACCOUNT_FIELD_MSG.passwordWrong] } });
    expect((await traces(o.userId, [])).length).toBeGreaterThan(5);
    expect(uploadFiles(t.config.dataDir)).toEqual(o.files);
    expect((await t.app.inject({ url: `/api/getCategory/${o.slug}` })).json().status).toBe(200);
  });

  it('erases the account and every row, value and photo of it; the menu is 404 at once; slug and e-mail are free', async () => {
    const other = await fullBusiness('Komşu Kafe');
    const o = await fullBusiness('Silinecek Lokanta');
    const mine = uploadFiles(t.config.dataDir).filter((f) => !other.files.includes(f));
    expect(mine.length).toBe(8); // two photos, four sizes each
    // the menu is cached before the deletion
    expect((await t.app.inject({ url: `/api/getCategory/${o.slug}` })).json().status).toBe(200);
    expect((await t.app.inject({ url: `/qr/${o.slug}/category` })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(o.token), payload: { password: o.password } });
    expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.accountDeleted });

    expect(await traces(o.userId, [o.email, 'Silinecek Lokanta', 'Silinecek Lokanta adresi'])).toEqual([]);
    expect(uploadFiles(t.config.dataDir).filter((f) => mine.includes(f))).toEqual([]);
    await expectMenuGone(o.slug, o.oldSlug);
    expect((await t.app.inject({ url: '/api/checkingUserAuthenticated', headers: bearer(o.token) })).statusCode).toBe(401);
    // the other business is untouched
    expect((await t.app.inject({ url: `/api/getCategory/${other.slug}` })).json().status).toBe(200);
    expect(uploadFiles(t.config.dataDir)).toEqual(expect.arrayContaining(other.files));
    // a confirmation mail went to the address
    await t.app.mailer.idle();
    expect(smtp.to(o.email).some((m) => m.subject === 'QR Menü: hesabınız silindi')).toBe(true);
    // the e-mail and both addresses of the menu are free again
    const again = await registerOwner(t.app, { email: o.email });
    await adminUpdateBusiness(t.app, admin.token, again.userId, { companyengname: o.slug, qrlink: `http://qr.test/qr/${o.slug}` });
    const third = await registerOwner(t.app);
    await adminUpdateBusiness(t.app, admin.token, third.userId, { companyengname: o.oldSlug, qrlink: `http://qr.test/qr/${o.oldSlug}` });
  });

  it('an admin account cannot use it (HTTP 403)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(admin.token), payload: { password: 'yonetici-sifre-1' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('erases a business the same way and records it in the audit trail (counts only)', async () => {
    const before = uploadFiles(t.config.dataDir);
    const o = await fullBusiness('Yönetici Siler');
    const mine = o.files.filter((f) => !before.includes(f));
    expect(mine).toHaveLength(8);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${o.userId}`, headers: bearer(admin.token) });
    expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.userDeleted });
    expect(await traces(o.userId, [o.email, 'Yönetici Siler'])).toEqual([]);
    expect(uploadFiles(t.config.dataDir).filter((f) => mine.includes(f))).toEqual([]);
    await expectMenuGone(o.slug, o.oldSlug);
    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: bearer(admin.token) })).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'delete-user', target_user_id: o.userId, admin_id: admin.userId,
      changes: { account: [true, null], categories: [1, 0], products: [2, 0] },
    });
    // the earlier update-user entry keeps who, when and which fields, without the values
    const update = audit.entries.find((e: { action: string; target_user_id: number }) => e.action === 'update-user' && e.target_user_id === o.userId);
    expect(update.changes.address).toEqual([null, null]);
    await t.app.mailer.idle();
    expect(smtp.to(o.email).some((m) => m.subject === 'QR Menü: hesabınız silindi' && m.text?.includes('yönetici'))).toBe(true);
  });

  it('never deletes an admin account, and an unknown id is body 404', async () => {
    const other = await createAdmin(t.app);
    for (const id of [other.userId, admin.userId, 987654]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: bearer(admin.token) });
      expect(res.json().status).toBe(404);
    }
    expect(await t.db.selectFrom('users').select('id').where('id', '=', other.userId).executeTakeFirst()).toBeDefined();
  });
});
