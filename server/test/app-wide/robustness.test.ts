import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../helpers.js';
import { sql } from 'kysely';
import { dbFingerprint, hostileBody, LEAK } from '../hostile.js';
import { tableNames } from '../db-tables.js';

/**
 * Property-based robustness: random and hostile payloads to every API route, as a visitor, an
 * owner and an admin. Never a 5xx, never a stack trace or SQL text, and whenever the answer is
 * an error the database is unchanged.
 */
let t: TestApp;
let tokens: Record<'anon' | 'owner' | 'admin', string | undefined>;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await registerOwner(t.app);
  const admin = await createAdmin(t.app);
  tokens = { anon: undefined, owner: owner.token, admin: admin.token };
});
afterAll(async () => t.close());

const RUNS = Number(process.env.FC_RUNS || 12);
// Routes that change data on success by design with arbitrary input never get a 200 here by chance
// except registration/contact (tested for no 5xx/leaks; a 200 there legitimately writes).
const isApi = (url: string) => url.startsWith('/api/') || url === '/sanctum/csrf-cookie';

describe('hostile payloads to every API route', () => {
  it("the \"changed nothing\" fingerprint sees every table the database lists, one created now included", async () => {
    const tables = await tableNames(t.db);
    for (const name of ['users', 'settings', 'feedback', 'waiter_calls', 'category_translations', 'product_translations', 'price_history', 'price_operations', 'account_tokens', 'access_tokens', 'audit_log', 'admin_counts']) {
      expect(tables).toContain(name);
    }
    // a row changed in any table changes it: every table with rows, then a table that no list names
    const before = await dbFingerprint(t.db);
    await sql`create table zz_fingerprint_probe (x integer)`.execute(t.db);
    try {
      expect(await tableNames(t.db)).toContain('zz_fingerprint_probe');
      const empty = await dbFingerprint(t.db);
      await sql`insert into zz_fingerprint_probe (x) values (1)`.execute(t.db);
      expect(await dbFingerprint(t.db)).not.toBe(empty);
    } finally {
      await sql`drop table zz_fingerprint_probe`.execute(t.db);
    }
    expect(await dbFingerprint(t.db)).toBe(before);
    await t.db.updateTable('access_tokens').set({ last_used_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', sql<number>`(select min(id) from access_tokens)`).execute();
    expect(await dbFingerprint(t.db)).not.toBe(before);
    await t.db.updateTable('access_tokens').set({ last_used_at: null }).execute();
    expect(await dbFingerprint(t.db)).toBe(before);
  });

  it('never answers 5xx, never leaks internals, changes nothing on error', async () => {
    const routes = t.app.routeList.filter((r) => isApi(r.url));
    expect(routes.length).toBeGreaterThan(5);
    const idValues = ['1', '999999', '-1', '0', 'abc', '1.5', '%00', '1%20OR%201=1', '9'.repeat(30)];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileBody, fc.constantFrom(...idValues), fc.constantFrom('anon', 'owner', 'admin'), async (body, id, who) => {
          const url = route.url.replace(/:[a-zA-Z_]+/g, encodeURIComponent(id).replace(/%25/g, '%'));
          await t.app.views.flush(); // views counted by an earlier answer are written now, not during the call
          await t.app.mailer.idle(); // so is a mail an earlier answer queued (a verification link writes its token)
          const before = await dbFingerprint(t.db);
          const token = tokens[who];
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: token ? bearer(token) : {},
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
          });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          expect(res.body).not.toMatch(LEAK);
          let parsed: { status?: number } | undefined;
          try {
            parsed = res.json();
          } catch {
            parsed = undefined;
          }
          const failed = res.statusCode >= 400 || (parsed?.status != null && parsed.status !== 200);
          if (failed) expect(await dbFingerprint(t.db), `${route.method} ${url} changed the database with an error answer`).toBe(before);
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000); // every table is fingerprinted before each call (~2,000 calls)

  it('answers malformed and mistyped bodies with a Turkish 4xx', async () => {
    const owner = tokens.owner!;
    for (const route of t.app.routeList.filter((r) => isApi(r.url) && r.method === 'POST')) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1');
      for (const [payload, type] of [
        ['{"name":', 'application/json'],
        ['name=x', 'application/x-www-form-urlencoded'],
        ['<xml/>', 'text/xml'],
        ['--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx', 'multipart/form-data; boundary=b'],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, ...bearer(owner) } });
        expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
        expect(res.body).not.toMatch(LEAK);
        expect(res.json().message, `${url} ${type}`).toMatch(/[a-zçğıöşü]/i);
      }
    }
  });
});
