import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, encodeReady, wire, type CachedResponse } from './menu-cache-encoding.js';

/** A menu-like body of about 40 KB. */
function menuBody(): Buffer {
  const rows = Array.from({ length: 400 }, (_, i) => `<li class="p"><h3>Ürün ${i} ${'çğıöşü'.repeat(i % 7)}</h3><p>${(i * 37) % 1000},00 ₺</p></li>`);
  return Buffer.from(`<!doctype html><html lang="tr"><body><ul>${rows.join('')}</ul></body></html>`);
}

const entry = (): CachedResponse => ({ statusCode: 200, contentType: 'text/html', body: menuBody(), etag: '"x"', expiresAt: Infinity, headers: { 'content-type': 'text/html' } });

describe('menu cache compression off the event loop', () => {
  it('compresses on the thread pool: the loop goes on while brotli 9 and gzip 9 run', async () => {
    const e = entry();
    expect(encodeReady(e, 'br')).toBeUndefined();
    expect(wire(e, 'br', false)).toBeUndefined(); // the fast path leaves this request to Fastify
    const order: string[] = [];
    const pending = [encode(e, 'br'), encode(e, 'gzip')];
    void pending[0].then(() => order.push('compressed'));
    setImmediate(() => order.push('next turn of the loop'));
    expect(encodeReady(e, 'br')).toBeUndefined(); // not made in the caller's turn
    const [br, gz] = await Promise.all(pending);
    expect(order[0]).toBe('next turn of the loop');
    expect(br.encoding).toBe('br');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.body).equals(e.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(e.body)).toBe(true);
    // the strong levels: as small as the synchronous quality 9 / level 9
    expect(br.body.length).toBe(zlib.brotliCompressSync(e.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: e.body.length } }).length);
    expect(gz.body.length).toBe(zlib.gzipSync(e.body, { level: 9 }).length);
  });

  it('concurrent requests share one compression and the bytes never change afterwards', async () => {
    const e = entry();
    const all = await Promise.all(Array.from({ length: 10 }, () => encode(e, 'br')));
    for (const r of all) expect(r.body).toBe(all[0].body);
    expect(encodeReady(e, 'br')!.body).toBe(all[0].body);
    const w = wire(e, 'br', true)!;
    expect(w.body).toBe(all[0].body);
    expect(w.headers['content-length']).toBe(all[0].body.length);
    expect(w.headers['content-encoding']).toBe('br');
  });

  it('small bodies and identity need no compression', async () => {
    const e = { ...entry(), body: Buffer.from('kısa') };
    expect(encodeReady(e, 'br')).toEqual({ body: e.body });
    expect(encodeReady(entry(), 'identity')!.encoding).toBeUndefined();
  });
});
