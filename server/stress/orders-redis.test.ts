import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * The evening across two processes sharing Redis: two diners at table 5, on two devices with
 * JavaScript off (plain forms, cookies only), fill one basket on process A and send it; the
 * kitchen's live stream held by process B shows the order within 2 s; the statuses move, the
 * waiter closes the table. Ordering for another table or another business is refused.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-orders-redis-'));
  const env = { DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '', RATE_LIMIT_REGISTER: '1000' };
  a = await startServer(env);
  b = await startServer(env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A phone with JavaScript off: it keeps its cookies and follows nothing by itself. */
function device() {
  let cookie = '';
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) if (c.startsWith('qrm_masa=')) cookie = c.split(';')[0]!;
  };
  return {
    async open(url: string) {
      const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      keep(res);
      return { status: res.status, body: await res.text(), location: res.headers.get('location') };
    },
    async post(url: string, form: Record<string, string | number>) {
      const res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
      });
      return { status: res.status, body: await res.text(), location: res.headers.get('location') };
    },
  };
}

async function stream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/orders/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: ctrl.signal });
  const events: Array<{ event: string; data: any; at: number }> = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const wait = async (pred: (e: { event: string; data: any }) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const e = events.find(pred);
      if (e) return e;
      await new Promise((r) => setTimeout(r, 10));
    }
    return undefined;
  };
  return { events, wait, close: async () => { ctrl.abort(); await pump; } };
}

async function business(base: string, name: string) {
  const email = `siparis${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const token = (await json(`${base}/api/register`, { body: { name: 'Sipariş Testi', email, password: 'dogru-sifre-1' } })).body.token as string;
  const settings = await json(`${base}/api/update-setting`, { token, body: { name: 'S T', companyname: name, city: 34, tel: '02125550000', deskcount: 12 } });
  const slug = settings.body.settings.companyengname as string;
  const fd = new FormData();
  fd.set('name', 'Izgaralar');
  fd.set('status', '1');
  const cat = await (await fetch(`${base}/api/store-category`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json();
  const pd = new FormData();
  for (const [k, v] of Object.entries({ name: 'Adana Kebap', selling_price: '320', status: '1', category_id: String(cat.category.id) })) pd.set(k, v);
  const product = await (await fetch(`${base}/api/store-product`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: pd })).json();
  expect((await json(`${base}/api/order-settings`, { token, body: { enabled: true } })).body.status).toBe(200);
  return { token, slug, productId: product.product.id as number };
}

describe('ordering at the table across two processes sharing Redis', () => {
  it('two devices fill table 5\'s basket on A and send it; the kitchen on B sees it within 2 s; statuses move; the table closes', async () => {
    const biz = await business(a.url, 'Akşam Ocakbaşı');
    const other = await business(a.url, 'Komşu Lokanta');
    const kitchen = await stream(b.url, biz.token);
    try {
      expect(await kitchen.wait((e) => e.event === 'snapshot', 5000)).toBeDefined();
      const one = device();
      const two = device();
      expect((await one.open(`${a.url}/qr/${biz.slug}?masa=5`)).status).toBeLessThan(400);
      const menu = await two.open(`${b.url}/qr/${biz.slug}/category?masa=5`); // the second phone reached process B
      expect(menu.body).toContain(`href="/qr/${biz.slug}/siparis?masa=5">Sepetim`);
      expect(menu.body).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
      expect((await one.post(`${a.url}/qr/${biz.slug}/siparis?masa=5`, { urun: biz.productId, adet: 2, not: 'Acılı', website: '' })).status).toBe(303);
      expect((await two.post(`${a.url}/qr/${biz.slug}/siparis?masa=5`, { urun: biz.productId, adet: 1, not: '', website: '' })).status).toBe(303);
      const basket = await one.open(`${a.url}/qr/${biz.slug}/siparis?masa=5`);
      expect(basket.body).toContain('2 × Adana Kebap');
      expect(basket.body).toContain('1 × Adana Kebap');
      expect(basket.body).toContain('₺960,00');

      // another table and another business are refused with this seat
      expect((await one.post(`${a.url}/qr/${biz.slug}/siparis?masa=6`, { urun: biz.productId, adet: 1 })).status).toBe(403);
      expect((await one.post(`${a.url}/qr/${other.slug}/siparis?masa=5`, { urun: other.productId, adet: 1 })).status).toBe(403);

      const sent = Date.now();
      const send = await two.post(`${a.url}/qr/${biz.slug}/siparis/gonder?masa=5`, { website: '' });
      expect(send.status).toBe(303);
      const got = await kitchen.wait((e) => e.event === 'order' && e.data.masa === 5, 2000);
      expect(got, 'the order on B').toBeDefined();
      expect(got!.at - sent).toBeLessThan(2000);
      expect(got!.data).toMatchObject({ status: 'yeni', total: 960, items: [{ name: 'Adana Kebap', quantity: 2, note: 'Acılı' }, { quantity: 1 }] });

      const id = got!.data.id as number;
      for (const status of ['hazirlaniyor', 'hazir', 'servis']) {
        expect((await json(`${b.url}/api/orders/${id}/status`, { token: biz.token, body: { status } })).body.status).toBe(200);
        expect(await kitchen.wait((e) => e.event === 'order' && e.data.id === id && e.data.status === status, 2000)).toBeDefined();
      }
      expect((await one.open(`${a.url}/qr/${biz.slug}/siparis?masa=5`)).body).toContain('Servis edildi');
      const closed = await json(`${a.url}/api/tables/5/close`, { token: biz.token, body: { payment: 'nakit' } });
      expect(closed.body).toMatchObject({ status: 200, masa: 5, payment: 'nakit', total: 960 });
      expect(await kitchen.wait((e) => e.event === 'table-closed' && e.data.masa === 5, 2000)).toBeDefined();
    } finally {
      await kitchen.close();
    }
  });
});
