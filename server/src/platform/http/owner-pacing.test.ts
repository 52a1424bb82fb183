import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { performance } from 'node:perf_hooks';
import { MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, staffAt, type TestApp } from '../../../test/helpers.js';
import { addCategory, createBusiness } from '../../../test/menu-helpers.js';
import { loadConfig } from '../config.js';
import { DEFAULT_PACING, OwnerPacing } from './owner-pacing.js';

describe('OwnerPacing (GCRA with the answer time as cost)', () => {
  function pacing(opts: Partial<ConstructorParameters<typeof OwnerPacing>[0]> = {}) {
    const clock = { t: 1_000 };
    const p = new OwnerPacing({ share: 0.25, burstMs: 100, ...DEFAULT_PACING, dinersWindowMs: 60_000, ...opts, now: () => clock.t });
    p.dinersPresent();
    p.sawDiner();
    return { p, clock };
  }

  it('with no diner being served nothing is charged or delayed', () => {
    const clock = { t: 1_000 };
    const p = new OwnerPacing({ share: 0.25, burstMs: 0, ...DEFAULT_PACING, now: () => clock.t });
    expect(p.dinersPresent()).toBe(false);
    p.charge(7, 200);
    expect(p.admission(7)).toEqual({ waitMs: 0 });
    p.sawDiner();
    expect(p.dinersPresent()).toBe(true);
    p.charge(7, 200);
    expect(p.admission(7).waitMs).toBeCloseTo(800);
    // the diners have gone for a second: the business is no longer held back
    clock.t += DEFAULT_PACING.dinersWindowMs;
    expect(p.admission(7)).toEqual({ waitMs: 0 });
  });

  it('a diner counted long before the owner comes does not make the owner wait', () => {
    const clock = { t: 1_000 };
    const p = new OwnerPacing({ share: 0.25, burstMs: 0, ...DEFAULT_PACING, now: () => clock.t });
    expect(p.dinersPresent()).toBe(false);
    p.sawDiner();
    clock.t += 10_000;
    // counted since the last look, 10 s ago: dated then, so gone now
    expect(p.dinersPresent()).toBe(false);
    p.charge(7, 200);
    expect(p.admission(7)).toEqual({ waitMs: 0 });
    // a diner between two looks 5 ms apart is present
    clock.t += 5;
    p.sawDiner();
    expect(p.dinersPresent()).toBe(true);
  });

  it('a business with no work behind it starts at once and carries no state', () => {
    const { p } = pacing();
    expect(p.admission(7)).toEqual({ waitMs: 0 });
    expect(p.tracked).toBe(0);
  });

  it('work within the burst is free; past it a request waits its cost divided by the share', () => {
    const { p } = pacing();
    p.charge(7, 20); // 80 ms of the business's time line
    expect(p.admission(7)).toEqual({ waitMs: 0 });
    p.charge(7, 20); // 160
    p.charge(7, 20); // 240
    expect(p.admission(7)).toEqual({ waitMs: 0 });
    p.charge(7, 50); // 440: 40 ms past the 400 ms the burst covers
    expect(p.admission(7).waitMs).toBeCloseTo(40);
    expect(p.delayed).toBe(1);
  });

  it('time pays the debt back: after a pause the business is free again', () => {
    const { p, clock } = pacing();
    p.charge(7, 200);
    expect(p.admission(7).waitMs).toBeCloseTo(400);
    clock.t += 300;
    expect(p.admission(7).waitMs).toBeCloseTo(100);
    clock.t += 100;
    expect(p.admission(7)).toEqual({ waitMs: 0 });
  });

  it('one request is charged at most chargeCapMs (a long download does not lock the owner out)', () => {
    const { p } = pacing({ burstMs: 0 });
    p.charge(7, 60_000);
    expect(p.admission(7).waitMs).toBeCloseTo(DEFAULT_PACING.chargeCapMs / 0.25);
  });

  it('past maxWaitMs the request is refused, not queued', () => {
    const { p } = pacing({ burstMs: 0, maxWaitMs: 1_500 });
    for (let i = 0; i < 7; i++) p.charge(7, 100); // 2,800 ms of debt
    expect(p.admission(7)).toEqual({ refuseMs: 2_800 });
    expect(p.refused).toBe(1);
  });

  it("businesses are paced apart: one business's debt delays no other", () => {
    const { p } = pacing({ burstMs: 0 });
    p.charge(7, 250);
    expect(p.admission(7).waitMs).toBeGreaterThan(0);
    expect(p.admission(8)).toEqual({ waitMs: 0 });
  });

  it('share 0 turns it off', () => {
    expect(new OwnerPacing({ share: 0, burstMs: 0, ...DEFAULT_PACING }).enabled).toBe(false);
  });
});

describe('OWNER_SHARE and OWNER_BURST_MS', () => {
  it('default to 10 % and 0.5 s; a share over 100 or not a number stops the start', () => {
    expect(loadConfig({})).toMatchObject({ ownerSharePercent: 10, ownerBurstMs: 500 });
    expect(loadConfig({ OWNER_SHARE: '0', OWNER_BURST_MS: '0' })).toMatchObject({ ownerSharePercent: 0, ownerBurstMs: 0 });
    expect(() => loadConfig({ OWNER_SHARE: '150' })).toThrow(/OWNER_SHARE/);
    expect(() => loadConfig({ OWNER_SHARE: 'yarım' })).toThrow(/OWNER_SHARE/);
  });
});

describe('a business past its share of the server', () => {
  let t: TestApp;
  let a: { token: string; userId: number; slug: string };
  let b: { token: string; userId: number };
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    // no free burst: any work at all puts the business behind, so the tests read the accounting
    t = await buildTestApp({ config: { ownerSharePercent: 25, ownerBurstMs: 0 } });
    const owner = await createBusiness(t.app, 'Paylı Lokanta');
    await addCategory(t.app, owner.token, { name: 'Çorbalar' });
    a = { ...owner, slug: (await t.db.selectFrom('settings').select('companyname').where('user_id', '=', owner.userId).executeTakeFirstOrThrow()).companyname };
    b = await createBusiness(t.app, 'Komşu Kafe');
    staff = await staffAt(t.app, a, 'yonetici', []);
    admin = (await createAdmin(t.app)).token;
  });
  afterAll(async () => t.close());

  const categories = (token: string) => t.app.inject({ method: 'GET', url: '/api/all-category', headers: bearer(token) });
  const timed = async <T>(run: () => Promise<T>) => {
    const start = performance.now();
    const result = await run();
    return { result, ms: performance.now() - start };
  };
  /** Puts `business` `ms` of waiting behind (as that much sustained work would). */
  const putBehind = (business: number, ms: number) => {
    const p = t.app.ownerPacing;
    // diners are being served (as the server's listener notes for a request without a token)
    p.dinersPresent();
    p.sawDiner();
    // one request is charged at most chargeCapMs: as many requests as that much work takes
    for (let left = (ms - (p.admission(business).waitMs ?? 0)) * 0.25; left > 0; left -= 200) p.charge(business, Math.min(left, 200));
  };

  it("charges a business's own requests with their time, and nobody else's", async () => {
    const charge = vi.spyOn(t.app.ownerPacing, 'charge');
    try {
      t.app.ownerPacing.dinersPresent();
      t.app.ownerPacing.sawDiner();
      expect((await categories(b.token)).json().status).toBe(200);
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) });
      await t.app.inject({ method: 'GET', url: `/api/getCategory/${a.slug}` });
      await new Promise((r) => setImmediate(r)); // onResponse runs once the answer has left
      expect(charge.mock.calls).toHaveLength(1);
      expect(charge.mock.calls[0][0]).toBe(b.userId);
      expect(charge.mock.calls[0][1]).toBeGreaterThan(0);
    } finally {
      charge.mockRestore();
    }
  });

  it('delays its next request until its turn, then answers it', async () => {
    await new Promise((r) => setTimeout(r, 200)); // what the earlier tests charged is paid back
    putBehind(a.userId, 400);
    const { result, ms } = await timed(() => categories(a.token));
    expect(result.json().status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(350);
  });

  it('its staff share its turn; another business, the admin and the diners do not wait', async () => {
    await new Promise((r) => setTimeout(r, 200));
    putBehind(a.userId, 1_500);
    const staffAsks = timed(() => categories(staff));
    const other = await timed(() => categories(b.token));
    expect(other.result.json().status).toBe(200);
    expect(other.ms).toBeLessThan(300);
    const byAdmin = await timed(() => t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) }));
    expect(byAdmin.result.json().status).toBe(200);
    expect(byAdmin.ms).toBeLessThan(300);
    const diner = await timed(() => t.app.inject({ method: 'GET', url: `/api/getCategory/${a.slug}` }));
    expect(diner.result.statusCode).toBe(200);
    expect(diner.ms).toBeLessThan(300);
    const byStaff = await staffAsks;
    expect(byStaff.result.json().status).toBe(200);
    expect(byStaff.ms).toBeGreaterThanOrEqual(1_400);
  });

  it('refuses with HTTP 429, a Turkish message and Retry-After past 10 s of waiting, and changes nothing', async () => {
    putBehind(a.userId, 12_500);
    const before = await t.db.selectFrom('categories').select(({ fn }) => fn.countAll<number>().as('n')).where('user_id', '=', a.userId).executeTakeFirstOrThrow();
    const { result: res, ms } = await timed(() => t.app.inject({ method: 'POST', url: '/api/store-category', headers: bearer(a.token), payload: { name: 'Tatlılar', status: '1' } }));
    expect(ms).toBeLessThan(300);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('13');
    expect(res.json()).toEqual({ status: 429, message: MSG.ownerPaced(13) });
    expect(res.json().message).toContain('13 saniye sonra yeniden deneyin');
    const after = await t.db.selectFrom('categories').select(({ fn }) => fn.countAll<number>().as('n')).where('user_id', '=', a.userId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('no token is 401 and the wrong role 403 at once, before any waiting', async () => {
    const none = await timed(() => t.app.inject({ method: 'GET', url: '/api/all-category' }));
    expect(none.result.statusCode).toBe(401);
    expect(none.ms).toBeLessThan(300);
    const wrong = await timed(() => t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(a.token) }));
    expect(wrong.result.statusCode).toBe(403);
    expect(wrong.ms).toBeLessThan(300);
  });
});

describe('who counts as a diner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("a request over HTTP without a token does; an owner's request does not", async () => {
    const owner = await createBusiness(t.app, 'Dinleyen Lokanta');
    const slug = (await t.db.selectFrom('settings').select('companyname').where('user_id', '=', owner.userId).executeTakeFirstOrThrow()).companyname;
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const pacing = t.app.ownerPacing;
    expect(pacing.dinersPresent()).toBe(false);
    expect((await fetch(`${base}/api/all-category`, { headers: bearer(owner.token) })).status).toBe(200);
    expect(pacing.dinersPresent()).toBe(false);
    const menu = await fetch(`${base}/api/getCategory/${slug}`);
    expect(menu.status).toBe(200);
    await menu.arrayBuffer();
    expect(pacing.dinersPresent()).toBe(true);
  });
});
