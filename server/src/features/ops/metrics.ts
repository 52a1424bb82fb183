import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '@qrmenu/contract';
import { dbStats, dialectOf } from '../../platform/db/database.js';
import { checkHealth, type StorageCheck } from './health.js';
import { FAST_PATH_ROUTES, newFastPathCounts, type FastPathCounts } from '../menu/index.js';
import { TAG } from '../../platform/openapi/fragments.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** The fast path's answers (plain counters it increments; /metrics adds them to the request counts). */
      fastPath: FastPathCounts;
      /** Null when /metrics is off (neither METRICS_TOKEN nor METRICS_PORT). */
      registry: Registry | null;
      /** The port of the METRICS_PORT listener once it listens (tests read it). */
      port(): number | undefined;
    };
  }
}

/** Default gauges whose names Prometheus refuses (`_total` on a gauge); their by-type twins stay. */
export const NOT_PROMETHEUS_NAMES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** Seconds; the menu answers from the cache take well under 5 ms, a photo upload up to seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics (README "Operations"). Off unless METRICS_TOKEN (GET /metrics on the main
 * port with that bearer token) or METRICS_PORT (a listener on 127.0.0.1 serving /metrics alone)
 * is set; when off, no hook and no collector runs. Request counts use Fastify's route pattern
 * (`routeOptions.url`), never the address asked for, so every label set stays bounded. What other
 * modules count cheaply (menu cache, fast path, view counter, mailer, database) is read here at
 * each scrape, not pushed per request.
 */
export default fp<{ storageCheck: StorageCheck }>(async (app, opts) => {
  const { metricsToken, metricsPort } = app.config;
  const fastPath = newFastPathCounts();
  let server: http.Server | undefined;
  if (!metricsToken && !metricsPort) {
    app.decorate('metrics', { fastPath, registry: null, port: () => undefined });
    return;
  }
  const registry = new Registry();
  app.decorate('metrics', { fastPath, registry, port: () => (server?.address() as AddressInfo | null)?.port });
  collectDefaultMetrics({ register: registry });
  // prom-client's sums of the by-type gauges below carry `_total`, a counter's suffix, on gauges:
  // Prometheus (`promtool check metrics`) refuses them; sum(nodejs_active_handles) says the same.
  for (const name of NOT_PROMETHEUS_NAMES) registry.removeSingleMetric(name);
  defineRequestMetrics(app, registry, fastPath);
  defineAppMetrics(app, registry, opts.storageCheck);

  const answer = async () => ({ type: registry.contentType, body: await registry.metrics() });

  if (metricsToken) {
    const expected = createHash('sha256').update(`Bearer ${metricsToken}`).digest();
    app.get('/metrics', {
      config: {
        doc: {
          tag: TAG.ops, access: 'metrics', summary: 'Prometheus metrikleri (METRICS_TOKEN ile Bearer; yoksa kapalı, 404)',
          file: { types: ['text/plain'], description: 'Prometheus metin biçimi' },
        },
      },
    }, async (request, reply) => {
      const given = createHash('sha256').update(String(request.headers.authorization ?? '')).digest();
      reply.header('Cache-Control', 'no-store');
      if (!timingSafeEqual(given, expected)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send({ status: 401, message: MSG.metricsUnauthorized });
      }
      const { type, body } = await answer();
      return reply.type(type).send(body);
    });
  }

  if (metricsPort) {
    // bound to the loopback interface only: whoever can reach it is on this machine
    app.addHook('onReady', async () => {
      server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: only GET /metrics is served here\n');
          return;
        }
        answer().then(
          ({ type, body }) => res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body),
          (err) => {
            app.log.error({ err }, 'metrics: collection failed');
            res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject).listen(metricsPort, '127.0.0.1', () => resolve());
      });
      app.log.info(`metrics on http://127.0.0.1:${metricsPort}/metrics`);
    });
    app.addHook('onClose', async () => {
      if (!server?.listening) return;
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    });
  }
});

/** Requests by method, route pattern and status, with their latency; the fast path's answers added at each scrape. */
function defineRequestMetrics(app: FastifyInstance, registry: Registry, fastPath: FastPathCounts) {
  const seen = FAST_PATH_ROUTES.map(() => new Map<number, number>());
  const requests = new Counter({
    name: 'qrmenu_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (menu answers replayed by the fast path included).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      fastPath.forEach((byStatus, i) => {
        for (const [status, n] of byStatus) {
          const delta = n - (seen[i].get(status) ?? 0);
          if (delta <= 0) continue;
          seen[i].set(status, n);
          this.inc({ method: 'GET', route: FAST_PATH_ROUTES[i], status: String(status) }, delta);
        }
      });
    },
  });
  const latency = new Histogram({
    name: 'qrmenu_http_request_duration_seconds',
    help: 'Time to answer a request routed by Fastify (the fast path, a few microseconds per answer, is not timed).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** A counter whose values another module keeps: set from `read` at each scrape. */
function mirroredCounter<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], read: () => Array<[Partial<Record<L, string>>, number]>) {
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

function gauge<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], read: () => Array<[Partial<Record<L, string>>, number]> | Promise<Array<[Partial<Record<L, string>>, number]>>) {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [labels, value] of await read()) this.set(labels, value);
    },
  });
}

/** Menu cache, view journal, database, mail, Redis and the services' states. */
function defineAppMetrics(app: FastifyInstance, registry: Registry, storageCheck: StorageCheck) {
  const cache = () => app.menuCache.stats();
  gauge(registry, 'qrmenu_menu_cache_entries', 'Answers held by the public menu cache.', [], () => [[{}, cache().entries]]);
  gauge(registry, 'qrmenu_menu_cache_bytes', 'Memory the public menu cache accounts for (MENU_CACHE_MB bounds it).', [], () => [[{}, cache().bytes]]);
  mirroredCounter(registry, 'qrmenu_menu_cache_lookups_total', 'Public menu cache lookups: hit (through Fastify), fast_hit (replayed by the fast path), miss (computed), joined (waited for a computation already running).', ['result'], () => {
    const s = cache();
    return [[{ result: 'hit' }, s.hits], [{ result: 'fast_hit' }, s.fastHits], [{ result: 'miss' }, s.misses], [{ result: 'joined' }, s.joined]];
  });

  gauge(registry, 'qrmenu_views_pending', 'Menu views counted and in the journal, not yet written to the database.', [], () => [[{}, app.views.stats().pending]]);
  gauge(registry, 'qrmenu_views_oldest_pending_age_seconds', 'Age of the oldest view waiting for the database (0 when none waits; flushed every 0.5 s when healthy).', [], () => {
    const at = app.views.stats().oldestPendingAt;
    return [[{}, at === null ? 0 : Math.max(0, (app.clock.now().getTime() - at) / 1000)]];
  });
  mirroredCounter(registry, 'qrmenu_view_flushes_total', 'Writes of the counted views to the database, by result (failed ones are retried).', ['result'], () => {
    const s = app.views.stats();
    return [[{ result: 'ok' }, s.flushes], [{ result: 'failed' }, s.flushFailures]];
  });
  mirroredCounter(registry, 'qrmenu_owner_paced_total', "A business's requests past its share of the server (OWNER_SHARE): delayed to their turn, or refused with HTTP 429 (they would have waited over 10 s).", ['outcome'], () => [
    [{ outcome: 'delayed' }, app.ownerPacing.delayed],
    [{ outcome: 'refused' }, app.ownerPacing.refused],
  ]);

  const db = dbStats(app.db);
  const dialect = dialectOf(app.db);
  gauge(registry, 'qrmenu_db_info', 'The database in use (value 1).', ['dialect'], () => [[{ dialect }, 1]]);
  if (db) {
    mirroredCounter(registry, 'qrmenu_db_queries_total', 'Database statements run.', [], () => [[{}, db.queries]]);
    mirroredCounter(registry, 'qrmenu_db_query_seconds_total', 'Time spent in database statements.', [], () => [[{}, db.seconds]]);
    mirroredCounter(registry, 'qrmenu_db_query_errors_total', 'Statements that failed: constraint (a violation the app expects and answers, e.g. a name taken) or other.', ['kind'], () => [
      [{ kind: 'constraint' }, db.constraintErrors],
      [{ kind: 'other' }, db.errors],
    ]);
    const pool = db.pool;
    if (pool) {
      mirroredCounter(registry, 'qrmenu_db_connection_errors_total', 'PostgreSQL connections that could not be made or broke while idle.', [], () => [[{}, db.connectionErrors]]);
      gauge(registry, 'qrmenu_db_pool_connections', 'PostgreSQL pool connections, by state.', ['state'], () => [
        [{ state: 'idle' }, pool.idleCount],
        [{ state: 'busy' }, pool.totalCount - pool.idleCount],
      ]);
      gauge(registry, 'qrmenu_db_pool_waiting', 'Queries waiting for a free PostgreSQL pool connection.', [], () => [[{}, pool.waitingCount]]);
      gauge(registry, 'qrmenu_db_pool_max', 'Size limit of the PostgreSQL pool.', [], () => [[{}, pool.options.max ?? 10]]);
    }
  }

  mirroredCounter(registry, 'qrmenu_mails_total', 'Outgoing mails: sent (or written to the outbox), retried (a failed attempt, tried again), failed (given up).', ['result'], () => {
    const c = app.mailer.counts;
    return [[{ result: 'sent' }, c.sent], [{ result: 'retried' }, c.retried], [{ result: 'failed' }, c.failed]];
  });

  if (app.redis) {
    const redis = app.redis;
    gauge(registry, 'qrmenu_redis_connected', 'Whether the Redis connection (REDIS_URL) is ready.', [], () => [[{}, redis.status === 'ready' ? 1 : 0]]);
  }
  gauge(registry, 'qrmenu_service_up', 'The services as /api/health sees them at the scrape (1 up, 0 down); redis only with REDIS_URL.', ['service'], async () => {
    const h = await checkHealth(app, storageCheck);
    const rows: Array<[{ service: string }, number]> = [
      [{ service: 'database' }, h.database === 'up' ? 1 : 0],
      [{ service: 'storage' }, h.storage === 'up' ? 1 : 0],
    ];
    if (h.redis !== 'off') rows.push([{ service: 'redis' }, h.redis === 'up' ? 1 : 0]);
    return rows;
  });
}
