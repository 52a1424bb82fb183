import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers.js';
import type { TestApp } from '../../../test/helpers.js';
import { createBusiness } from '../../../test/menu-helpers.js';
import { issueToken } from '../../platform/auth/tokens.repository.js';

/**
 * Tables, waiter calls and survey answers at a branch (issue 43, P4): the branch's own table
 * count decides `?masa=N` at its address; its calls and answers carry the branch and the owner's
 * lists read one branch with `?branch=` (0: the main one).
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createBusiness>>;
let branch: { id: number; slug: string };

const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await buildTestApp();
  A = await createBusiness(t.app, 'Ada Kafe'); // the main branch has 8 tables
  await t.db.updateTable('settings').set({ userlevel: '2' }).where('user_id', '=', A.userId).execute();
  branch = (await post('/api/branches', { name: 'Kadıköy', deskcount: 20 }, A.token)).json().branch;
});
afterAll(async () => t.close());

describe('view counts per branch', () => {
  it("a branch's menu counts for the branch and for its account; the main branch shows the rest", async () => {
    await t.app.views.flush();
    const before = (await get('/api/branches', A.token)).json().branches;
    for (let i = 0; i < 3; i++) expect((await get(`/qr/${branch.slug}?lang=tr`)).statusCode).toBe(200);
    expect((await get(`/api/getCategory/${branch.slug}`)).json().status).toBe(200);
    expect((await get(`/qr/${A.slug}?lang=tr`)).statusCode).toBe(200);
    await t.app.views.flush();
    const after = (await get('/api/branches', A.token)).json().branches;
    expect(after[1].views - before[1].views).toBe(4);
    expect(after[0].views - before[0].views).toBe(1);
  });
});

describe('tables, calls and survey answers per branch', () => {
  it("?masa=N at a branch address counts the branch's tables, not the main branch's", async () => {
    const atBranch = (await get(`/qr/${branch.slug}/category?masa=15`)).body;
    expect(atBranch).toContain(`action="/qr/${branch.slug}/garson"`);
    expect(atBranch).toContain('name="masa" value="15"');
    // table 15 does not exist at the main branch (8 tables): the page is shown without a table
    expect((await get(`/qr/${A.slug}/category?masa=15`)).body).not.toContain('name="masa" value="15"');
    expect((await post(`/api/call-waiter/${A.slug}`, { masa: 15, type: 'garson' })).json().status).toBe(422);
  });

  it('calls and answers at the branch carry it; the owner lists one branch with ?branch=', async () => {
    expect((await post(`/api/call-waiter/${branch.slug}`, { masa: 15, type: 'garson' })).json()).toMatchObject({ status: 200, masa: 15 });
    expect((await post(`/api/call-waiter/${A.slug}`, { masa: 3, type: 'hesap' })).json()).toMatchObject({ status: 200, masa: 3 });
    const tables = async (q: string) => (await get(`/api/waiter-calls${q}`, A.token)).json().calls.map((c: { masa: number }) => c.masa).sort();
    expect(await tables('')).toEqual([15, 3]);
    expect(await tables(`?branch=${branch.id}`)).toEqual([15]);
    expect(await tables('?branch=0')).toEqual([3]);

    // a waiter who works at the branch sees its calls only; an unknown branch is refused in Turkish
    const now = new Date().toISOString();
    const u = await t.db.insertInto('users').values({ name: 'Garson Ali', email: `garson${Date.now()}@example.com`, password_hash: '!', role: 'user', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const m = await t.db.insertInto('staff_members').values({ business_id: A.userId, user_id: u.id, staff_role: 'garson', invited_at: now, accepted_at: now }).returning('id').executeTakeFirstOrThrow();
    const waiter = await issueToken(t.db, u.id, 30, new Date(now));
    expect((await get('/api/waiter-calls', waiter)).json().calls).toHaveLength(2);
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [999999] }, A.token)).json()).toMatchObject({ status: 422, errors: { branches: [expect.stringContaining('şubeleri seçin')] } });
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [branch.id] }, A.token)).json()).toMatchObject({ status: 200, staff_id: m.id, branches: [branch.id] });
    expect((await get('/api/waiter-calls', waiter)).json().calls.map((c: { masa: number }) => c.masa)).toEqual([15]);
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [0] }, A.token)).json().branches).toEqual([0]);
    expect((await get('/api/waiter-calls', waiter)).json().calls.map((c: { masa: number }) => c.masa)).toEqual([3]);
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [] }, A.token)).json().branches).toBeNull();
    expect((await get('/api/waiter-calls', waiter)).json().calls).toHaveLength(2);
    // the waiter cannot change it; another business's member is not found
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [0] }, waiter)).statusCode).toBe(403);
    const other = await createBusiness(t.app, 'Başka Kafe');
    expect((await post(`/api/branches/staff/${m.id}`, { branches: [0] }, other.token)).json().status).toBe(404);
    const rows = await t.db.selectFrom('waiter_calls').select(['masa', 'branch_id']).where('user_id', '=', A.userId).orderBy('masa').execute();
    expect(rows).toEqual([{ masa: 3, branch_id: null }, { masa: 15, branch_id: branch.id }]);

    expect((await post(`/api/store-feedback/${branch.slug}`, { masa: 12, ratings: { lezzet: 5 }, comment: 'Harika' })).json().status).toBe(200);
    expect((await post(`/api/store-feedback/${A.slug}`, { masa: 2, ratings: { lezzet: 3 }, comment: 'İyi' })).json().status).toBe(200);
    const answers = async (q: string) => (await get(`/api/view-feedback${q}`, A.token)).json();
    expect((await answers('')).total).toBe(2);
    const atBranch = await answers(`?branch=${branch.id}`);
    expect(atBranch.total).toBe(1);
    expect(atBranch.feedback.map((f: { comment: string }) => f.comment)).toEqual(['Harika']);
    expect((await answers('?branch=0')).feedback.map((f: { comment: string }) => f.comment)).toEqual(['İyi']);
  });
});
