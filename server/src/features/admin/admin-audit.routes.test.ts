import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, AUDIT_PAGE_SIZE } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard } from '../../../test/admin-guard.js';
import { adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url } });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const audit = async (page = 1) => (await t.app.inject({ url: `/api/admin/audit?page=${page}`, headers: bearer(admin.token) })).json();

describe('GET /api/admin/audit', () => {
  it('records update-user with each changed field before and after, newest first', async () => {
    const o = await createBusiness(t.app, 'Denetim Kafe');
    await adminUpdateBusiness(t.app, admin.token, o.userId, { userlevel: '2', status: 0, address: 'Bağdat Cad. 10' });
    const body = await audit();
    expect(body.status).toBe(200);
    const [e] = body.entries;
    expect(e).toMatchObject({
      admin_id: admin.userId,
      admin_email: admin.email,
      action: 'update-user',
      target_user_id: o.userId,
      changes: { userlevel: ['0', '2'], status: [1, 0], address: ['Moda Cad. 1', 'Bağdat Cad. 10'] },
    });
    expect(Object.keys(e.changes).sort()).toEqual(['address', 'status', 'userlevel']);
    expect(new Date(e.at).toISOString()).toBe(e.at);
  });

  it('a refused update (422) records nothing', async () => {
    const o = await createBusiness(t.app, 'Reddedilen Kafe');
    const before = (await audit()).total;
    const res = await t.app.inject({ method: 'POST', url: `/api/update-user/${o.userId}`, headers: bearer(admin.token), payload: { name: '' } });
    expect(res.json().status).toBe(422);
    expect((await audit()).total).toBe(before);
  });

  it("records the admin's own account and password changes, never a password", async () => {
    const a = await createAdmin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/admin/account', headers: bearer(a.token), payload: { name: 'Yeni Yönetici', email: a.email } });
    const pw = await t.app.inject({ method: 'POST', url: '/api/admin/password', headers: bearer(a.token), payload: { current_password: a.password, password: 'cok-gizli-yeni-1' } });
    expect(pw.json().status).toBe(200);
    const { entries } = await audit();
    expect(entries[0]).toMatchObject({ action: 'admin-password', admin_id: a.userId, target_user_id: a.userId, changes: {} });
    expect(entries[1]).toMatchObject({ action: 'admin-account', changes: { name: ['Yönetici', 'Yeni Yönetici'] } });
    const all = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(all)).not.toMatch(/cok-gizli-yeni-1|yonetici-sifre-1|argon2/);
  });

  it('records message state changes; pages of AUDIT_PAGE_SIZE newest first with the total', async () => {
    const { id } = await t.db
      .insertInto('messages')
      .values({ name: 'Ali', surname: null, companyname: null, mail: 'ali@example.com', tel: '05321234567', message: 'Merhaba', read_at: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 60; i++) {
      await t.app.inject({ method: 'POST', url: `/api/admin/messages/${id}/${i % 2 ? 'unread' : 'read'}`, headers: bearer(admin.token) });
    }
    const first = await audit(1);
    expect(first.entries[0]).toMatchObject({ action: 'message-unread', target_message_id: id, target_user_id: null });
    expect(first.entries[0].changes.read_at[1]).toBeNull();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await audit(2);
    expect(second.total).toBe(first.total);
    expect(second.entries.length).toBe(first.total - AUDIT_PAGE_SIZE);
    const ids = [...first.entries, ...second.entries].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describeAdminGuard(() => t, [
  ['GET', '/api/admin/audit'],
  ['DELETE', '/api/admin/users/1'],
  ['POST', '/api/admin/messages/1/reply'],
]);

describe('POST /api/admin/messages/{id}/reply', () => {
  it('mails the answer to the sender, marks the message answered and read, and records it', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/store-message',
      payload: { name: 'Zeynep', surname: 'Kaya', companyname: 'Kaya Kafe', mail: 'zeynep@example.com', tel: '05321234567', message: 'Fiyatlarınızı öğrenebilir miyim?' },
    });
    expect(res.json().status).toBe(200);
    const msg = await t.db.selectFrom('messages').select('id').where('mail', '=', 'zeynep@example.com').executeTakeFirstOrThrow();
    const reply = await t.app.inject({
      method: 'POST', url: `/api/admin/messages/${msg.id}/reply`, headers: bearer(admin.token),
      payload: { message: 'Merhaba Zeynep Hanım,\nBaşlangıç paketi ücretsizdir.' },
    });
    expect(reply.json()).toMatchObject({ status: 200, message: ACCOUNT_MSG.replySent });
    const [mail] = await smtp.waitFor('zeynep@example.com');
    expect(mail.subject).toBe('QR Menü: mesajınıza yanıt');
    expect(mail.text).toContain('Başlangıç paketi ücretsizdir.');
    expect(mail.text).toContain('Fiyatlarınızı öğrenebilir miyim?');
    const list = (await t.app.inject({ url: '/api/admin/messages', headers: bearer(admin.token) })).json().messages;
    const row = list.find((m: { id: number }) => m.id === msg.id);
    expect(row.answered_at).not.toBeNull();
    expect(row.read).toBe(true);
    expect((await audit()).entries[0]).toMatchObject({ action: 'message-reply', target_message_id: msg.id });
  });

  it('an empty answer is body 422; an unknown message is body 404; nothing is sent', async () => {
    const { id } = await t.db
      .insertInto('messages')
      .values({ name: 'Boş', surname: null, companyname: null, mail: 'bos@example.com', tel: '05321234567', message: 'x', read_at: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${id}/reply`, headers: bearer(admin.token), payload: { message: '  ' } });
    expect(empty.json()).toMatchObject({ status: 422, errors: { message: ['Yanıt metnini yazın.'] } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/messages/987654/reply', headers: bearer(admin.token), payload: { message: 'Merhaba' } });
    expect(unknown.json().status).toBe(404);
    await t.app.mailer.idle();
    expect(smtp.to('bos@example.com')).toHaveLength(0);
  });
});
