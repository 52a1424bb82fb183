import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
beforeAll(async () => {
  t = await buildTestApp({ config: { feedbackPerIp: 1000, feedbackPerTable: 1000, feedbackPerDevice: 1000, feedbackPerBusiness: 1000 } });
  a = await createBusiness(t.app, 'Çınar Kafe'); // 8 tables
  b = await createBusiness(t.app, 'Boğaz Lokantası');
});
afterAll(async () => t.close());

const send = (slug: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/store-feedback/${slug}`, payload: payload as object, remoteAddress: ip });
const rows = (userId: number) => t.db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const view = async (token: string, page = 1) => (await t.app.inject({ url: `/api/view-feedback?page=${page}`, headers: bearer(token) })).json();

describe('POST /api/store-feedback/{company}', () => {
  it('stores ratings, comment and table, and answers 200 with a Turkish message', async () => {
    const res = await send(a.slug, { ratings: { lezzet: 5, servis: 4, temizlik: 3, fiyat: 2 }, comment: 'Menemen harikaydı.', masa: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: TABLE_MSG.feedbackSaved });
    const [row] = await rows(a.userId);
    expect(row).toMatchObject({ masa: 3, lezzet: 5, servis: 4, temizlik: 3, fiyat: 2, comment: 'Menemen harikaydı.', name: null, tel: null, read_at: null });
  });

  it('ignores a table outside 1..deskcount (stored without a table)', async () => {
    for (const masa of [9, 0, -1, 'abc', '3.5', 1e9]) expect((await send(a.slug, { ratings: { lezzet: 4 }, masa })).json().status).toBe(200);
    const last = (await rows(a.userId)).slice(-6);
    expect(last.map((r) => r.masa)).toEqual([null, null, null, null, null, null]);
  });

  it('refuses what is wrong with body 400 and Turkish errors by field, storing nothing', async () => {
    const before = (await rows(a.userId)).length;
    const cases: Array<[unknown, string]> = [
      [{ comment: 'Puan yok' }, 'ratings'],
      [{ ratings: {} }, 'ratings'],
      [{ ratings: { lezzet: 6 } }, 'ratings'],
      [{ ratings: { servis: 0 } }, 'ratings'],
      [{ ratings: { fiyat: 2.5 } }, 'ratings'],
      [{ ratings: { lezzet: 'çok iyi' } }, 'ratings'],
      [{ ratings: { lezzet: 5 }, comment: 'x'.repeat(1001) }, 'comment'],
      [{ ratings: { lezzet: 5 }, name: 'Ayşe' }, 'kvkk'],
      [{ ratings: { lezzet: 5 }, tel: '0532 111 22 33', kvkk: false }, 'kvkk'],
      [{ ratings: { lezzet: 5 }, tel: 'telefonum yok', kvkk: true }, 'tel'],
      ['"metin"', 'ratings'],
    ];
    for (const [payload, field] of cases) {
      const res = typeof payload === 'string'
        ? await t.app.inject({ method: 'POST', url: `/api/store-feedback/${a.slug}`, payload, headers: { 'content-type': 'application/json' } })
        : await send(a.slug, payload);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(body.errors)).toContain(field);
      expect(body.errors[field][0]).toMatch(/^[A-ZÇĞİÖŞÜ].{10,}\.$/u); // a Turkish sentence
    }
    expect((await rows(a.userId)).length).toBe(before);
  });

  it('keeps name and phone only with the KVKK consent; a comment of exactly 1,000 characters is fine', async () => {
    expect((await send(a.slug, { ratings: { servis: 5 }, name: 'Ayşe Yılmaz', tel: '0532 111 22 33', kvkk: true, comment: 'ş'.repeat(1000) })).json().status).toBe(200);
    const row = (await rows(a.userId)).at(-1)!;
    expect(row).toMatchObject({ name: 'Ayşe Yılmaz', tel: '0532 111 22 33', servis: 5 });
    expect(row.comment).toHaveLength(1000);
  });

  it('a filled honeypot is answered as saved and stores nothing', async () => {
    const before = (await rows(a.userId)).length;
    const res = await send(a.slug, { ratings: { lezzet: 1 }, comment: 'spam', website: 'http://spam.example' });
    expect(res.json()).toEqual({ status: 200, message: TABLE_MSG.feedbackSaved });
    expect((await rows(a.userId)).length).toBe(before);
  });

  it('unknown or passive business: body 404', async () => {
    expect((await send('boyle-bir-isletme-yok', { ratings: { lezzet: 5 } })).json().status).toBe(404);
    const c = await createBusiness(t.app, 'Kapalı Kafe');
    await t.db.updateTable('settings').set({ status: 0 }).where('user_id', '=', c.userId).execute();
    expect((await send(c.slug, { ratings: { lezzet: 5 } })).json().status).toBe(404);
    expect(await rows(c.userId)).toHaveLength(0);
  });

  it('stores a comment as sent (plain text) and returns it unchanged to the owner', async () => {
    const comment = '<script>alert(1)</script> & "tırnak"';
    await send(b.slug, { ratings: { lezzet: 2 }, comment });
    const list = await view(b.token);
    expect(list.feedback[0].comment).toBe(comment);
  });
});

describe('GET /api/view-feedback, POST /api/read-feedback/{id}', () => {
  it('lists only the owner\'s own entries, newest first, with averages, distribution, trend and unread', async () => {
    const c = await createBusiness(t.app, 'Hesap Kafe');
    await send(c.slug, { ratings: { lezzet: 5, servis: 3 }, masa: 2 });
    await send(c.slug, { ratings: { lezzet: 4, fiyat: 1 }, masa: 7, comment: 'Pahalı' });
    await send(c.slug, { ratings: { temizlik: 5 } });
    const body = await view(c.token);
    expect(body.status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.unread).toBe(3);
    expect(body.feedback.map((f: { masa: number | null }) => f.masa)).toEqual([null, 7, 2]);
    expect(body.feedback[1]).toMatchObject({ ratings: { lezzet: 4, servis: null, temizlik: null, fiyat: 1 }, comment: 'Pahalı', read: false });
    expect(body.averages).toEqual({ lezzet: 4.5, servis: 3, temizlik: 5, fiyat: 1, genel: 3.6 });
    expect(body.distribution.lezzet).toEqual([0, 0, 0, 1, 1]);
    expect(body.distribution.genel).toEqual([1, 0, 1, 1, 2]);
    expect(body.trend).toHaveLength(30);
    expect(body.trend.at(-1)).toMatchObject({ count: 3, average: 3.6 });
    // another owner sees none of it
    const other = await view(b.token);
    expect(JSON.stringify(other)).not.toContain('Pahalı');

    const id = body.feedback[1].id;
    // B cannot mark A's entry read
    const foreign = await t.app.inject({ method: 'POST', url: `/api/read-feedback/${id}`, headers: bearer(b.token) });
    expect(foreign.json().status).toBe(404);
    expect((await view(c.token)).unread).toBe(3);
    const read = await t.app.inject({ method: 'POST', url: `/api/read-feedback/${id}`, headers: bearer(c.token) });
    expect(read.json()).toMatchObject({ status: 200, feedback: { id, read: true } });
    const after = await view(c.token);
    expect(after.unread).toBe(2);
    expect(after.feedback[1].read).toBe(true);
    for (const bad of ['0', 'abc', '99999999']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/read-feedback/${bad}`, headers: bearer(c.token) })).json().status).toBe(404);
    }
  });

  it('pages by 20 and answers an empty page past the end', async () => {
    const c = await createBusiness(t.app, 'Kalabalık Kafe');
    const now = Date.now();
    await t.db.insertInto('feedback').values(Array.from({ length: 25 }, (_, i) => ({
      user_id: c.userId, masa: null, lezzet: 3, servis: null, temizlik: null, fiyat: null, comment: `yorum ${i}`, name: null, tel: null, read_at: null,
      created_at: new Date(now - i * 1000).toISOString(),
    }))).execute();
    const p1 = await view(c.token, 1);
    const p2 = await view(c.token, 2);
    expect(p1.feedback).toHaveLength(20);
    expect(p1.feedback[0].comment).toBe('yorum 0');
    expect(p2.feedback.map((f: { comment: string }) => f.comment)).toEqual(['yorum 20', 'yorum 21', 'yorum 22', 'yorum 23', 'yorum 24']);
    expect((await view(c.token, 9)).feedback).toEqual([]);
    expect(p2.total).toBe(25);
  });

  it('the admin dashboard shows the platform\'s feedback count', async () => {
    const admin = await createAdmin(t.app);
    const total = (await t.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const res = (await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(admin.token) })).json();
    expect(res.dashboard.feedback).toBe(Number(total));
  });
});

describe('abuse limits', () => {
  it('per table and per device, not per IP: 40 tables on one Wi-Fi all answer; 6th answer from one table or one device: HTTP 429, Turkish', async () => {
    const s = await buildTestApp();
    try {
      const c = await createBusiness(s.app, 'Sınırlı Kafe');
      await s.db.updateTable('settings').set({ deskcount: 40 }).where('user_id', '=', c.userId).execute();
      const post = (payload: object, headers: Record<string, string> = {}) =>
        s.app.inject({ method: 'POST', url: `/api/store-feedback/${c.slug}`, payload, remoteAddress: '10.9.9.9', headers });
      for (let i = 0; i < 3; i++) expect((await post({ ratings: {}, masa: 1 })).json().status).toBe(400);
      for (let m = 1; m <= 40; m++) expect((await post({ ratings: { lezzet: 5 }, masa: m })).json().status).toBe(200);
      // one table: 5 answers in 10 minutes (invalid posts not counted)
      for (let i = 0; i < 4; i++) expect((await post({ ratings: { lezzet: 4 }, masa: 7 })).json().status).toBe(200);
      const sixth = await post({ ratings: { lezzet: 5 }, masa: 7 });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ status: 429, message: TABLE_MSG.tooMany });
      // one device: 5 answers whatever the table; the plain form answers a Turkish page
      const first = await post({ ratings: { lezzet: 5 } });
      const cookie = String(first.headers['set-cookie']).split(';')[0];
      for (let m = 10; m < 15; m++) expect((await post({ ratings: { lezzet: 5 }, masa: m }, { cookie })).json().status).toBe(200);
      const form = await s.app.inject({
        method: 'POST', url: `/qr/${c.slug}/anket`, payload: 'lezzet=4&masa=20', remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect(form.statusCode).toBe(429);
      expect(form.headers['content-type']).toContain('text/html');
      expect(form.body).toContain('10 dakika sonra');
      const n = await s.db.selectFrom('feedback').select('id').where('user_id', '=', c.userId).execute();
      expect(n).toHaveLength(40 + 4 + 1 + 5);
    } finally {
      await s.close();
    }
  });

  it('the survey page gives the device its cookie; the business ceiling (RATE_LIMIT_FEEDBACK_BUSINESS) holds', async () => {
    const s = await buildTestApp({ config: { feedbackPerBusiness: 2 } });
    try {
      const c = await createBusiness(s.app, 'Tavan Kafe');
      const page = await s.app.inject({ url: `/qr/${c.slug}/anket?masa=1` });
      expect(String(page.headers['set-cookie'])).toMatch(/^qrm_cihaz=[A-Za-z0-9_-]{22}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
      for (let m = 1; m <= 2; m++) expect((await s.app.inject({ method: 'POST', url: `/api/store-feedback/${c.slug}`, payload: { ratings: { lezzet: 5 }, masa: m } })).json().status).toBe(200);
      expect((await s.app.inject({ method: 'POST', url: `/api/store-feedback/${c.slug}`, payload: { ratings: { lezzet: 5 }, masa: 3 } })).statusCode).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('a body over 16 KB is refused with HTTP 413', async () => {
    const res = await send(a.slug, { ratings: { lezzet: 5 }, comment: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
  });
});
