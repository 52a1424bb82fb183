import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { MSG } from '@qrmenu/contract';
import { loadConfig } from '../../platform/config.js';
import { buildTestApp, isPostgres, type TestApp } from '../../../test/helpers.js';
import { addCategory, createBusiness } from '../../../test/menu-helpers.js';
import { freePort } from '../../../stress/server-process.js';
import { prometheusProblems, promtool } from '../../../test/prometheus-format.js';

/**
 * GET /metrics: closed unless METRICS_TOKEN or METRICS_PORT; Prometheus text with requests by
 * route pattern (the fast path's answers included), cache, views, database, mail and services.
 */
const TOKEN = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('is off: HTTP 404 and no collector', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.metrics.registry).toBeNull();
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/metrics', headers: auth })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => t?.close());
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('without the token, or with another one: HTTP 401, nothing measured in the answer', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-123' }, { authorization: TOKEN }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toEqual({ status: 401, message: MSG.metricsUnauthorized });
    }
  });

  it('with the token: Prometheus text with every metric family', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const names = [
      'qrmenu_http_requests_total',
      'qrmenu_http_request_duration_seconds',
      'qrmenu_menu_cache_entries',
      'qrmenu_menu_cache_bytes',
      'qrmenu_menu_cache_lookups_total',
      'qrmenu_views_pending',
      'qrmenu_views_oldest_pending_age_seconds',
      'qrmenu_view_flushes_total',
      'qrmenu_owner_paced_total',
      'qrmenu_db_info',
      'qrmenu_db_queries_total',
      'qrmenu_db_query_errors_total',
      'qrmenu_mails_total',
      'qrmenu_service_up',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      ...(isPostgres() ? ['qrmenu_db_pool_connections', 'qrmenu_db_pool_waiting', 'qrmenu_db_connection_errors_total'] : []),
    ];
    for (const name of names) expect(res.body, name).toContain(`# TYPE ${name} `);
    expect(sample(res.body, 'qrmenu_db_info', { dialect: isPostgres() ? 'postgres' : 'sqlite' })).toBe(1);
    expect(sample(res.body, 'qrmenu_service_up', { service: 'database' })).toBe(1);
    expect(sample(res.body, 'qrmenu_service_up', { service: 'storage' })).toBe(1);
    expect(sample(res.body, 'qrmenu_service_up', { service: 'redis' })).toBeUndefined(); // no REDIS_URL
  });

  it('counts a request under its route pattern and status, and times it', async () => {
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const before = sample(await scrape(), 'qrmenu_http_requests_total', labels) ?? 0;
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'qrmenu_http_requests_total', labels)).toBe(before + 1);
    expect(sample(text, 'qrmenu_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(text, 'qrmenu_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
  });

  it('labels by the pattern, never the address asked for (bounded label sets)', async () => {
    for (const id of [987654321, 987654322, 987654323]) await t.app.inject({ url: `/api/getProduct/${id}` });
    await t.app.inject({ url: '/api/no-such-route-4242' });
    const text = await scrape();
    // in no label (the figures themselves may contain any digits)
    expect(text).not.toMatch(/="[^"]*987654/);
    expect(text).not.toMatch(/="[^"]*4242/);
    expect(sample(text, 'qrmenu_http_requests_total', { route: '/api/getProduct/:id', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'qrmenu_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it("adds the fast path's answers (outside Fastify's hooks) to the requests, and counts the cache and the views", async () => {
    const biz = await createBusiness(t.app, 'Ölçüm Kafe');
    await addCategory(t.app, biz.token, { name: 'Çorbalar' });
    const route = { method: 'GET', route: '/qr/:company', status: '200' };
    const before = await scrape();
    const requestsBefore = sample(before, 'qrmenu_http_requests_total', route) ?? 0;
    const fastBefore = sample(before, 'qrmenu_menu_cache_lookups_total', { result: 'fast_hit' }) ?? 0;
    await t.app.views.flush();
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/qr/${biz.slug}`, { headers: { 'accept-language': 'tr' } })).status).toBe(200);
    const text = await scrape();
    // the first answer went through Fastify (a miss), the three others through the fast path
    expect(sample(text, 'qrmenu_http_requests_total', route)).toBe(requestsBefore + 4);
    expect(sample(text, 'qrmenu_http_request_duration_seconds_count', route)).toBe((sample(before, 'qrmenu_http_request_duration_seconds_count', route) ?? 0) + 1);
    expect(sample(text, 'qrmenu_menu_cache_lookups_total', { result: 'fast_hit' })).toBe(fastBefore + 3);
    expect(sample(text, 'qrmenu_menu_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'qrmenu_menu_cache_bytes')).toBeGreaterThan(0);
    // four views wait for the next flush (every 0.5 s): unless it already ran, they are pending
    const pending = sample(text, 'qrmenu_views_pending')!;
    const age = sample(text, 'qrmenu_views_oldest_pending_age_seconds')!;
    if (pending > 0) {
      expect(pending).toBe(4);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(5);
    }
    await t.app.views.flush();
    const after = await scrape();
    expect(sample(after, 'qrmenu_views_pending')).toBe(0);
    expect(sample(after, 'qrmenu_views_oldest_pending_age_seconds')).toBe(0);
    expect(sample(after, 'qrmenu_view_flushes_total', { result: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the mails sent and the database statements', async () => {
    const biz = await createBusiness(t.app, 'Posta Kafe');
    await t.app.mailer.idle(); // the registration's own mail
    const before = await scrape();
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: biz.email } });
    await t.app.mailer.idle();
    const text = await scrape();
    expect(sample(text, 'qrmenu_mails_total', { result: 'sent' })).toBe((sample(before, 'qrmenu_mails_total', { result: 'sent' }) ?? 0) + 1);
    expect(sample(text, 'qrmenu_db_queries_total')).toBeGreaterThan(sample(before, 'qrmenu_db_queries_total')!);
  });
});

describe('Prometheus accepts /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(async () => t?.close());

  it("the format checker sees what promtool refuses: prom-client's `_total` gauges, a counter without `_total`, a bad escape", async () => {
    const raw = new Registry();
    collectDefaultMetrics({ register: raw });
    const problems = prometheusProblems(await raw.metrics());
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      expect(problems).toContain(`${name}: non-counter metrics should not have "_total" suffix`);
    }
    expect(prometheusProblems('# HELP qr_hits x\n# TYPE qr_hits counter\nqr_hits 1\n')).toEqual(['qr_hits: counter metrics should have "_total" suffix']);
    expect(prometheusProblems('# HELP qr_total x\n# TYPE qr_total counter\nqr_total{x="\\q"} 1\n')).toHaveLength(1);
    expect(prometheusProblems('# TYPE qr_seconds gauge\nqr_seconds 1\n')).toEqual(['qr_seconds: no help text']);
    // and so does promtool, where installed
    expect(promtool(await raw.metrics())?.ok ?? false).toBe(false);
  });

  it('`promtool check metrics` and the format rules pass on the real answer after traffic (every family present)', async () => {
    const biz = await createBusiness(t.app, 'Prometheus Kafe');
    await addCategory(t.app, biz.token, { name: 'Içecekler' });
    for (const url of [`/qr/${biz.slug}`, `/qr/${biz.slug}/category`, '/api/health', '/api/nope', `/api/getCategory/${biz.slug}`]) await t.app.inject({ url });
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@y.z', password: 'yanlis-parola' } });
    const text = (await t.app.inject({ url: '/metrics', headers: auth })).body;
    expect(prometheusProblems(text)).toEqual([]);
    expect(text).not.toMatch(/^# TYPE nodejs_active_(handles|requests|resources)_total /m);
    expect(text).toMatch(/^# TYPE nodejs_active_handles gauge$/m);
    const checked = promtool(text);
    if (checked === null) {
      // CI installs promtool (.ci/run); only a developer's machine without it relies on the rules above
      expect(process.env.CI, 'promtool (Debian package prometheus) is missing on CI').not.toBe('true');
      return;
    }
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  });

  it('label values stay bounded: random addresses are counted under route templates or `unmatched`, never by themselves', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 40; i++) {
      const token = `zq${randomBytes(6).toString('hex')}`; // never part of a number
      tokens.push(token);
      const paths = [`/api/${token}`, `/qr/${token}`, `/qr/${token}/category/${i}`, `/api/getProduct/${token}`, `/uploads/${token}.webp`, `/${token}/"x\\y`];
      await t.app.inject({ url: paths[i % paths.length], method: i % 7 === 0 ? 'POST' : 'GET' });
    }
    const text = (await t.app.inject({ url: '/metrics', headers: auth })).body;
    for (const token of tokens) expect(text).not.toContain(token);
    const templates = new Set(['unmatched', ...t.app.routeList.map((r) => r.url)]);
    const routes = new Set([...text.matchAll(/route="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]));
    for (const route of routes) expect(templates, route).toContain(route);
    expect(prometheusProblems(text)).toEqual([]);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  it('answers on 127.0.0.1 without a token, only /metrics; the main port stays closed', async () => {
    const port = await freePort();
    const t = await buildTestApp({ config: { metricsPort: port } });
    try {
      expect(t.app.metrics.port()).toBe(port);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('# TYPE qrmenu_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      // not on the machine's other addresses
      const external = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
      if (external) await expect(fetch(`http://${external.address}:${port}/metrics`)).rejects.toThrow();
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow(); // closed with the app
  });

  it('reports Redis when REDIS_URL is set', async () => {
    const t = await buildTestApp({ config: { metricsToken: TOKEN, redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
    try {
      for (let i = 0; i < 50 && t.app.redis?.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
      const text = (await t.app.inject({ url: '/metrics', headers: auth })).body;
      expect(sample(text, 'qrmenu_redis_connected')).toBe(1);
      expect(sample(text, 'qrmenu_service_up', { service: 'redis' })).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_TOKEN and METRICS_PORT in the configuration', () => {
  it('refuses a short token and a port that is not one (the server does not start)', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'kisa' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars here ok' })).toThrow(/without spaces/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/other than PORT/);
  });
  it('reads them, unset meaning off', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toMatchObject({ metricsToken: TOKEN, metricsPort: 9464 });
  });
});
