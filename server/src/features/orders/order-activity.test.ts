import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { addCategory, addProduct, createBusiness } from '../../../test/menu-helpers.js';

/**
 * The orders' entries in the business's activity log (`Etkinlik`, GET /api/staff/activity): the
 * owner's and the staff's status steps, cancellations with the reason, tables closed with the
 * payment, the ordering switch and paused tables — each with who did it (name and role).
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createBusiness>>;
let b: Awaited<ReturnType<typeof createBusiness>>;
const staff: Record<string, string> = {};
let kofte: number;

/** A staff member of `businessId` with this role and name (accepted), signed in. */
async function staffOf(role: 'garson' | 'mutfak' | 'yonetici', businessId: number, name: string) {
  const s = await registerOwner(t.app, { name });
  const now = new Date().toISOString();
  await t.db.insertInto('staff_members').values({ business_id: businessId, user_id: s.userId, staff_role: role, invited_at: now, accepted_at: now, revoked_at: null }).execute();
  return s.token;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createBusiness(t.app, 'Etkinlik Lokantası');
  b = await createBusiness(t.app, 'Komşu Kafe');
  const cat = (await addCategory(t.app, a.token, { name: 'Izgara' })).id;
  kofte = (await addProduct(t.app, a.token, cat, { name: 'Köfte', selling_price: '250' })).id;
  staff.garson = await staffOf('garson', a.userId, 'Emre Şahin');
  staff.mutfak = await staffOf('mutfak', a.userId, 'Zeynep Aksoy');
  staff.yonetici = await staffOf('yonetici', a.userId, 'Can Demir');
});
afterAll(async () => t.close());

const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const settings = (token: string, payload: object) => post('/api/order-settings', token, payload);
const activity = async (token: string) =>
  ((await t.app.inject({ url: '/api/staff/activity', headers: bearer(token) })).json().activity as Array<{ actor_name: string; actor_role: string; action: string; detail: string }>)
    .map((e) => `${e.actor_name} (${e.actor_role}): ${e.action}${e.detail ? ` — ${e.detail}` : ''}`)
    .reverse();

async function seat(masa: number) {
  const res = await t.app.inject({ url: `/qr/${a.slug}?masa=${masa}` });
  return `qrm_masa=${/qrm_masa=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
}
const place = async (masa: number, quantity: number) =>
  (await t.app.inject({ method: 'POST', url: `/api/orders/${a.slug}`, payload: { masa, items: [{ product_id: kofte, quantity }] }, headers: { cookie: await seat(masa) } })).json().order as { id: number };

describe('order actions in the activity log', () => {
  it('the owner and the staff: the switch, paused tables, status steps, a cancellation with its reason, a table closed with its payment', async () => {
    expect((await settings(a.token, { enabled: true })).json().status).toBe(200);
    expect((await settings(a.token, { enabled: true, paused: [3, 5] })).json().paused).toEqual([3, 5]);
    expect((await settings(staff.yonetici, { enabled: true, paused: [5] })).json().paused).toEqual([5]);
    await settings(a.token, { enabled: true, paused: [5] }); // nothing changed: no entry

    const first = await place(2, 2);
    const second = await place(2, 1);
    expect((await post(`/api/orders/${first.id}/status`, a.token, { status: 'hazirlaniyor' })).json().status).toBe(200);
    expect((await post(`/api/orders/${first.id}/status`, staff.mutfak, { status: 'hazir' })).json().status).toBe(200);
    expect((await post(`/api/orders/${first.id}/status`, staff.garson, { status: 'servis' })).json().status).toBe(200);
    expect((await post(`/api/orders/${second.id}/status`, a.token, { status: 'iptal', reason: 'Misafir vazgeçti' })).json().status).toBe(200);
    // refused writes leave no entry
    expect((await post(`/api/orders/${second.id}/status`, staff.mutfak, { status: 'hazir' })).json().status).toBe(422);
    expect((await post('/api/tables/2/close', staff.garson, { payment: 'havale' })).json().status).toBe(422);
    expect((await post('/api/tables/2/close', a.token, { payment: 'nakit' })).json()).toMatchObject({ status: 200, total: 500 });
    expect((await settings(a.token, { enabled: false, paused: [] })).json().status).toBe(200);

    const log = await activity(a.token);
    expect(log).toEqual([
      'Ayşe Yılmaz (sahip): Masadan sipariş açıldı',
      'Ayşe Yılmaz (sahip): Masada sipariş duraklatıldı — Masa 3, Masa 5',
      'Can Demir (yonetici): Masada sipariş yeniden açıldı — Masa 3',
      `Ayşe Yılmaz (sahip): Sipariş durumu: Hazırlanıyor — Sipariş #${first.id}, Masa 2: Yeni → Hazırlanıyor`,
      `Zeynep Aksoy (mutfak): Sipariş durumu: Hazır — Sipariş #${first.id}, Masa 2: Hazırlanıyor → Hazır`,
      `Emre Şahin (garson): Sipariş durumu: Servis edildi — Sipariş #${first.id}, Masa 2: Hazır → Servis edildi`,
      `Ayşe Yılmaz (sahip): Sipariş iptal edildi — Sipariş #${second.id}, Masa 2 (Yeni iken). Neden: Misafir vazgeçti`,
      'Ayşe Yılmaz (sahip): Masa kapatıldı — Masa 2, ödeme: Nakit, toplam ₺500,00',
      'Ayşe Yılmaz (sahip): Masadan sipariş kapatıldı',
      'Ayşe Yılmaz (sahip): Masada sipariş yeniden açıldı — Masa 5',
    ]);
    // the yonetici reads the same log; another business's log has none of it
    expect(await activity(staff.yonetici)).toEqual(log);
    expect(await activity(b.token)).toEqual([]);
    expect((await t.app.inject({ url: '/api/staff/activity', headers: bearer(staff.garson) })).statusCode).toBe(403);
  });
});
