import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';

let t: TestApp;
let base: string;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
beforeAll(async () => {
  t = await buildTestApp({ config: { callsPerIp: 1000, callsPerTable: 1000, callsPerDevice: 1000, callsPerBusiness: 1000 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createBusiness(t.app, 'Çınar Kafe'); // 8 tables
  b = await createBusiness(t.app, 'Boğaz Lokantası');
});
afterAll(async () => t.close());

const call = (slug: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/call-waiter/${slug}`, payload: payload as object, remoteAddress: ip });
const open = async (token: string) => (await t.app.inject({ url: '/api/waiter-calls', headers: bearer(token) })).json();
const done = (token: string, id: number) => t.app.inject({ method: 'POST', url: `/api/waiter-calls/${id}/done`, headers: bearer(token) });

/** Reads Server-Sent Events from the owner's stream (Authorization header, never the URL). */
async function stream(token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/waiter-calls/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: ctrl.signal });
  const reader = res.body!.getReader();
  const events: Array<{ event: string; data: any }> = [];
  let buffer = '';
  const pump = (async () => {
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return;
        buffer += dec.decode(value, { stream: true });
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(chunk)?.[1];
          const data = /^data: (.*)$/m.exec(chunk)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const next = async (event: string, ms = 2000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = events.findIndex((e) => e.event === event);
      if (i >= 0) return events.splice(i, 1)[0].data;
      if (Date.now() > deadline) return undefined;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { res, next, events, close: async () => { ctrl.abort(); await pump; } };
}

describe('POST /api/call-waiter/{company}', () => {
  it('a table calls the waiter: body 200, the owner sees it among the open calls, another owner does not', async () => {
    const res = await call(a.slug, { masa: 4, type: 'garson' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, message: TABLE_MSG.callSent, masa: 4, type: 'garson' });
    const list = await open(a.token);
    expect(list.status).toBe(200);
    expect(list.calls).toEqual([expect.objectContaining({ masa: 4, type: 'garson' })]);
    expect(typeof list.now).toBe('string');
    expect((await open(b.token)).calls).toEqual([]);
  });

  it('no valid table or type: body 422 with Turkish errors, nothing made', async () => {
    const before = (await open(a.token)).calls.length;
    for (const masa of [undefined, 0, 9, -2, 'dört', '4a', 2.5]) {
      const body = (await call(a.slug, { masa, type: 'hesap' })).json();
      expect(body.status).toBe(422);
      expect(body.errors.masa).toEqual([TABLE_MSG.tableInvalid]);
    }
    const body = (await call(a.slug, { masa: 5, type: 'kahve' })).json();
    expect(body).toMatchObject({ status: 422, errors: { type: [TABLE_MSG.callTypeInvalid] } });
    expect((await open(a.token)).calls.length).toBe(before);
  });

  it('a business without tables has no valid table; unknown business: body 404', async () => {
    await t.db.updateTable('settings').set({ deskcount: null }).where('user_id', '=', b.userId).execute();
    expect((await call(b.slug, { masa: 1, type: 'garson' })).json().status).toBe(422);
    await t.db.updateTable('settings').set({ deskcount: 8 }).where('user_id', '=', b.userId).execute();
    expect((await call('yok-boyle-kafe', { masa: 1, type: 'garson' })).json().status).toBe(404);
  });

  it('the same call from the same table within a minute is answered 200 without a new call; another type is a new call', async () => {
    for (let i = 0; i < 3; i++) expect((await call(a.slug, { masa: 6, type: 'hesap' })).json().status).toBe(200);
    expect((await call(a.slug, { masa: 6, type: 'garson' })).json().status).toBe(200);
    const six = (await open(a.token)).calls.filter((c: { masa: number }) => c.masa === 6);
    expect(six.map((c: { type: string }) => c.type).sort()).toEqual(['garson', 'hesap']);
    // concurrent double taps too
    await Promise.all([call(a.slug, { masa: 7, type: 'garson' }), call(a.slug, { masa: 7, type: 'garson' })]);
    expect((await open(a.token)).calls.filter((c: { masa: number }) => c.masa === 7)).toHaveLength(1);
  });
});

describe('POST /api/waiter-calls/{id}/done', () => {
  it('closes the owner\'s call; another owner gets body 404 and the call stays open', async () => {
    await call(a.slug, { masa: 2, type: 'garson' });
    const c = (await open(a.token)).calls.find((x: { masa: number }) => x.masa === 2);
    expect((await done(b.token, c.id)).json().status).toBe(404);
    expect((await open(a.token)).calls.some((x: { id: number }) => x.id === c.id)).toBe(true);
    expect((await done(a.token, c.id)).json()).toEqual({ status: 200, message: TABLE_MSG.callDone });
    expect((await open(a.token)).calls.some((x: { id: number }) => x.id === c.id)).toBe(false);
    expect((await done(a.token, c.id)).json().status).toBe(200); // already closed: harmless
    expect((await done(a.token, 987654)).json().status).toBe(404);
  });

  it('open calls older than 30 minutes close themselves', async () => {
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    const r = await t.db.insertInto('waiter_calls').values({ user_id: a.userId, masa: 1, type: 'garson', created_at: old, done_at: null }).returning('id').executeTakeFirstOrThrow();
    expect((await open(a.token)).calls.some((x: { id: number }) => x.id === r.id)).toBe(false);
    const row = await t.db.selectFrom('waiter_calls').select('done_at').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row.done_at).not.toBeNull();
  });
});

describe('GET /api/waiter-calls/stream', () => {
  it('needs the bearer token (no token: 401)', async () => {
    const res = await fetch(`${base}/api/waiter-calls/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
  });

  it('delivers a snapshot, then a new call within 2 s and its closing; another owner\'s stream gets nothing', async () => {
    const sa = await stream(a.token);
    const sb = await stream(b.token);
    try {
      expect(sa.res.headers.get('content-type')).toContain('text/event-stream');
      const snap = await sa.next('snapshot');
      expect(snap.status).toBe(200);
      expect(Array.isArray(snap.calls)).toBe(true);
      await sb.next('snapshot');
      const started = Date.now();
      await call(a.slug, { masa: 3, type: 'hesap' });
      const ev = await sa.next('call', 2000);
      expect(ev, 'call within 2 s').toMatchObject({ masa: 3, type: 'hesap' });
      expect(Date.now() - started).toBeLessThan(2000);
      await done(a.token, ev.id);
      expect(await sa.next('done')).toEqual({ id: ev.id });
      expect(await sb.next('call', 300)).toBeUndefined();
      expect(sb.events.filter((e) => e.event !== 'snapshot')).toEqual([]);
    } finally {
      await sa.close();
      await sb.close();
    }
  });
});

describe('shutdown', () => {
  it('an open stream does not hold the server\'s close', async () => {
    const s = await buildTestApp();
    const url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await createBusiness(s.app, 'Kapanış Kafe');
    const res = await fetch(`${url}/api/waiter-calls/stream`, { headers: { authorization: `Bearer ${c.token}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await res.body?.cancel().catch(() => undefined);
  });
});

describe('limits per table and per device, not per IP (one Wi-Fi, forty tables)', () => {
  const cookieOf = (res: { headers: Record<string, string | string[] | number | undefined> }) => [res.headers['set-cookie'] ?? ''].flat().map(String).join(',').split(';')[0];

  it('40 tables calling 3 times each from one IP all get through; a table beyond deskcount is refused', async () => {
    const s = await buildTestApp();
    try {
      const c = await createBusiness(s.app, 'Kalabalık Kafe');
      await s.db.updateTable('settings').set({ deskcount: 40 }).where('user_id', '=', c.userId).execute();
      const post = (masa: number, type: string, cookie?: string) =>
        s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa, type }, remoteAddress: '10.7.7.7', headers: cookie ? { cookie } : {} });
      const cookies: string[] = [];
      for (let m = 1; m <= 40; m++) {
        const first = await post(m, 'garson');
        expect(first.json().status).toBe(200);
        cookies[m] = cookieOf(first);
      }
      for (const type of ['hesap', 'garson']) {
        for (let m = 1; m <= 40; m++) expect((await post(m, type, cookies[m])).json().status).toBe(200);
      }
      expect(await s.db.selectFrom('waiter_calls').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(80);
      const beyond = await post(41, 'garson');
      expect(beyond.json()).toMatchObject({ status: 422, errors: { masa: [TABLE_MSG.tableInvalid] } });
    } finally {
      await s.close();
    }
  });

  it('the device cookie: a random id, HttpOnly, SameSite=Lax, Path=/, set once', async () => {
    const first = await call(a.slug, { masa: 1, type: 'garson' });
    const header = String(first.headers['set-cookie']);
    expect(header).toMatch(/^qrm_cihaz=[A-Za-z0-9_-]{22}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    const again = await call(a.slug, { masa: 1, type: 'garson' }, '10.0.0.1');
    expect(String(again.headers['set-cookie'])).not.toBe(header);
    const kept = await t.app.inject({ method: 'POST', url: `/api/call-waiter/${a.slug}`, payload: { masa: 1, type: 'garson' }, headers: { cookie: header.split(';')[0] } });
    expect(kept.headers['set-cookie']).toBeUndefined();
  });

  it('one device sending 20 calls in a minute (to any tables) is refused after 10: HTTP 429, JSON and the Turkish page', async () => {
    const s = await buildTestApp();
    try {
      const c = await createBusiness(s.app, 'Sınırlı Kafe');
      await s.db.updateTable('settings').set({ deskcount: 40 }).where('user_id', '=', c.userId).execute();
      const first = await s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa: 1, type: 'garson' } });
      const cookie = cookieOf(first);
      const codes: number[] = [first.statusCode];
      for (let i = 2; i <= 20; i++) {
        const res = await s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa: i, type: 'garson' }, headers: { cookie }, remoteAddress: `10.3.0.${i}` });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ status: 429, message: TABLE_MSG.tooMany });
      }
      // the first call came without the cookie: 1 + 10 counted with it
      expect(codes.filter((x) => x === 200)).toHaveLength(11);
      expect(codes.slice(11).every((x) => x === 429)).toBe(true);
      const page = await s.app.inject({
        method: 'POST', url: `/qr/${c.slug}/garson`, payload: 'masa=30&type=hesap', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(page.statusCode).toBe(429);
      expect(page.body).toContain('10 dakika sonra');
      expect(await s.db.selectFrom('waiter_calls').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(11);
      // another device at another table on the same Wi-Fi is not affected
      expect((await s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa: 35, type: 'garson' }, remoteAddress: '10.3.0.2' })).json().status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a phone without cookies flooding one table is refused after 10 requests (repeats count)', async () => {
    const s = await buildTestApp();
    try {
      const c = await createBusiness(s.app, 'Sınırlı Kafe');
      const post = () => s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa: 2, type: 'garson' }, remoteAddress: '10.4.4.4' });
      for (let i = 0; i < 10; i++) expect((await post()).json().status).toBe(200);
      expect((await post()).statusCode).toBe(429);
      expect(await s.db.selectFrom('waiter_calls').select('id').where('user_id', '=', c.userId).execute()).toHaveLength(1);
      // table 3 on the same Wi-Fi still calls
      expect((await s.app.inject({ method: 'POST', url: `/api/call-waiter/${c.slug}`, payload: { masa: 3, type: 'garson' }, remoteAddress: '10.4.4.4' })).json().status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('under a per-business ceiling (RATE_LIMIT_CALLS_BUSINESS) and a per-IP ceiling (RATE_LIMIT_CALLS)', async () => {
    const s = await buildTestApp({ config: { callsPerBusiness: 3, callsPerIp: 5 } });
    try {
      const c = await createBusiness(s.app, 'Tavan Kafe');
      const d = await createBusiness(s.app, 'Öbür Kafe');
      const post = (slug: string, masa: number, ip: string) => s.app.inject({ method: 'POST', url: `/api/call-waiter/${slug}`, payload: { masa, type: 'garson' }, remoteAddress: ip });
      for (let m = 1; m <= 3; m++) expect((await post(c.slug, m, `10.5.0.${m}`)).json().status).toBe(200);
      expect((await post(c.slug, 4, '10.5.0.4')).statusCode).toBe(429);
      expect((await post(d.slug, 1, '10.5.9.9')).json().status).toBe(200);
      for (let m = 1; m <= 2; m++) expect((await post(d.slug, m + 1, '10.5.1.1')).json().status).toBe(200);
      for (let m = 1; m <= 3; m++) await post(`${c.slug}`, 5, '10.5.1.1');
      expect((await post(d.slug, 6, '10.5.1.1')).statusCode).toBe(429);
    } finally {
      await s.close();
    }
  });
});
