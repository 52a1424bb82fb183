import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, registerOwner, type TestApp } from '../../../test/helpers.js';
import { multipart } from '../../../test/owner-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Instance = Record<symbol, unknown>;
const symbol = (o: object, description: string) => Object.getOwnPropertySymbols(o).find((s) => s.description === description);

/**
 * Entries in Fastify's caches of content types seen, over the app and every plugin context (each
 * has its own parser and cache; internal: a toad-cache FifoMap under a symbol of each instance).
 */
function contentTypeCacheSize(app: FastifyInstance): number {
  let size = 0;
  const visit = (instance: Instance) => {
    const parser = instance[symbol(instance, 'fastify.contentTypeParser')!] as { cache: { items: Map<string, unknown> } } | undefined;
    if (!parser) throw new Error("Fastify's content-type parser not found");
    size += parser.cache.items.size;
    for (const child of (instance[symbol(instance, 'fastify.children')!] as Instance[] | undefined) ?? []) visit(child);
  };
  visit(app as unknown as Instance);
  return size;
}

describe('multipart forms and the content-type cache', () => {
  it('150 forms, each with its own boundary, add one cache entry, not 100; every form is still read whole', async () => {
    const owner = await registerOwner(t.app);
    const before = contentTypeCacheSize(t.app);
    for (let i = 0; i < 150; i++) {
      const form = multipart({ name: `Kategori ${i}`, status: '1' });
      const res = await t.app.inject({ method: 'POST', url: '/api/store-category', headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload });
      expect(res.json().status, res.body).toBe(200);
    }
    expect(contentTypeCacheSize(t.app) - before).toBeLessThanOrEqual(1);
    const names = (await t.app.inject({ method: 'GET', url: '/api/view-category', headers: bearer(owner.token) })).json().category.map((c: { name: string }) => c.name);
    expect(names).toContain('Kategori 0');
    expect(names).toContain('Kategori 149');
  });

  it('a form whose header spells the type in capitals is read too; a multipart type without a boundary gets 400 in Turkish (was 500) and stores nothing', async () => {
    const owner = await registerOwner(t.app);
    const form = multipart({ name: 'Tatlılar', status: '1' });
    const upper = { 'content-type': form.headers['content-type'].replace('multipart/form-data', 'Multipart/Form-Data') };
    const ok = await t.app.inject({ method: 'POST', url: '/api/store-category', headers: { ...bearer(owner.token), ...upper }, payload: form.payload });
    expect(ok.json().status, ok.body).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/store-category', headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; charset=utf-8' }, payload: form.payload });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: MSG.badJson });
    expect((await t.app.inject({ method: 'GET', url: '/api/view-category', headers: bearer(owner.token) })).json().category.map((c: { name: string }) => c.name)).toEqual(['Tatlılar']);
    // the same for the menu import, which reads its form itself
    const imp = await t.app.inject({ method: 'POST', url: '/api/import-menu', headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data' }, payload: form.payload });
    expect(imp.statusCode).toBe(400);
    expect(imp.json()).toEqual({ status: 400, message: MSG.badJson });
  });
});
