import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * A Friday night at one table: two diners press `Siparişi gönder` on one basket at the same instant,
 * and two first orders reach a table without a session at the same instant. One order per basket,
 * one session (one bill) per table — on SQLite and on PostgreSQL, where the writes really overlap.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Yarış Kafe'); // 8 tables
  ids.cat = (await addCategory(t.app, a.token, { name: 'Ana yemekler' })).id;
  ids.kofte = (await addProduct(t.app, a.token, ids.cat, { name: 'Köfte', selling_price: '250' })).id;
  ids.ayran = (await addProduct(t.app, a.token, ids.cat, { name: 'Ayran', selling_price: '40' })).id;
  await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: { enabled: true } });
});
afterAll(async () => t.close());

async function seat(masa: number): Promise<string> {
  const set = String((await t.app.inject({ url: `/qr/${a.slug}?masa=${masa}` })).headers['set-cookie'] ?? '');
  const m = /qrm_masa=([^;]+)/.exec(set);
  if (!m) throw new Error(`no seat cookie: ${set}`);
  return `qrm_masa=${m[1]}`;
}
const postForm = (url: string, form: Record<string, string | number>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
const ordersOf = (masa: number) => t.db.selectFrom('orders').selectAll().where('user_id', '=', a.userId).where('masa', '=', masa).execute();

describe('two taps at once', () => {
  it('one basket sent by two diners at the same instant becomes one order; the other hears the basket changed', async () => {
    const [d1, d2] = [await seat(7), await seat(7)];
    await postForm(`/qr/${a.slug}/siparis?masa=7`, { urun: ids.kofte, adet: 2 }, d1);
    await postForm(`/qr/${a.slug}/siparis?masa=7`, { urun: ids.ayran, adet: 2 }, d2);
    const sends = await Promise.all([d1, d2].map((d) => postForm(`/qr/${a.slug}/siparis/gonder?masa=7`, { website: '' }, d)));
    const codes = sends.map((s) => s.statusCode).sort();
    const orders = await ordersOf(7);
    expect(orders).toHaveLength(1);
    expect(orders[0].total).toBe(2 * 25000 + 2 * 4000);
    const items = await t.db.selectFrom('order_items').select(['name', 'quantity']).where('order_id', '=', orders[0].id).orderBy('id').execute();
    expect(items).toEqual([{ name: 'Köfte', quantity: 2 }, { name: 'Ayran', quantity: 2 }]);
    expect(await t.db.selectFrom('basket_items').select('id').where('user_id', '=', a.userId).where('masa', '=', 7).execute()).toEqual([]);
    // the second: the basket was already gone (422 empty) or taken under its feet (409 changed), never a second order
    expect(codes[0]).toBe(303);
    const loser = sends.find((s) => s.statusCode !== 303)!;
    expect([409, 422]).toContain(loser.statusCode);
    expect(loser.body).toContain(loser.statusCode === 409 ? ORDER_MSG.basketChanged : ORDER_MSG.basketEmpty);
  });

  it('two first orders of a table at the same instant share its one session (one bill)', async () => {
    const devices = [await seat(8), await seat(8), await seat(8)];
    const sent = await Promise.all(
      devices.map((cookie) =>
        t.app.inject({ method: 'POST', url: `/api/orders/${a.slug}`, headers: { cookie }, payload: { masa: 8, items: [{ product_id: ids.ayran, quantity: 1 }] } }),
      ),
    );
    expect(sent.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const sessions = await t.db.selectFrom('table_sessions').select('id').where('user_id', '=', a.userId).where('masa', '=', 8).where('closed_at', 'is', null).execute();
    expect(sessions).toHaveLength(1);
    const orders = await ordersOf(8);
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.session_id))).toEqual(new Set([sessions[0].id]));
  });

  it('an order and `Masayı kapat` at the same instant: the order never lands in a session closed under it', async () => {
    const cookie = await seat(6);
    const place = () => t.app.inject({ method: 'POST', url: `/api/orders/${a.slug}`, headers: { cookie }, payload: { masa: 6, items: [{ product_id: ids.kofte, quantity: 1 }] } });
    const step = (id: number, status: string) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(a.token), payload: { status } });
    for (let round = 0; round < 8; round++) {
      // the table has one served order: it may close
      const served = (await place()).json().order;
      for (const s of ['hazirlaniyor', 'hazir', 'servis']) expect((await step(served.id, s)).statusCode).toBe(200);
      const [closed, placed] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/tables/6/close', headers: bearer(a.token), payload: { payment: 'nakit' } }),
        place(),
      ]);
      expect(placed.statusCode).toBe(200);
      // closed first (the order opened the next session) or refused (the order came first: not served yet)
      expect([200, 409]).toContain(closed.json().status);
      const fresh = await t.db
        .selectFrom('orders as o')
        .innerJoin('table_sessions as s', 's.id', 'o.session_id')
        .select(['o.id', 's.closed_at'])
        .where('o.id', '=', placed.json().order.id)
        .executeTakeFirstOrThrow();
      expect(fresh.closed_at, `round ${round}`).toBeNull();
      const open = (await t.app.inject({ url: '/api/orders', headers: bearer(a.token) })).json().orders as Array<{ id: number }>;
      expect(open.map((o) => o.id)).toContain(placed.json().order.id);
      // serve the open orders and close, for the next round
      for (const o of open.filter((x) => x.id !== served.id || closed.json().status === 409)) {
        const cur = (await t.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status;
        const rest = ['hazirlaniyor', 'hazir', 'servis'].slice(['yeni', 'hazirlaniyor', 'hazir', 'servis'].indexOf(cur));
        for (const s of rest) await step(o.id, s);
      }
      expect((await t.app.inject({ method: 'POST', url: '/api/tables/6/close', headers: bearer(a.token), payload: { payment: 'kart' } })).json().status).toBe(200);
    }
  });

  it('the database itself refuses a second open session for a table', async () => {
    const now = t.app.clock.now().toISOString();
    await expect(t.db.insertInto('table_sessions').values({ user_id: a.userId, masa: 8, opened_at: now, closed_at: null, payment: null }).execute()).rejects.toThrow();
    // a closed one beside it is fine (yesterday's sessions)
    await t.db.insertInto('table_sessions').values({ user_id: a.userId, masa: 8, opened_at: now, closed_at: now, payment: 'nakit' }).execute();
  });
});
