import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type ServerProcess } from './server-process.js';

/**
 * With REDIS_URL, a waiter call made through one process reaches the owner's live stream held
 * by another process within 2 s (Redis pub/sub), and a call closed on one disappears on the other.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let a: ServerProcess;
let b: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-calls-redis-'));
  const env = { DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: '', RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_CALLS: '1000' };
  a = await startServer(env);
  b = await startServer(env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The owner's Server-Sent Events on `base`, collected as they come. */
async function stream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/waiter-calls/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: ctrl.signal });
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
  return { res, events, wait, close: async () => { ctrl.abort(); await pump; } };
}

describe('waiter calls across two processes sharing Redis', () => {
  it('a call made on A reaches the owner connected to B within 2 s, twenty times; closing on B reaches A', async () => {
    const email = `calls${Date.now()}@example.com`;
    const token = (await json(`${a.url}/api/register`, { body: { name: 'Çağrı Testi', email, password: 'dogru-sifre-1' } })).body.token as string;
    const settings = await json(`${a.url}/api/update-setting`, { token, body: { name: 'Ç T', companyname: 'Redis Lokanta', city: 34, tel: '02125550000', deskcount: 30 } });
    const slug = settings.body.settings.companyengname as string;
    const onB = await stream(b.url, token);
    const onA = await stream(a.url, token);
    try {
      expect(await onB.wait((e) => e.event === 'snapshot', 5000)).toBeDefined();
      expect(await onA.wait((e) => e.event === 'snapshot', 5000)).toBeDefined();
      for (let masa = 1; masa <= 20; masa++) {
        const sent = Date.now();
        const r = await json(`${a.url}/api/call-waiter/${slug}`, { body: { masa, type: masa % 2 ? 'garson' : 'hesap' } });
        expect(r.body.status).toBe(200);
        const got = await onB.wait((e) => e.event === 'call' && e.data.masa === masa, 2000);
        expect(got, `table ${masa} on B`).toBeDefined();
        expect(got!.at - sent).toBeLessThan(2000);
      }
      // every call once on each stream, none twice
      expect(onB.events.filter((e) => e.event === 'call')).toHaveLength(20);
      const first = onB.events.find((e) => e.event === 'call')!.data.id as number;
      expect((await json(`${b.url}/api/waiter-calls/${first}/done`, { token, body: {} })).body.status).toBe(200);
      expect(await onA.wait((e) => e.event === 'done' && e.data.id === first, 2000)).toBeDefined();
      expect((await json(`${a.url}/api/waiter-calls`, { token })).body.calls).toHaveLength(19);
    } finally {
      await onA.close();
      await onB.close();
    }
  });
});
