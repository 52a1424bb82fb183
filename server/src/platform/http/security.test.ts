import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';
import { addCategory, createBusiness } from '../../../test/menu-helpers.js';
import http from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { DEFAULT_RATE_LIMITS, helmetHeaders } from './security.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(async () => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in throttling', () => {
  it('the 6th failed sign-in within a minute for the same e-mail and IP gets HTTP 429', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await login(owner.email, 'yanlis-sifre', '10.1.1.1');
      expect(res.json().status).toBe(401);
    }
    // e-mail matched after lower-casing and Unicode normalisation
    const sixth = await login(owner.email.toUpperCase(), 'yanlis-sifre', '10.1.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ status: 429, message: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.' });
    // even the right password is refused from that IP for now…
    expect((await login(owner.email, owner.password, '10.1.1.1')).statusCode).toBe(429);
    // …but the real owner can still sign in from another address
    const other = await login(owner.email, owner.password, '10.2.2.2');
    expect(other.json().status).toBe(200);
  });

  it('a per-IP ceiling holds across many e-mails', async () => {
    const ip = '10.3.3.3';
    let limited = 0;
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerIp + 2; i++) {
      const res = await login(uniqueEmail('spray'), 'yanlis-sifre', ip);
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    expect((await login(uniqueEmail('spray'), 'x', '10.4.4.4')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of that e-mail and IP', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < 4; i++) await login(owner.email, 'yanlis-sifre', '10.5.5.5');
    expect((await login(owner.email, owner.password, '10.5.5.5')).json().status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(owner.email, 'yanlis-sifre', '10.5.5.5')).json().status).toBe(401);
  });
});

describe('registration throttling', () => {
  it('limits registrations per IP with HTTP 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.registerPerIp + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Toplu', email: uniqueEmail('bulk'), password: 'uzun-sifre-1' },
        remoteAddress: '10.6.6.6',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('security headers', () => {
  it('HTML carries a CSP without inline scripts, nosniff, frame-ancestors and a referrer policy; no version leaks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['server']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
  });
  it("the diner's menu pages carry the same headers, COOP and Origin-Agent-Cluster included, and so do the fast path's replays", async () => {
    const biz = await createBusiness(t.app, 'Başlık Kafe');
    const cat = await addCategory(t.app, biz.token, { name: 'Tatlılar' });
    const pages = [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`, `/qr/${biz.slug}/category/${cat.id}`, '/qr/yok-boyle-bir-isletme', '/qr/a/b/c/d'];
    for (const [i, url] of pages.entries()) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(i < 3 ? 200 : 404);
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['origin-agent-cluster'], url).toBe('?1');
    }
    for (const url of ['/api/getCategory/yok', '/', '/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['origin-agent-cluster'], url).toBe('?1');
    }
    // the fast path (a real socket: inject goes through Fastify) replays the cached page with them
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const hitsBefore = t.app.menuCache.stats().fastHits;
    for (const url of pages.slice(0, 3)) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(base + url, { headers: { 'accept-language': 'tr' } });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
        expect(res.headers.get('origin-agent-cluster'), url).toBe('?1');
        expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      }
    }
    expect(t.app.menuCache.stats().fastHits).toBeGreaterThan(hitsBefore);
  });
  it('sends HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const p = await buildTestApp({ config: { trustProxy: true } });
    try {
      const res = await p.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await p.close();
    }
  });
  it("helmet's headers, computed once, are the ones its middleware sets on a real response; error answers carry them too", async () => {
    const options = { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://cdn.example.com'] } }, strictTransportSecurity: false } as const;
    const req = new http.IncomingMessage(new Socket());
    const res = new http.ServerResponse(req);
    res.setHeader('X-Powered-By', 'x');
    helmet(options)(req, res, () => undefined);
    const once = helmetHeaders(options);
    expect(Object.fromEntries(once.map(([k, v]) => [k.toLowerCase(), v]))).toEqual(res.getHeaders());
    expect(once.length).toBeGreaterThan(8);
    // the 401 of a write without a token and the 404 of an unknown API path (the error handlers' answers)
    for (const [method, url] of [['POST', '/api/update-product/1'], ['GET', '/api/yok']] as const) {
      const answer = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(String(answer.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
