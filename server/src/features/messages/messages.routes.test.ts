import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, PUBLIC_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { describeAdminGuard } from '../../../test/admin-guard.js';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/security.js';

const valid = { name: 'Mehmet', mail: 'mehmet@example.com', tel: '0532 123 45 67', message: 'Menünüzü kafemiz için kullanmak istiyoruz.' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const send = (payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/store-message', payload: payload as object, headers });

describe('POST /api/store-message', () => {
  it('stores a landing-page message (name, mail, tel, message) for the admin inbox', async () => {
    const mail = 'mehmet.gelen-kutusu@example.com';
    const res = await send({ ...valid, mail });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Mesaj Başarıyla Gönderildi' });
    const rows = await t.db.selectFrom('messages').selectAll().where('mail', '=', mail).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Mehmet', surname: null, companyname: null, tel: valid.tel, message: valid.message, read_at: null });

    const admin = await createAdmin(t.app);
    const inbox = (await t.app.inject({ url: '/api/admin/messages', headers: bearer(admin.token) })).json();
    expect(JSON.stringify(inbox)).toContain(valid.message);
  });

  it('stores surname and companyname from the full contact page, trimmed', async () => {
    const res = await send({ ...valid, mail: 'ayse@example.com', surname: '  Kaya ', companyname: 'Çınar Kafe' });
    expect(res.json().status).toBe(200);
    const row = await t.db.selectFrom('messages').selectAll().where('mail', '=', 'ayse@example.com').executeTakeFirstOrThrow();
    expect(row.surname).toBe('Kaya');
    expect(row.companyname).toBe('Çınar Kafe');
  });

  for (const field of ['name', 'mail', 'tel', 'message'] as const) {
    it(`answers 400 "Eksik Alanları Doldurunuz" with errors.${field} when ${field} is missing or blank, storing nothing`, async () => {
      const before = await t.db.selectFrom('messages').select('id').execute();
      for (const value of [undefined, '   ']) {
        const body: Record<string, unknown> = { ...valid };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const res = await send(body);
        expect(res.statusCode).toBe(200);
        const json = res.json();
        expect(json.status).toBe(400);
        expect(json.message).toBe(PUBLIC_MSG.missingFields);
        expect(Object.keys(json.errors)).toEqual([field]);
        expect(json.errors[field][0]).toMatch(/[a-zçğıöşü]/i);
      }
      expect(await t.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
    });
  }

  it('rejects an invalid e-mail and a phone without digits, with Turkish messages', async () => {
    const json = (await send({ ...valid, mail: 'not-an-email', tel: 'abc' })).json();
    expect(json.status).toBe(400);
    expect(json.errors.mail).toEqual([PUBLIC_MSG.mailInvalid]);
    expect(json.errors.tel).toEqual([PUBLIC_MSG.telInvalid]);
  });

  it('rejects fields that are too long', async () => {
    const json = (
      await send({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1), name: 'a'.repeat(CONTACT_LIMITS.name + 1), companyname: 'c'.repeat(CONTACT_LIMITS.companyname + 1) })
    ).json();
    expect(json.status).toBe(400);
    expect(Object.keys(json.errors).sort()).toEqual(['companyname', 'message', 'name']);
    expect(json.errors.message[0]).toBe(`En fazla ${CONTACT_LIMITS.message} karakter girebilirsiniz.`);
    // exactly at the limit is fine
    expect((await send({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) })).json().status).toBe(200);
  });

  it('answers a non-object body with field errors, never a 5xx', async () => {
    for (const payload of ['[]', '"metin"', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/store-message', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().status).toBe(400);
    }
  });
});

describe('rate limit', () => {
  it(`allows ${DEFAULT_RATE_LIMITS.contactPerIp} messages per IP per 10 minutes, then HTTP 429 in Turkish`, async () => {
    const limited = await buildTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      for (let i = 0; i < DEFAULT_RATE_LIMITS.contactPerIp; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: { ...valid, message: `mesaj ${i}` } });
        expect(res.statusCode).toBe(200);
      }
      const res = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: valid });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ status: 429, message: expect.stringMatching(/bekleyip/) });
      const rows = await limited.db.selectFrom('messages').select('id').execute();
      expect(rows).toHaveLength(DEFAULT_RATE_LIMITS.contactPerIp);
      // another IP is not affected
      const other = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: valid, remoteAddress: '10.0.0.7' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not count the 400 answers: a visitor fixing the form field by field is never locked out', async () => {
    const limited = await buildTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      for (let i = 0; i < DEFAULT_RATE_LIMITS.contactPerIp * 2; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: { ...valid, mail: 'eksik' } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 400, message: PUBLIC_MSG.missingFields, errors: { mail: [PUBLIC_MSG.mailInvalid] } });
      }
      for (let i = 0; i < DEFAULT_RATE_LIMITS.contactPerIp; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: { ...valid, message: `mesaj ${i}` } });
        expect(res.json().status).toBe(200);
      }
      const res = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: valid });
      expect(res.statusCode).toBe(429);
      // once limited, an invalid body still gets its field errors (nothing is stored either way)
      const invalid = await limited.app.inject({ method: 'POST', url: '/api/store-message', payload: {} });
      expect(invalid.json()).toMatchObject({ status: 400, errors: { name: [PUBLIC_MSG.nameRequired] } });
      const rows = await limited.db.selectFrom('messages').select('id').execute();
      expect(rows).toHaveLength(DEFAULT_RATE_LIMITS.contactPerIp);
    } finally {
      await limited.close();
    }
  });
});

describe('the admin inbox', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await createAdmin(t.app)).token;
  });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
  async function addMessage(name: string, createdAt: string, readAt: string | null = null) {
    const { id } = await t.db
      .insertInto('messages')
      .values({ name, surname: null, companyname: null, mail: 'a@b.co', tel: '0555', message: `${name} mesajı`, read_at: readAt, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  it('GET /api/admin/messages lists newest first with the read state; POST …/{id}/read|unread marks them', async () => {
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

describeAdminGuard(() => t, [
  ['GET', '/api/admin/messages'],
  ['POST', '/api/admin/messages/1/read'],
  ['POST', '/api/admin/messages/1/unread'],
]);
