import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { isApiRoute, operationKey } from '../../platform/openapi/document.js';

/**
 * Every route declares what is true of it beside its handler (route option `config`,
 * platform/routes/declare.ts): the OpenAPI document, the menu cache's invalidation and the audit log
 * are built from these declarations, so a route without one fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { metricsToken: 'declarations-test-token' } });
});
afterAll(async () => t?.close());

const key = (r: { method: string; url: string }) => operationKey(r.method, r.url);

describe('route declarations', () => {
  it('every API route declares its OpenAPI operation', () => {
    expect(t.app.routeList.filter((r) => isApiRoute(r.url) && !r.doc).map(key)).toEqual([]);
  });

  it('every non-GET /api route declares its menu-cache effect', () => {
    const writes = t.app.routeList.filter((r) => r.method !== 'GET' && r.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((r) => !r.cache).map(key)).toEqual([]);
  });

  it('the writes that leave every menu as it was say so; the menu writes bump their owner', () => {
    const effect = (method: string, url: string) => t.app.routeList.find((r) => r.method === method && r.url === url)?.cache;
    for (const url of ['/api/login', '/api/logout', '/api/register', '/api/store-message', '/api/call-waiter/:company', '/api/store-feedback/:company']) {
      expect(effect('POST', url), url).toBe('none');
    }
    expect(effect('POST', '/api/update-category/:id')).toBe('owner');
    expect(effect('POST', '/api/update-branding')).toBe('owner');
    expect(effect('POST', '/api/update-user/:id')).toBe('all');
  });

  it('the administrator writes are the audited routes, each with its action', () => {
    const audited = t.app.routeList.filter((r) => r.audit).map((r) => `${key(r)} ${r.audit!.action}`).sort();
    expect(audited).toEqual([
      'POST /api/admin/account admin-account',
      'POST /api/admin/messages/:id/read message-read',
      'POST /api/admin/messages/:id/unread message-unread',
      'POST /api/admin/password admin-password',
      'POST /api/update-user/:id update-user',
    ]);
    // only administrators' routes are audited
    expect(t.app.routeList.filter((r) => r.audit && r.doc?.access !== 'admin').map(key)).toEqual([]);
  });
});
