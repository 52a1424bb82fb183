import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, buildTestApp, createAdmin, isPostgres, type TestApp } from '../../../test/helpers.js';
import { adminUpdateBusiness, createBusiness } from '../../../test/menu-helpers.js';

/**
 * An audited administrator write and its audit entry are one transaction: when the entry cannot be
 * written (here the database refuses every insert into audit_log), the write is undone too.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => t?.close());

/** Makes every insert into audit_log fail (a trigger on SQLite, a constraint on PostgreSQL). */
async function refuseAuditEntries(on: boolean) {
  if (isPostgres()) {
    if (on) await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_refused CHECK (false) NOT VALID`.execute(t.db);
    else await sql`ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_refused`.execute(t.db);
  } else if (on) {
    await sql`CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(t.db);
  } else {
    await sql`DROP TRIGGER IF EXISTS audit_refused`.execute(t.db);
  }
}
afterEach(async () => refuseAuditEntries(false));

const entries = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('audited writes and their audit entry: one transaction', () => {
  it('update-user: a failed audit entry leaves the business as it was (name, plan, status, tokens)', async () => {
    const o = await createBusiness(t.app, 'Geri Alınan Kafe');
    const before = (await t.app.inject({ url: `/api/edit-user/${o.userId}`, headers: bearer(admin.token) })).json().user;
    const count = await entries();
    await refuseAuditEntries(true);
    await expect(adminUpdateBusiness(t.app, admin.token, o.userId, { name: 'Değişmemeli', userlevel: '2', status: 0 })).rejects.toThrow(/"status":500/);
    await refuseAuditEntries(false);
    const after = (await t.app.inject({ url: `/api/edit-user/${o.userId}`, headers: bearer(admin.token) })).json().user;
    expect(after).toEqual(before);
    // status 0 would have signed the owner out: the token still works
    expect((await t.app.inject({ url: '/api/edit-setting', headers: bearer(o.token) })).json().status).toBe(200);
    expect(await entries()).toBe(count);

    // the same change with the audit log working: applied and recorded
    expect((await adminUpdateBusiness(t.app, admin.token, o.userId, { name: 'Değişti' })).name).toBe('Değişti');
    expect(await entries()).toBe(count + 1);
  });

  it("the admin's own account and password: unchanged when the entry fails", async () => {
    const a = await createAdmin(t.app);
    await refuseAuditEntries(true);
    const acc = await t.app.inject({ method: 'POST', url: '/api/admin/account', headers: bearer(a.token), payload: { name: 'Başka Ad', email: a.email } });
    expect(acc.statusCode).toBe(500);
    const pw = await t.app.inject({ method: 'POST', url: '/api/admin/password', headers: bearer(a.token), payload: { current_password: a.password, password: 'yeni-sifre-geri-1' } });
    expect(pw.statusCode).toBe(500);
    await refuseAuditEntries(false);
    expect((await t.app.inject({ url: '/api/admin/account', headers: bearer(a.token) })).json().account.name).toBe('Yönetici');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: a.email, password: a.password } });
    expect(login.json().status).toBe(200);
  });

  it('a message marked read: still unread when the entry fails', async () => {
    const sent = await t.app.inject({
      method: 'POST', url: '/api/store-message',
      payload: { name: 'Deniz', surname: 'Ak', companyname: 'Ak Kafe', mail: 'deniz@example.com', tel: '05321234567', message: 'Bir sorum var.' },
    });
    expect(sent.json().status).toBe(200);
    const msg = await t.db.selectFrom('messages').select(['id', 'read_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await refuseAuditEntries(true);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${msg.id}/read`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(500);
    await refuseAuditEntries(false);
    expect((await t.db.selectFrom('messages').select('read_at').where('id', '=', msg.id).executeTakeFirstOrThrow()).read_at).toBeNull();
  });
});
