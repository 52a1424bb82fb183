import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, staffAt, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * Orders per branch (issue 43 item 1): a diner at an extra branch's table orders into that branch
 * (its table count, its seat, its prices and availability); the staff's lists, live stream, bills,
 * closing and the report read one branch with `?branch=` (0: the main one); a staff member who
 * works at some branches reaches only those (404 for the others), as another owner's branch.
 */
let t: TestApp;
let base: string;
let A: Awaited<ReturnType<typeof createBusiness>>;
let B: Awaited<ReturnType<typeof createBusiness>>;
let K: { id: number; slug: string }; // A's branch Kadıköy, 3 tables
let otherBranch: { id: number };
const ids: Record<string, number> = {};
const staff: Record<string, string> = {};

const post = (url: string, payload: unknown, token?: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });
const get = (url: string, token?: string, cookie?: string) => t.app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) } });
const form = (url: string, fields: Record<string, string | number>, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });

/** The seat cookie a table's QR address gives (`/qr/{slug}?masa=N`). */
async function seat(slug: string, masa: number): Promise<string> {
  const set = String((await get(`/qr/${slug}/category?masa=${masa}`)).headers['set-cookie'] ?? '');
  const m = /qrm_masa=([^;]+)/.exec(set);
  if (!m) throw new Error(`no seat at ${slug} table ${masa}: ${set}`);
  return `qrm_masa=${m[1]}`;
}

/** A signed-in staff member of A with this role, working at `branches` ([]: every branch, set by the owner's route). */
const staffOf = (role: 'garson' | 'mutfak' | 'yonetici', branches: number[]) => staffAt(t.app, A, role, branches);

const order = (slug: string, masa: number, cookie: string, items: Array<{ product_id: number; quantity: number }>) => post(`/api/orders/${slug}`, { masa, items }, undefined, cookie);
const masas = (orders: Array<{ masa: number; branch_id: number }>) => orders.map((o) => `${o.branch_id}:${o.masa}`).sort();

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  A = await createBusiness(t.app, 'Çınar Kafe'); // the main branch: 8 tables
  B = await createBusiness(t.app, 'Boğaz Lokantası');
  for (const x of [A, B]) await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', x.userId).execute();
  K = (await post('/api/branches', { name: 'Kadıköy', deskcount: 3 }, A.token)).json().branch;
  otherBranch = (await post('/api/branches', { name: 'Bebek', deskcount: 5 }, B.token)).json().branch;
  ids.cat = (await addCategory(t.app, A.token, { name: 'Ana yemekler' })).id;
  ids.kofte = (await addProduct(t.app, A.token, ids.cat, { name: 'Köfte', selling_price: '250' })).id;
  ids.ayran = (await addProduct(t.app, A.token, ids.cat, { name: 'Ayran', selling_price: '40' })).id;
  ids.baklava = (await addProduct(t.app, A.token, ids.cat, { name: 'Baklava', selling_price: '150' })).id;
  // at Kadıköy: Köfte 300 TL, Ayran sold out, Baklava not served
  expect(
    (await post('/api/branch-prices', { branch_id: K.id, items: [{ product_id: ids.kofte, price: '300' }, { product_id: ids.ayran, sold_out: true }, { product_id: ids.baklava, unavailable: true }] }, A.token)).json().status,
  ).toBe(200);
  await post('/api/order-settings', { enabled: true }, A.token);
  staff.garsonK = await staffOf('garson', [K.id]);
  staff.mutfakMain = await staffOf('mutfak', [0]);
  staff.garsonAll = await staffOf('garson', []);
});
afterAll(async () => t.close());

describe('the diner at a branch table', () => {
  it("orders into that branch at the branch's prices; its sold-out and left-off products are refused", async () => {
    const k2 = await seat(K.slug, 2);
    expect((await form(`/qr/${K.slug}/siparis?masa=2`, { urun: ids.kofte, adet: 2 }, k2)).statusCode).toBe(303);
    const basket = await get(`/qr/${K.slug}/siparis?masa=2`, undefined, k2);
    expect(basket.body).toContain('600,00'); // 2 × 300 TL, the branch's price
    const sold = await form(`/qr/${K.slug}/siparis?masa=2`, { urun: ids.ayran, adet: 1 }, k2);
    expect(sold.statusCode).toBe(409);
    expect(sold.body).toContain(ORDER_MSG.soldOut('Ayran'));
    expect((await order(K.slug, 2, k2, [{ product_id: ids.baklava, quantity: 1 }])).json()).toMatchObject({ status: 409, message: ORDER_MSG.passive('Baklava') });
    expect((await form(`/qr/${K.slug}/siparis/gonder?masa=2`, { website: '' }, k2)).statusCode).toBe(303);

    const rows = await t.db.selectFrom('orders').select(['masa', 'branch_id', 'total', 'session_id']).where('user_id', '=', A.userId).execute();
    expect(rows).toEqual([expect.objectContaining({ masa: 2, branch_id: K.id, total: 60000 })]);
    const s = await t.db.selectFrom('table_sessions').select(['branch_id', 'masa']).where('id', '=', rows[0].session_id).executeTakeFirstOrThrow();
    expect(s).toEqual({ branch_id: K.id, masa: 2 });
    // the order shows on the branch's basket page, not on the main branch's table 2
    expect((await get(`/qr/${K.slug}/siparis?masa=2&durum=gonderildi`, undefined, k2)).body).toContain('Köfte');
    const m2 = await seat(A.slug, 2);
    expect((await get(`/qr/${A.slug}/siparis?masa=2`, undefined, m2)).body).not.toContain('Köfte');
  });

  it("the main branch keeps the shared prices and products; table numbers stay within each branch's table count", async () => {
    const m2 = await seat(A.slug, 2);
    const placed = (await order(A.slug, 2, m2, [{ product_id: ids.kofte, quantity: 1 }, { product_id: ids.ayran, quantity: 1 }, { product_id: ids.baklava, quantity: 1 }])).json();
    expect(placed).toMatchObject({ status: 200, order: { masa: 2, branch_id: 0, total: 440 } });
    // Kadıköy has 3 tables: table 5 is not one of them (the main branch's 8 do not count there)
    expect((await get(`/qr/${K.slug}/category?masa=5`)).headers['set-cookie']).toBeUndefined();
    expect((await get(`/qr/${K.slug}/siparis?masa=5`)).statusCode).toBe(422);
    const m5 = await seat(A.slug, 5);
    expect((await order(K.slug, 5, m5, [{ product_id: ids.kofte, quantity: 1 }])).json()).toMatchObject({ status: 422, errors: { masa: [ORDER_MSG.tableInvalid] } });
  });

  it("a seat at the main branch's table 2 is not a seat at the branch's table 2 (basket, order, bill)", async () => {
    const m2 = await seat(A.slug, 2);
    expect((await order(K.slug, 2, m2, [{ product_id: ids.kofte, quantity: 1 }])).json()).toMatchObject({ status: 403, message: ORDER_MSG.noSeat });
    expect((await form(`/qr/${K.slug}/siparis?masa=2`, { urun: ids.kofte, adet: 1 }, m2)).statusCode).toBe(403);
    expect((await get(`/qr/${K.slug}/hesap?masa=2`, undefined, m2)).statusCode).toBe(403);
    const k2 = await seat(K.slug, 2);
    const bill = await get(`/qr/${K.slug}/hesap?masa=2`, undefined, k2);
    expect(bill.statusCode).toBe(200);
    expect(bill.body).toContain('Köfte');
  });

  it("one open session per branch table, also when two first orders arrive at once; the database refuses a second", async () => {
    const cookies = [await seat(K.slug, 3), await seat(K.slug, 3), await seat(K.slug, 3)];
    const sent = await Promise.all(cookies.map((c) => order(K.slug, 3, c, [{ product_id: ids.kofte, quantity: 1 }])));
    expect(sent.map((r) => r.json().status)).toEqual([200, 200, 200]);
    const open = (branch: number | null, masa: number) =>
      t.db.selectFrom('table_sessions').select('id').where('user_id', '=', A.userId).where('masa', '=', masa).where('branch_id', branch === null ? 'is' : '=', branch).where('closed_at', 'is', null).execute();
    expect(await open(K.id, 3)).toHaveLength(1);
    // table 2 is open at both branches at once: two tables, two sessions
    expect(await open(K.id, 2)).toHaveLength(1);
    expect(await open(null, 2)).toHaveLength(1);
    const now = t.app.clock.now().toISOString();
    await expect(t.db.insertInto('table_sessions').values({ user_id: A.userId, masa: 3, branch_id: K.id, opened_at: now, closed_at: null, payment: null }).execute()).rejects.toThrow();
    await expect(t.db.insertInto('table_sessions').values({ user_id: A.userId, masa: 2, branch_id: null, opened_at: now, closed_at: null, payment: null }).execute()).rejects.toThrow();
  });
});

describe('the staff per branch', () => {
  it('GET /api/orders?branch=: one branch (0 the main one) or all; junk 422; another owner\'s branch 404; no token 401', async () => {
    expect(masas((await get('/api/orders', A.token)).json().orders)).toEqual([`0:2`, `${K.id}:2`, `${K.id}:3`, `${K.id}:3`, `${K.id}:3`]);
    expect(masas((await get(`/api/orders?branch=${K.id}`, A.token)).json().orders)).toEqual([`${K.id}:2`, `${K.id}:3`, `${K.id}:3`, `${K.id}:3`]);
    expect(masas((await get('/api/orders?branch=0', A.token)).json().orders)).toEqual(['0:2']);
    expect((await get('/api/orders?branch=kadikoy', A.token)).json()).toMatchObject({ status: 422, errors: { branch: [ORDER_MSG.branchInvalid] } });
    expect((await get(`/api/orders?branch=${otherBranch.id}`, A.token)).json().status).toBe(404);
    expect((await get(`/api/orders?branch=${K.id}`)).statusCode).toBe(401);
  });

  it('a staff member who works at some branches sees only theirs; others answer 404; without an assignment, all', async () => {
    expect(masas((await get('/api/orders', staff.garsonK)).json().orders).every((m) => m.startsWith(`${K.id}:`))).toBe(true);
    expect((await get('/api/orders?branch=0', staff.garsonK)).json().status).toBe(404);
    expect(masas((await get('/api/orders', staff.mutfakMain)).json().orders)).toEqual(['0:2']);
    expect((await get(`/api/orders/stream?branch=${K.id}`, staff.mutfakMain)).json().status).toBe(404);
    expect((await get('/api/orders', staff.garsonAll)).json().orders).toHaveLength(5);
    // the pickers' list: the owner's every branch, a staff member's own
    expect((await get('/api/orders/branches', A.token)).json().branches).toEqual([
      { id: 0, name: 'Çınar Kafe', deskcount: 8 },
      { id: K.id, name: 'Kadıköy', deskcount: 3 },
    ]);
    expect((await get('/api/orders/branches', staff.garsonK)).json().branches).toEqual([{ id: K.id, name: 'Kadıköy', deskcount: 3 }]);
    expect((await get('/api/orders/branches')).statusCode).toBe(401);
    // an order of another branch cannot be moved by them
    const mainOrder = (await get('/api/orders?branch=0', A.token)).json().orders[0];
    expect((await post(`/api/orders/${mainOrder.id}/status`, { status: 'hazirlaniyor' }, staff.garsonK)).json().status).toBe(404);
    expect((await post(`/api/orders/${mainOrder.id}/status`, { status: 'hazirlaniyor' }, staff.mutfakMain)).json().status).toBe(200);
  });

  it('the bill, slip and close of table N are of the branch asked (default: the main one), within the staff\'s branches', async () => {
    const main = (await get('/api/tables/2/bill', A.token)).json().bill;
    const atK = (await get(`/api/tables/2/bill?branch=${K.id}`, A.token)).json().bill;
    expect(main).toMatchObject({ branch_id: 0, masa: 2, preparing_total: 440 });
    expect(atK).toMatchObject({ branch_id: K.id, masa: 2, preparing_total: 600 });
    expect(main.session_id).not.toBe(atK.session_id);
    const slip = await get(`/api/tables/2/slip?branch=${K.id}`, A.token);
    expect(slip.body).toContain('Çınar Kafe – Kadıköy');
    expect((await get('/api/tables/2/bill', staff.garsonK)).json().status).toBe(404);
    expect((await get(`/api/tables/2/bill?branch=${K.id}`, staff.garsonK)).json().bill.session_id).toBe(atK.session_id);
    expect((await get(`/api/table-sessions/${main.session_id}/slip`, staff.garsonK)).json().status).toBe(404);
    expect((await get(`/api/tables/2/bill?branch=${otherBranch.id}`, A.token)).json().status).toBe(404);
    expect((await get(`/api/tables/2/bill?branch=${K.id}`, staff.mutfakMain)).statusCode).toBe(403);
    expect((await get(`/api/tables/2/bill?branch=${K.id}`)).statusCode).toBe(401);

    // closing Kadıköy's table 2 leaves the main branch's table 2 open
    const kOrders = (await get(`/api/orders?branch=${K.id}`, staff.garsonK)).json().orders.filter((o: { masa: number }) => o.masa === 2);
    for (const o of kOrders) for (const s of ['hazirlaniyor', 'hazir', 'servis']) await post(`/api/orders/${o.id}/status`, { status: s }, staff.garsonK);
    expect((await post('/api/tables/2/close', { payment: 'kart' }, staff.garsonK)).json().status).toBe(404); // the main branch's: not theirs
    expect((await post(`/api/tables/2/close?branch=${otherBranch.id}`, { payment: 'kart' }, A.token)).json().status).toBe(404);
    expect((await post(`/api/tables/2/close?branch=${K.id}`, { payment: 'kart' }, staff.mutfakMain)).statusCode).toBe(403);
    expect((await post(`/api/tables/2/close?branch=${K.id}`, { payment: 'kart' })).statusCode).toBe(401);
    const closed = (await post(`/api/tables/2/close?branch=${K.id}`, { payment: 'kart' }, staff.garsonK)).json();
    expect(closed).toMatchObject({ status: 200, masa: 2, branch_id: K.id, total: 600 });
    expect((await get('/api/tables/2/bill', A.token)).json().bill.session_id).toBe(main.session_id);
    // the activity log names the branch's table
    const log = await t.db.selectFrom('staff_activity').select(['action', 'detail']).where('business_id', '=', A.userId).orderBy('id').execute();
    expect(log).toContainEqual({ action: 'Masa kapatıldı', detail: 'Kadıköy · Masa 2, ödeme: Kart, toplam ₺600,00' });
    expect(log.some((e) => e.detail.startsWith('Sipariş #') && e.detail.includes(', Kadıköy · Masa 2: Hazır → Servis edildi'))).toBe(true);
  });

  it('the report per branch and for all branches; another owner\'s branch 404', async () => {
    // the last 7 days (the default range) hold every order of this file
    const revenue = async (q: string) => (await get(`/api/reports/orders${q}`, A.token)).json().report.totals.revenue;
    const all = await revenue('');
    const main = await revenue('?branch=0');
    const atK = await revenue(`?branch=${K.id}`);
    expect(main).toBe(440);
    expect(atK).toBe(600 + 3 * 300);
    expect(all).toBe(main + atK);
    expect((await get(`/api/reports/orders?branch=${otherBranch.id}`, A.token)).json().status).toBe(404);
    expect((await get(`/api/reports/orders?branch=${K.id}`)).statusCode).toBe(401);
    expect((await get(`/api/reports/orders?branch=${K.id}`, staff.garsonK)).statusCode).toBe(403);
    const file = await get(`/api/reports/orders/export?format=csv&branch=${K.id}`, A.token);
    expect(String(file.headers['content-disposition'])).toContain(`-sube-${K.id}-`);
  });
});

/** Reads Server-Sent Events from a stream (the Authorization header, never the URL). */
async function stream(path: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: ctrl.signal });
  const events: Array<{ event: string; data: any }> = [];
  const pump = (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
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
  const seen = async (event: string, ms = 1500) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (events.some((e) => e.event === event)) return events.filter((e) => e.event === event).map((e) => e.data);
      await new Promise((r) => setTimeout(r, 20));
    }
    return [];
  };
  return { res, seen, close: async () => { ctrl.abort(); await pump; } };
}

describe('live streams per branch', () => {
  it("the orders stream with ?branch= hears that branch's orders and calls only", async () => {
    const atK = await stream(`/api/orders/stream?branch=${K.id}`, A.token);
    const atMain = await stream('/api/orders/stream?branch=0', A.token);
    const all = await stream('/api/orders/stream', staff.garsonAll);
    expect((await atK.seen('snapshot'))[0].orders.every((o: { branch_id: number }) => o.branch_id === K.id)).toBe(true);
    await order(K.slug, 1, await seat(K.slug, 1), [{ product_id: ids.kofte, quantity: 1 }]);
    await post(`/api/call-waiter/${K.slug}`, { masa: 1, type: 'garson' });
    expect((await atK.seen('order')).map((o) => [o.branch_id, o.masa])).toEqual([[K.id, 1]]);
    expect((await atK.seen('call')).map((c) => [c.branch_id, c.masa])).toEqual([[K.id, 1]]);
    expect((await all.seen('order')).map((o) => o.masa)).toEqual([1]);
    expect(await atMain.seen('order', 300)).toEqual([]);
    expect(await atMain.seen('call', 10)).toEqual([]);
    for (const s of [atK, atMain, all]) await s.close();
  });

  it('the waiter-call stream and list take ?branch= too; a staff member at the branch gets its calls only', async () => {
    const mainCalls = await stream('/api/waiter-calls/stream?branch=0', A.token);
    const kCalls = await stream('/api/waiter-calls/stream', staff.garsonK);
    await mainCalls.seen('snapshot');
    await post(`/api/call-waiter/${A.slug}`, { masa: 4, type: 'hesap' });
    await post(`/api/call-waiter/${K.slug}`, { masa: 2, type: 'hesap' });
    expect((await mainCalls.seen('call')).map((c) => [c.branch_id, c.masa])).toEqual([[0, 4]]);
    expect((await kCalls.seen('call')).map((c) => [c.branch_id, c.masa])).toEqual([[K.id, 2]]);
    for (const s of [mainCalls, kCalls]) await s.close();
    expect((await get(`/api/waiter-calls?branch=${otherBranch.id}`, A.token)).json().status).toBe(404);
    expect((await get('/api/waiter-calls/stream?branch=0', staff.garsonK)).json().status).toBe(404);
    expect((await get('/api/waiter-calls?branch=0', staff.mutfakMain)).statusCode).toBe(403);
    expect((await get('/api/waiter-calls?branch=0')).statusCode).toBe(401);
  });
});

describe('deleting a branch with open tables', () => {
  it('is refused (body 422) while a table of the branch has an unpaid bill; nothing changes', async () => {
    const r = (await t.app.inject({ method: 'DELETE', url: `/api/branches/${K.id}`, headers: bearer(A.token) })).json();
    expect(r).toMatchObject({ status: 422, message: 'Bu şubede hesabı açık masalar var. Şubeyi silmeden önce garson ekranından masaları kapatın.' });
    expect((await get(`/api/orders?branch=${K.id}`, A.token)).json().orders.length).toBeGreaterThan(0);
    expect((await get(`/qr/${K.slug}`)).statusCode).toBe(200);
  });
});
