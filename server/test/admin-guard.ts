import { describe, expect, it } from 'vitest';
import { bearer, registerOwner, type TestApp } from './helpers.js';

export type GuardedRoute = readonly [method: 'GET' | 'POST' | 'DELETE', url: string];

/**
 * The admin guard of every admin route file, in one place: no token and an unknown token → HTTP 401,
 * an owner's token → HTTP 403. `app()` is read when the tests run (after beforeAll built it).
 */
export function describeAdminGuard(app: () => TestApp, routes: readonly GuardedRoute[], title = 'admin guard') {
  describe(title, () => {
    it.each(routes)('%s %s: no token → HTTP 401, owner token → HTTP 403', async (method, url) => {
      const t = app();
      const owner = await registerOwner(t.app);
      const payload = method === 'POST' ? {} : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: { authorization: 'Bearer yanlis-token' } })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: bearer(owner.token) })).statusCode).toBe(403);
    });
  });
}
