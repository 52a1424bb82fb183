import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, STAFF_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';
import { sendForm } from '../../../test/owner-helpers.js';
import { linkIn, startSmtp, tokenIn, type TestSmtp } from '../../../test/smtp.js';
import { staffSteps } from './staff-test-helpers.js';

let smtp: TestSmtp;
let t: TestApp;
let s: ReturnType<typeof staffSteps>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url, forgotPerIp: 1000 } });
  s = staffSteps(t.app, smtp);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const level = (userId: number, userlevel: string) => t.db.updateTable('settings').set({ userlevel }).where('user_id', '=', userId).execute();

describe('staff invitation → accept → sign-in → role-limited access → revoke', () => {
  it('POST /api/staff mails a Turkish single-use link stored hashed; the staff member sets a password and lands as staff', async () => {
    const o = await registerOwner(t.app, { company: 'Kule Kafe' });
    const email = uniqueEmail('garson');
    const res = await s.invite(o.token, { email, name: 'Ali Demir', role: 'garson' });
    expect(res.json()).toMatchObject({ status: 200, message: STAFF_MSG.invited, member: { name: 'Ali Demir', email, role: 'garson', state: 'invited', accepted_at: null } });
    await t.app.mailer.idle();
    const [mail] = await smtp.waitFor(email);
    expect(mail.subject).toBe('QR Menü: Kule Kafe sizi personel olarak davet etti');
    expect(mail.text).toContain('Merhaba Ali Demir');
    expect(mail.text).toContain('"Garson" rolüyle');
    expect(mail.text).toContain('7 gün geçerlidir');
    expect(linkIn(mail)).toMatch(/^http:\/\/qr\.test\/personel-davet\?token=[\w-]{40,}$/);
    const token = tokenIn(mail);
    const stored = await t.db.selectFrom('account_tokens').selectAll().where('purpose', '=', 'invite').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // not yet accepted: cannot sign in (no password yet), the invitation page reads who it is for
    expect((await s.login(email, 'personel-sifre-1')).json().status).toBe(401);
    const peek = await t.app.inject({ method: 'POST', url: '/api/staff/invitation', payload: { token } });
    expect(peek.json()).toMatchObject({ status: 200, name: 'Ali Demir', email, business: 'Kule Kafe', role: 'garson' });

    expect((await s.accept(token)).json()).toEqual({ status: 200, message: STAFF_MSG.accepted });
    // single use
    expect((await s.accept(token)).json()).toEqual({ status: 400, message: STAFF_MSG.inviteInvalid });
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/invitation', payload: { token } })).json().status).toBe(400);

    const signIn = (await s.login(email.toUpperCase(), 'personel-sifre-1')).json();
    expect(signIn).toMatchObject({ status: 200, role: 'staff', staff_role: 'garson', business: 'Kule Kafe', username: 'Ali Demir' });
    const check = (await get('/api/checkingUserAuthenticated', signIn.token)).json();
    expect(check).toMatchObject({ status: 200, role: 'staff', staff_role: 'garson', business: 'Kule Kafe', email_verified: true });

    // garson: waiter calls yes; owner routes, the account and staff management no
    expect((await get('/api/waiter-calls', signIn.token)).statusCode).toBe(200);
    for (const url of ['/api/view-category', '/api/staff', '/api/account', '/api/staff/activity']) expect((await get(url, signIn.token)).statusCode, url).toBe(403);

    const list = (await get('/api/staff', o.token)).json();
    expect(list).toMatchObject({ status: 200, plan: 'Başlangıç', limit: 2 });
    expect(list.staff).toEqual([expect.objectContaining({ email, state: 'active' })]);

    // revoke: the session ends at once, sign-in refused in Turkish
    const id = res.json().member.id;
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/staff/${id}`, headers: bearer(o.token) });
    expect(revoked.json()).toMatchObject({ status: 200, message: STAFF_MSG.revoked, member: { state: 'revoked' } });
    expect((await get('/api/waiter-calls', signIn.token)).statusCode).toBe(401);
    expect((await s.login(email, 'personel-sifre-1')).json()).toMatchObject({ status: 401, message: STAFF_MSG.signInRevoked });
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${id}/role`, headers: bearer(o.token), payload: { role: 'mutfak' } })).json()).toMatchObject({ status: 422, message: STAFF_MSG.revokedCannotChange });

    const log = (await get('/api/staff/activity', o.token)).json().activity.map((a: { action: string; actor_name: string }) => `${a.actor_name}: ${a.action}`);
    expect(log).toEqual(['Ayşe Yılmaz: Personelin erişimi kaldırıldı', 'Ali Demir: Personel daveti kabul etti', 'Ayşe Yılmaz: Personel davet edildi']);
  });

  it('the link expires after 7 days on the app clock; inviting again sends a new link and voids the old one', async () => {
    const o = await registerOwner(t.app);
    const first = await s.invited(o.token, 'mutfak');
    const real = t.app.clock.now;
    try {
      t.app.clock.now = () => new Date(Date.now() + 7 * 86_400_000 + 60_000);
      expect((await get('/api/staff', o.token)).json().staff[0].state).toBe('expired');
      expect((await s.accept(first.token)).json()).toEqual({ status: 400, message: STAFF_MSG.inviteInvalid });
      t.app.clock.now = () => new Date(Date.now() + 7 * 86_400_000 - 60_000);
      const again = await s.invited(o.token, 'mutfak', first.email, 'Zeynep Çelik');
      expect((await s.accept(first.token)).json().status).toBe(400);
      expect((await s.accept(again.token)).json().status).toBe(200);
    } finally {
      t.app.clock.now = real;
    }
    const list = (await get('/api/staff', o.token)).json().staff;
    expect(list).toEqual([expect.objectContaining({ name: 'Zeynep Çelik', role: 'mutfak', state: 'active' })]);
    expect((await s.invite(o.token, { email: first.email, name: 'Zeynep', role: 'garson' })).json()).toMatchObject({ status: 422, errors: { email: [STAFF_MSG.alreadyActive] } });
  });

  it('refuses an address that is already an account, bad input, and the plan limit (Başlangıç 2, Standart 10, Profesyonel unlimited)', async () => {
    const o = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    expect((await s.invite(o.token, { email: other.email.toUpperCase(), name: 'X', role: 'garson' })).json()).toMatchObject({ status: 422, errors: { email: [STAFF_MSG.emailTaken] } });
    const bad = (await s.invite(o.token, { email: 'bozuk', name: '', role: 'patron' })).json();
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors).sort()).toEqual(['email', 'name', 'role']);
    expect(bad.errors.role).toEqual([STAFF_MSG.roleRequired]);

    await s.invited(o.token, 'garson');
    await s.invited(o.token, 'mutfak');
    const third = await s.invite(o.token, { email: uniqueEmail('p'), name: 'Üçüncü', role: 'garson' });
    expect(third.json()).toEqual({ status: 422, message: 'Başlangıç planında en fazla 2 personel ekleyebilirsiniz. Daha fazla personel için planınızı yükseltin.' });
    await level(o.userId, '1');
    for (let i = 0; i < 8; i++) await s.invited(o.token, 'garson');
    expect((await s.invite(o.token, { email: uniqueEmail('p'), name: 'On birinci', role: 'garson' })).json().message).toContain('Standart planında en fazla 10 personel');
    await level(o.userId, '2');
    await s.invited(o.token, 'garson');
    expect((await get('/api/staff', o.token)).json()).toMatchObject({ plan: 'Profesyonel', limit: null });
    expect((await get('/api/staff', o.token)).json().staff).toHaveLength(11);
  });

  it('a yonetici reaches the owner routes and manages staff, but not the account or its deletion; their writes are logged with their name', async () => {
    const o = await registerOwner(t.app);
    await level(o.userId, '2');
    const y = await s.member(o.token, 'yonetici');
    expect((await get('/api/view-category', y.session)).statusCode).toBe(200);
    const cat = await sendForm(t.app, '/api/store-category', y.session, { name: 'Çorbalar' });
    expect(cat.json().status).toBe(200);
    const owned = await t.db.selectFrom('categories').select('user_id').where('id', '=', cat.json().category.id).executeTakeFirstOrThrow();
    expect(owned.user_id).toBe(o.userId);
    for (const url of ['/api/account', '/api/export-my-data']) expect((await get(url, y.session)).statusCode, url).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(y.session), payload: { password: y.password } })).statusCode).toBe(403);
    const g = await s.invited(y.session, 'garson');
    const role = await t.app.inject({ method: 'POST', url: `/api/staff/${g.id}/role`, headers: bearer(y.session), payload: { role: 'mutfak' } });
    expect(role.json()).toMatchObject({ status: 200, message: STAFF_MSG.roleChanged, member: { role: 'mutfak' } });
    const log = (await get('/api/staff/activity', o.token)).json().activity;
    expect(log.slice(0, 3).map((a: { actor_name: string; actor_role: string; action: string }) => [a.actor_name, a.actor_role, a.action])).toEqual([
      ['Mehmet Kaya', 'yonetici', 'Personelin rolü değiştirildi'],
      ['Mehmet Kaya', 'yonetici', 'Personel davet edildi'],
      ['Mehmet Kaya', 'yonetici', 'Kategori ekle'],
    ]);
  });

  it('a mutfak member and an admin are refused on owner and waiter routes; another business sees none of it (404)', async () => {
    const o = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const m = await s.member(o.token, 'mutfak');
    const admin = await createAdmin(t.app);
    expect((await get('/api/waiter-calls', m.session)).statusCode).toBe(403);
    expect((await get('/api/view-category', m.session)).statusCode).toBe(403);
    expect((await get('/api/waiter-calls', admin.token)).statusCode).toBe(403);
    expect((await get('/api/staff', admin.token)).statusCode).toBe(403);
    expect((await get('/api/staff')).statusCode).toBe(401);
    expect((await get('/api/staff', other.token)).json().staff).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/${m.id}/role`, headers: bearer(other.token), payload: { role: 'yonetici' } })).json().status).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/staff/${m.id}`, headers: bearer(other.token) })).json().status).toBe(404);
    expect((await get('/api/waiter-calls', m.session)).statusCode).toBe(403); // still a member, untouched
    const row = await t.db.selectFrom('staff_members').select(['staff_role', 'revoked_at']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ staff_role: 'mutfak', revoked_at: null });
  });

  it('password reset works for staff as for owners; a pending member who set a password by reset is still told to accept', async () => {
    const o = await registerOwner(t.app);
    const m = await s.member(o.token, 'garson');
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: m.email } });
    await t.app.mailer.idle();
    const mail = (await smtp.waitFor(m.email, 2)).find((x) => x.subject?.includes('şifre sıfırlama'))!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: tokenIn(mail), password: 'yeni-sifre-99', password_confirmation: 'yeni-sifre-99' } });
    expect(reset.json().status).toBe(200);
    expect((await s.login(m.email, 'yeni-sifre-99')).json()).toMatchObject({ status: 200, role: 'staff' });

    const p = await s.invited(o.token, 'mutfak');
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: p.email } });
    await t.app.mailer.idle();
    const pm = (await smtp.waitFor(p.email, 2)).find((x) => x.subject?.includes('şifre sıfırlama'))!;
    await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: tokenIn(pm), password: 'yeni-sifre-99', password_confirmation: 'yeni-sifre-99' } });
    expect((await s.login(p.email, 'yeni-sifre-99')).json()).toMatchObject({ status: 401, message: STAFF_MSG.signInPending });
  });

  it('a passive business signs its staff out; the KVKK export names the staff; erasure deletes the staff accounts', async () => {
    const o = await registerOwner(t.app);
    const g = await s.member(o.token, 'garson');
    await t.db.updateTable('settings').set({ status: 0 }).where('user_id', '=', o.userId).execute();
    expect((await get('/api/waiter-calls', g.session)).statusCode).toBe(401);
    expect((await s.login(g.email, g.password)).json()).toMatchObject({ status: 401, message: MSG.accountPassive });
    await t.db.updateTable('settings').set({ status: 1 }).where('user_id', '=', o.userId).execute();

    const zip = await get('/api/export-my-data', o.token);
    expect(zip.statusCode).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const staff = JSON.parse(strFromU8(files['staff.json']));
    expect(staff).toEqual([expect.objectContaining({ name: 'Mehmet Kaya', email: g.email, staff_role: 'garson' })]);
    expect(strFromU8(files['activity.json'])).toContain('Personel daveti kabul etti');
    expect(strFromU8(files['staff.json'])).not.toMatch(/password|token/);

    const del = await t.app.inject({ method: 'POST', url: '/api/delete-account', headers: bearer(o.token), payload: { password: o.password } });
    expect(del.json().status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', g.userId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('staff_members').select('id').where('business_id', '=', o.userId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('staff_activity').select('id').where('business_id', '=', o.userId).executeTakeFirst()).toBeUndefined();
    expect((await s.login(g.email, g.password)).json().status).toBe(401);
  });
});
