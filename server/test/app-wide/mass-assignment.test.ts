/**
 * Mass assignment: fields a caller must not set — role, user_id, userlevel, count,
 * status, qrlink, companyengname, qr_status on owner routes; id and created_at anywhere — are
 * ignored by every writing route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../helpers.js';
import { sendForm } from '../owner-helpers.js';

const HOSTILE = {
  role: 'admin',
  user_id: 1,
  userlevel: '2',
  count: 999999,
  status: 0,
  qr_status: 0,
  qrlink: 'http://kotu.example/qr/ele-gecir',
  companyengname: 'ele-gecir',
  id: 424242,
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
  password_hash: 'x',
  token_hash: 'x',
};
/** The same fields as multipart form values. */
const HOSTILE_FORM = Object.fromEntries(Object.entries(HOSTILE).map(([k, v]) => [k, String(v)]));

let t: TestApp;
let victim: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await buildTestApp();
  victim = await registerOwner(t.app); // user id 1: the hostile user_id points at this account
});
afterAll(async () => t?.close());

const recent = (iso: string) => Date.now() - Date.parse(iso) < 60_000;

describe('mass assignment is ignored', () => {
  it('register: a new account is a user on the Başlangıç plan, active, with no views, whatever the body says', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...HOSTILE, name: 'Mehmet Kaya', email, password: 'gizli-sifre-1' } });
    expect(res.json().status, res.body).toBe(200);
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.role).toBe('user');
    expect(user.id).not.toBe(HOSTILE.id);
    expect(recent(user.created_at)).toBe(true);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const s = await t.db.selectFrom('settings').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect([s.userlevel, Number(s.count), Number(s.status), Number(s.qr_status)]).toEqual(['0', 0, 1, 1]);
    expect(s.companyengname).toBeNull();
    expect(s.qrlink).toBeNull();
    // the hostile user_id did not touch the victim
    const v = await t.db.selectFrom('settings').selectAll().where('user_id', '=', victim.userId).executeTakeFirstOrThrow();
    expect(v.name).not.toBe('Mehmet Kaya');
  });

  it('update-setting: only the profile fields change', async () => {
    const o = await registerOwner(t.app);
    const before = await t.db.selectFrom('settings').selectAll().where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST', url: '/api/update-setting', headers: bearer(o.token),
      payload: { ...HOSTILE, name: 'Zeynep Demir', companyname: 'Lale Lokantası', city: 35, tel: '02321234567', address: 'Alsancak' },
    });
    expect(res.json().status, res.body).toBe(200);
    const after = await t.db.selectFrom('settings').selectAll().where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    expect(after.name).toBe('Zeynep Demir');
    expect(after.id).toBe(before.id);
    expect(after.user_id).toBe(o.userId);
    expect(after.created_at).toBe(before.created_at);
    expect([after.userlevel, Number(after.count), Number(after.status), Number(after.qr_status)]).toEqual([before.userlevel, Number(before.count), Number(before.status), Number(before.qr_status)]);
    // the slug is made by the server from the business name, never taken from the body
    expect(after.companyengname).not.toBe(HOSTILE.companyengname);
    expect(after.qrlink ?? '').not.toContain('kotu.example');
    const user = await t.db.selectFrom('users').select('role').where('id', '=', o.userId).executeTakeFirstOrThrow();
    expect(user.role).toBe('user');
    const v = await t.db.selectFrom('settings').select('name').where('user_id', '=', victim.userId).executeTakeFirstOrThrow();
    expect(v.name).not.toBe('Zeynep Demir');
  });

  it('store-category and update-category: owner, id, counter and dates are the server’s', async () => {
    const o = await registerOwner(t.app);
    const res = await sendForm(t.app, '/api/store-category', o.token, { ...HOSTILE_FORM, name: 'Çorbalar', status: '1' });
    expect(res.json().status, res.body).toBe(200);
    const c = await t.db.selectFrom('categories').selectAll().where('name', '=', 'Çorbalar').executeTakeFirstOrThrow();
    expect(c.user_id).toBe(o.userId);
    expect(c.id).not.toBe(HOSTILE.id);
    expect(Number(c.count)).toBe(0);
    expect(recent(c.created_at)).toBe(true);

    const up = await sendForm(t.app, `/api/update-category/${c.id}`, o.token, { ...HOSTILE_FORM, name: 'Sıcak Çorbalar', status: '1' });
    expect(up.json().status, up.body).toBe(200);
    const c2 = await t.db.selectFrom('categories').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(c2.name).toBe('Sıcak Çorbalar');
    expect(c2.user_id).toBe(o.userId);
    expect(Number(c2.count)).toBe(0);
    expect(c2.created_at).toBe(c.created_at);
    expect(await t.db.selectFrom('categories').select('id').where('user_id', '=', victim.userId).execute()).toEqual([]);
  });

  it('store-product and update-product: owner, id and dates are the server’s', async () => {
    const o = await registerOwner(t.app);
    await sendForm(t.app, '/api/store-category', o.token, { name: 'İçecekler', status: '1' });
    const cat = await t.db.selectFrom('categories').select('id').where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    const res = await sendForm(t.app, '/api/store-product', o.token, { ...HOSTILE_FORM, name: 'Şalgam', category_id: cat.id, selling_price: '35', status: '1' });
    expect(res.json().status, res.body).toBe(200);
    const p = await t.db.selectFrom('products').selectAll().where('name', '=', 'Şalgam').executeTakeFirstOrThrow();
    expect(p.user_id).toBe(o.userId);
    expect(p.id).not.toBe(HOSTILE.id);
    expect(recent(p.created_at)).toBe(true);

    const up = await sendForm(t.app, `/api/update-product/${p.id}`, o.token, { ...HOSTILE_FORM, name: 'Acılı Şalgam', category_id: cat.id, selling_price: '40', status: '1' });
    expect(up.json().status, up.body).toBe(200);
    const p2 = await t.db.selectFrom('products').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(p2.name).toBe('Acılı Şalgam');
    expect(p2.user_id).toBe(o.userId);
    expect(p2.created_at).toBe(p.created_at);
    expect(await t.db.selectFrom('products').select('id').where('user_id', '=', victim.userId).execute()).toEqual([]);
  });

  it('update-user (admin): role, id, created_at and the password are not assignable', async () => {
    const admin = await createAdmin(t.app);
    const o = await registerOwner(t.app);
    const userBefore = await t.db.selectFrom('users').selectAll().where('id', '=', o.userId).executeTakeFirstOrThrow();
    const sBefore = await t.db.selectFrom('settings').selectAll().where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST', url: `/api/update-user/${o.userId}`, headers: bearer(admin.token),
      payload: {
        ...HOSTILE,
        name: 'Ali Veli', companyname: 'Veli Kafe', address: 'Beşiktaş', city: 34, tel: '02121234567', deskcount: 5,
        companyengname: 'veli-kafe', qrlink: 'http://qr.test/qr/veli-kafe', count: 3, qr_status: 1, status: 1, userlevel: '1',
        password: 'yeni-sifre-123', email: 'baska@example.com',
      },
    });
    expect(res.json().status, res.body).toBe(200);
    const userAfter = await t.db.selectFrom('users').selectAll().where('id', '=', o.userId).executeTakeFirstOrThrow();
    expect(userAfter.role).toBe('user');
    expect(userAfter.password_hash).toBe(userBefore.password_hash);
    expect(userAfter.email).toBe(userBefore.email);
    expect(userAfter.created_at).toBe(userBefore.created_at);
    const sAfter = await t.db.selectFrom('settings').selectAll().where('user_id', '=', o.userId).executeTakeFirstOrThrow();
    expect(sAfter.id).toBe(sBefore.id);
    expect(sAfter.created_at).toBe(sBefore.created_at);
    expect(sAfter.companyengname).toBe('veli-kafe');
    expect(sAfter.userlevel).toBe('1');
  });
});
