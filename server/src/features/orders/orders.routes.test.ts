import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const staff: Record<string, string> = {};
const ids: Record<string, number> = {};

/** A staff member of business `a` with this role (accepted), signed in. */
async function staffOf(role: 'garson' | 'mutfak' | 'yonetici', businessId: number) {
  const s = await registerOwner(t.app);
  const now = new Date().toISOString();
  await t.db.insertInto('staff_members').values({ business_id: businessId, user_id: s.userId, staff_role: role, invited_at: now, accepted_at: now, revoked_at: null }).execute();
  return s.token;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'API Kafe');
  b = await createBusiness(t.app, 'Başka Kafe');
  ids.cat = (await addCategory(t.app, a.token, { name: 'Tatlılar' })).id;
  ids.baklava = (await addProduct(t.app, a.token, ids.cat, { name: 'Baklava', selling_price: '150' })).id;
  ids.sutlac = (await addProduct(t.app, a.token, ids.cat, { name: 'Sütlaç', selling_price: '90' })).id;
  for (const role of ['garson', 'mutfak', 'yonetici'] as const) staff[role] = await staffOf(role, a.userId);
  staff.otherGarson = await staffOf('garson', b.userId);
  await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(a.token), payload: { enabled: true } });
});
afterAll(async () => t.close());

async function seat(masa: number, slug = a.slug): Promise<string> {
  const res = await t.app.inject({ url: `/qr/${slug}?masa=${masa}` });
  return `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
}
const order = (cookie: string | undefined, payload: unknown, slug = a.slug) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${slug}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const status = (token: string, id: number, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(token), payload: payload as object });

describe('POST /api/orders/{company}', () => {
  it('200 with the order at today\'s prices; 409 sold out; 422 invalid; 403 without a seat or for another table', async () => {
    const d = await seat(3);
    const ok = await order(d, { masa: 3, items: [{ product_id: ids.baklava, quantity: 2, note: 'Kaymaklı' }, { product_id: ids.sutlac, quantity: 1 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 200, order: { masa: 3, status: 'yeni', total: 390, items: [{ name: 'Baklava', quantity: 2, unit_price: 150, note: 'Kaymaklı' }, { name: 'Sütlaç' }] } });

    await t.db.updateTable('products').set({ sold_out: '1' }).where('id', '=', ids.sutlac).execute();
    const sold = await order(d, { masa: 3, items: [{ product_id: ids.sutlac, quantity: 1 }] });
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toMatchObject({ status: 409, message: 'Sütlaç tükendi; sepete eklenemez.' });
    await t.db.updateTable('products').set({ sold_out: '0' }).where('id', '=', ids.sutlac).execute();

    const bad = await order(d, { masa: 3, items: [{ product_id: ids.baklava, quantity: 0 }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toBeDefined();
    expect((await order(d, { masa: 3, items: [] })).statusCode).toBe(422);
    expect((await order(undefined, { masa: 3, items: [{ product_id: ids.baklava, quantity: 1 }] })).statusCode).toBe(403);
    expect((await order(d, { masa: 4, items: [{ product_id: ids.baklava, quantity: 1 }] })).statusCode).toBe(403);
    // another business: ordering off there, and its seat is not this one
    expect((await order(d, { masa: 3, items: [{ product_id: ids.baklava, quantity: 1 }] }, b.slug)).statusCode).toBe(403);
  });
});

describe('staff API', () => {
  it('lists, moves statuses one step at a time, cancels with a reason, closes the table; the activity log names who', async () => {
    const d = await seat(7);
    const placed = (await order(d, { masa: 7, items: [{ product_id: ids.baklava, quantity: 1 }] })).json().order;
    const list = (await t.app.inject({ url: '/api/orders?status=yeni', headers: bearer(staff.mutfak) })).json();
    expect(list.orders.map((o: { id: number }) => o.id)).toContain(placed.id);
    expect((await t.app.inject({ url: '/api/orders?status=hazir', headers: bearer(staff.mutfak) })).json().orders).toHaveLength(0);

    expect((await status(staff.mutfak, placed.id, { status: 'hazir' })).json().status).toBe(422); // skips a step
    expect((await status(staff.mutfak, placed.id, { status: 'hazirlaniyor' })).json()).toMatchObject({ status: 200, order: { status: 'hazirlaniyor' } });
    expect((await status(staff.mutfak, placed.id, { status: 'hazir' })).json().order.status).toBe('hazir');
    // the table cannot close while an order is not served
    expect((await t.app.inject({ method: 'POST', url: '/api/tables/7/close', headers: bearer(staff.garson), payload: { payment: 'kart' } })).json().status).toBe(409);
    expect((await status(staff.garson, placed.id, { status: 'servis' })).json().order.status).toBe('servis');

    const second = (await order(d, { masa: 7, items: [{ product_id: ids.sutlac, quantity: 1 }] })).json().order;
    expect((await status(staff.garson, second.id, { status: 'iptal' })).json()).toMatchObject({ status: 422, message: 'İptal için bir neden yazın.' });
    expect((await status(staff.garson, second.id, { status: 'iptal', reason: 'Müşteri vazgeçti' })).json().order).toMatchObject({ status: 'iptal', cancel_reason: 'Müşteri vazgeçti' });

    expect((await t.app.inject({ method: 'POST', url: '/api/tables/7/close', headers: bearer(staff.garson), payload: { payment: 'havale' } })).json().status).toBe(422);
    const closed = (await t.app.inject({ method: 'POST', url: '/api/tables/7/close', headers: bearer(staff.garson), payload: { payment: 'kart' } })).json();
    expect(closed).toMatchObject({ status: 200, masa: 7, payment: 'kart', total: 150 });
    expect((await t.app.inject({ method: 'POST', url: '/api/tables/7/close', headers: bearer(staff.garson), payload: { payment: 'kart' } })).json().status).toBe(404);
    // closed tables' orders leave the staff list
    expect((await t.app.inject({ url: '/api/orders', headers: bearer(a.token) })).json().orders.some((o: { masa: number }) => o.masa === 7)).toBe(false);

    const log = await t.db.selectFrom('staff_activity').selectAll().where('business_id', '=', a.userId).orderBy('id').execute();
    // every order action, with who did it (features/staff's activity log; order-activity.test.ts for the owner's)
    expect(log.map((l) => [l.actor_role, l.action, l.detail])).toEqual([
      ['sahip', 'Masadan sipariş açıldı', ''],
      ['mutfak', 'Sipariş durumu: Hazırlanıyor', `Sipariş #${placed.id}, Masa 7: Yeni → Hazırlanıyor`],
      ['mutfak', 'Sipariş durumu: Hazır', `Sipariş #${placed.id}, Masa 7: Hazırlanıyor → Hazır`],
      ['garson', 'Sipariş durumu: Servis edildi', `Sipariş #${placed.id}, Masa 7: Hazır → Servis edildi`],
      ['garson', 'Sipariş iptal edildi', `Sipariş #${second.id}, Masa 7 (Yeni iken). Neden: Müşteri vazgeçti`],
      ['garson', 'Masa kapatıldı', 'Masa 7, ödeme: Kart, toplam ₺150,00'],
    ]);
  });

  it('roles and businesses: 401 without a token, 403 for a role that may not, 404 for another business\'s order', async () => {
    const d = await seat(2);
    const placed = (await order(d, { masa: 2, items: [{ product_id: ids.baklava, quantity: 1 }] })).json().order;
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/tables/2/close', headers: bearer(staff.mutfak), payload: { payment: 'nakit' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/order-settings', headers: bearer(staff.garson), payload: { enabled: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/order-settings', headers: bearer(staff.yonetici) })).json().enabled).toBe(true);
    // another business's staff and owner see none of it
    expect((await status(staff.otherGarson, placed.id, { status: 'hazirlaniyor' })).json().status).toBe(404);
    expect((await status(b.token, placed.id, { status: 'hazirlaniyor' })).json().status).toBe(404);
    expect((await t.app.inject({ url: '/api/orders', headers: bearer(b.token) })).json().orders).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/tables/2/close', headers: bearer(b.token), payload: { payment: 'nakit' } })).json().status).toBe(404);
  });
});
