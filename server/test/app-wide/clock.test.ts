import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../helpers.js';
import { addCategory, addProduct, createBusiness } from '../menu-helpers.js';
import { sendForm } from '../owner-helpers.js';

/**
 * One clock (`app.clock`, platform/clock.ts): what the swept features write and decide follows the
 * app's clock, not the machine's — the tests move it (README "Reading the time").
 */
let now = Date.parse('2031-05-05T09:30:00.000Z'); // far from the machine's time
let t: TestApp;
let biz: Awaited<ReturnType<typeof createBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.clock.now = () => new Date(now);
  biz = await createBusiness(t.app, 'Saat Kafe');
});
afterAll(async () => t?.close());

describe("the app's clock", () => {
  it('stamps categories and products (created, updated, sold out) with its time', async () => {
    const c = await addCategory(t.app, biz.token, { name: 'Tatlılar' });
    const p = await addProduct(t.app, biz.token, c.id, { name: 'Baklava', selling_price: '90' });
    const iso = new Date(now).toISOString();
    expect(await t.db.selectFrom('categories').select(['created_at', 'updated_at']).where('id', '=', c.id).executeTakeFirstOrThrow()).toEqual({ created_at: iso, updated_at: iso });
    now += 3_600_000;
    await sendForm(t.app, `/api/update-product/${p.id}`, biz.token, { category_id: c.id, name: 'Baklava', selling_price: '95' });
    expect((await t.db.selectFrom('products').select('updated_at').where('id', '=', p.id).executeTakeFirstOrThrow()).updated_at).toBe(new Date(now).toISOString());
    now += 60_000;
    await t.app.inject({ method: 'POST', url: `/api/sold-out-product/${p.id}`, headers: bearer(biz.token), payload: { sold_out: '1' } });
    expect((await t.db.selectFrom('products').select('updated_at').where('id', '=', p.id).executeTakeFirstOrThrow()).updated_at).toBe(new Date(now).toISOString());
  });

  it('stamps contact messages and closes waiter calls after 30 minutes of its time', async () => {
    await t.app.inject({ method: 'POST', url: '/api/store-message', payload: { name: 'Mehmet', mail: 'mehmet@example.com', tel: '0532 123 45 67', message: 'Saat kaç?' } });
    expect((await t.db.selectFrom('messages').select('created_at').orderBy('id', 'desc').executeTakeFirstOrThrow()).created_at).toBe(new Date(now).toISOString());

    expect((await t.app.inject({ method: 'POST', url: `/api/call-waiter/${biz.slug}`, payload: { masa: 3, type: 'garson' } })).json().status).toBe(200);
    const calls = async () => (await t.app.inject({ url: '/api/waiter-calls', headers: bearer(biz.token) })).json().calls as Array<{ created_at: string }>;
    expect((await calls()).map((c) => c.created_at)).toEqual([new Date(now).toISOString()]);
    now += 29 * 60_000;
    expect(await calls()).toHaveLength(1);
    now += 60_001; // past 30 minutes on the app's clock: closed
    expect(await calls()).toHaveLength(0);
  });
});
