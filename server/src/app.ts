import http from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { MSG } from '@qrmenu/contract';
import type { Config } from './platform/config.js';
import type { DB } from './platform/db/database.js';
import { AppError } from './platform/errors.js';
import type { DeclaredRoute } from './platform/routes/declare.js';
import { createStore, type FileStore } from './platform/storage/index.js';
import redisPlugin from './platform/redis.js';
import security, { DEFAULT_RATE_LIMITS, type RateLimits } from './platform/http/security.js';
import multipartType from './platform/http/multipart-type.js';
import ownerPacing, { DEFAULT_PACING } from './platform/http/owner-pacing.js';
import views from './features/menu/views/views.js';
import menuCache from './features/menu/cache/menu-cache.js';
import { menuFastPath } from './features/menu/cache/menu-fast-path.js';
import metrics from './features/ops/metrics.js';
import { localStorageCheck, type StorageCheck } from './features/ops/health.js';
import accounts from './platform/app-services.js';
import audit from './platform/audit/audit.plugin.js';
import authRoutes from './features/auth/auth.routes.js';
import healthRoutes from './features/ops/health.routes.js';
import openapiRoutes from './features/ops/openapi.routes.js';
import settingsRoutes from './features/settings/settings.routes.js';
import categoriesRoutes from './features/catalog/categories.routes.js';
import productsRoutes from './features/catalog/products.routes.js';
import publicMenuRoutes from './features/menu/public-menu.routes.js';
import messagesRoutes from './features/messages/messages.routes.js';
import adminBusinessesRoutes from './features/admin/admin-businesses.routes.js';
import adminCatalogRoutes from './features/admin/admin-catalog.routes.js';
import adminDashboardRoutes from './features/admin/admin-dashboard.routes.js';
import adminAccountRoutes from './features/admin/admin-account.routes.js';
import staticRoutes from './features/static/static.routes.js';
import menuContentRoutes from './features/catalog/menu-content.routes.js';
import translationsRoutes from './features/translations/translations.routes.js';
import passwordResetRoutes from './features/auth/password-reset.routes.js';
import emailVerificationRoutes from './features/auth/email-verification.routes.js';
import accountRoutes from './features/accounts/account.routes.js';
import adminAuditRoutes from './features/admin/admin-audit.routes.js';
import menuIoRoutes from './features/menu-io/menu-io.routes.js';
import pricesRoutes from './features/menu-io/prices.routes.js';
import tablesLive from './features/tables/tables-live.js';
import feedbackRoutes from './features/tables/feedback.routes.js';
import waiterCallsRoutes from './features/tables/waiter-calls.routes.js';
import qrCardsRoutes from './features/tables/qr-cards.routes.js';
import tablePagesRoutes from './features/tables/table-pages.routes.js';
import sitemapRoutes from './features/branding/sitemap.routes.js';
import brandingRoutes from './features/branding/branding.routes.js';
import priceListRoutes from './features/price-list/price-list.routes.js';
import staffRoutes from './features/staff/staff.routes.js';
import branchesRoutes from './features/branches/branches.routes.js';
import staffActivity from './features/staff/staff-activity.js';
import priceListVersions from './features/price-list/version-hook.js';
import ordersRoutes from './features/orders/orders.routes.js';
import basketRoutes from './features/orders/basket.routes.js';
import billRoutes from './features/orders/bill.routes.js';
import reportsRoutes from './features/reports/reports.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: Config;
    /** Uploaded files: DATA_DIR/uploads or the bucket of STORAGE_URL (storage/). */
    storage: FileStore;
    /**
     * Every route of the app (method + URL) with what it declares (platform/routes/declare.ts) and
     * whether it has a rate limit (`throttled`): the OpenAPI document and the authorisation matrix
     * test are built from it.
     */
    routeList: DeclaredRoute[];
  }
}

export interface BuildOptions {
  config: Config;
  db: DB;
  /** Rate limits (tests raise them; the security tests use the defaults; registration and contact come from config). */
  rateLimits?: RateLimits;
  /** The file store (main.ts shares its own with the seed); made from config when absent and closed with the app. */
  storage?: FileStore;
}

/** Upload limits: photos are compressed in the browser to ≤ 1 MB; the server accepts up to 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Routes of the single-page app; other paths get its 404 page with HTTP 404. */
const SPA_ROUTE = /^\/(login|register|kayit|sifremi-unuttum|sifre-sifirla|eposta-dogrula|iletisim|gizlilik-politikasi|kullanim-sozlesmesi|403|404|user(\/.*)?|admin(\/.*)?|personel(\/(mutfak|garson))?|personel-davet)?\/?$/;
/** The app's own error pages, opened directly, answer with their status (a crawler or a monitor sees it). */
const spaStatus = (url: string) => (/^\/40[34]\/?$/.test(url) ? Number(url.slice(1, 4)) : SPA_ROUTE.test(url) ? 200 : 404);

/** Builds the app: external plugins, then app plugins, then routes. Nothing else. */
export async function buildApp({ config, db, rateLimits, storage }: BuildOptions): Promise<FastifyInstance> {
  // The public menu's fast path answers cached menu GETs before Fastify (features/menu/cache/menu-fast-path.ts).
  // Once closing (SIGTERM), every answer ends its connection, so that close() is not kept waiting
  // by clients that would reuse a kept-alive connection (Fastify answers new requests 503 then).
  let draining = false;
  const app = Fastify({
    serverFactory: (handler) => http.createServer((req, res) => {
      if (draining) res.shouldKeepAlive = false;
      // owner work gives way while diners are served (platform/http/owner-pacing.ts)
      if (req.headers.authorization === undefined) app.ownerPacing.sawDiner();
      if (!fastPath?.(req, res)) handler(req, res);
    }),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  const store = storage ?? createStore(config);
  app.decorate('storage', store);
  if (!storage) app.addHook('onClose', async () => store.close());
  const routeList: DeclaredRoute[] = [];
  app.decorate('routeList', routeList);
  let reap: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    draining = true;
    // connections whose answer was already under way went on keep-alive: close each once idle
    reap = setInterval(() => app.server.closeIdleConnections(), 100);
    reap.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(reap);
    done();
  });
  app.addHook('onRoute', (r) => {
    const { doc, cache, audit: auditRule } = r.config ?? {};
    const throttled = Boolean((r.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: r.url, doc, cache, audit: auditRule, ...(throttled ? { throttled } : {}) });
    }
  });

  // Clients that send JSON headers on every call (the spec's client does) also send them on
  // DELETE and logout, which have no body: an empty JSON body is "no body", not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    void parseJson(request, body as string, done);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send({ status: error.bodyStatus, message: error.message, ...error.extra });
    }
    // busboy's plain Error for a multipart type without a boundary is the client's fault, whoever reads the form
    const code = (error).statusCode ?? (error.message.startsWith('Multipart: Boundary not found') ? 400 : 500);
    const fe = error;
    if (code === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send({ status: 413, message: MSG.tooLarge });
    }
    if (code === 429) return reply.code(429).send({ status: 429, message: MSG.tooManyRequests });
    // The static files answer a directory (`/` or `/assets/` asked without Accept-Encoding, as curl and
    // uptime monitors do) with 403 or 404: outside the API that is "no such file", not a bad request —
    // the SPA's route table decides (200 for `/`, its 404 page otherwise).
    if ((code === 403 || code === 404) && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')) {
      return reply.callNotFound();
    }
    if (code === 401) return reply.code(401).send({ status: 401, message: MSG.unauthorized });
    if (code === 404) return reply.code(404).send({ status: 404, message: MSG.routeNotFound });
    if (code >= 400 && code < 500) {
      // Malformed JSON, wrong content type, bad multipart…: a clear Turkish message, never internals.
      return reply.code(400).send({ status: 400, message: MSG.badJson });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, message: MSG.serverError });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ status: 404, message: MSG.routeNotFound });
    }
    return reply
      .code(spaStatus(url))
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(app.spaIndex);
  });

  // first: the clock (app.clock) that the throttles, the view counter and the cache read, and the mailer
  await app.register(accounts);
  const limits = rateLimits ?? { ...DEFAULT_RATE_LIMITS, registerPerIp: config.registerPerIp, contactPerIp: config.contactPerIp };
  // the process's two Redis connections (REDIS_URL): one client, one subscriber, shared by every feature
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  await app.register(security, { limits, imageOrigin: config.storagePublicUrl ? new URL(config.storagePublicUrl).origin : undefined });
  // each business's own requests wait their turn past a share of the server (read by the auth guards)
  await app.register(ownerPacing, { ...DEFAULT_PACING, share: config.ownerSharePercent / 100, burstMs: config.ownerBurstMs });
  await app.register(views, { enabled: config.viewCounting, dataDir: config.dataDir });
  // cached pages that show the open/closed state end by the app's clock (platform/app-services.ts; tests move it)
  await app.register(menuCache, { maxBytes: config.menuCacheMb * 1024 * 1024, now: () => app.clock.now().getTime() });
  // the local disk is checked by writing a file; a bucket by the store's own request
  const storageCheck: StorageCheck =
    store.kind === 'local'
      ? localStorageCheck(config.dataDir)
      : async () => {
          const r = await store.check();
          if (!r.ok) throw new Error(r.error ?? 'storage unreachable');
        };
  // before the routes: its request hook must see them all
  await app.register(metrics, { storageCheck });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // before multipart: Fastify chooses a form's parser by its media type, not by its boundary
  await app.register(multipartType);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    throwFileSizeLimit: true,
    // keep the client's file name as sent, so a name with a path is seen (and refused) rather than silently cut
    preservePath: true,
  });

  // request.audited(): an audited route's write and its audit entry in one transaction
  await app.register(audit);
  // before the routes: its hook records a price-list version after each owner write (theirs all)
  await app.register(priceListVersions);
  // before the routes: its hook records every staff member's successful write in the activity log
  await app.register(staffActivity);

  await app.register(healthRoutes, { storageCheck });
  // its document is built on first use, from every route registered by then
  await app.register(openapiRoutes);
  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(categoriesRoutes);
  await app.register(productsRoutes);
  await app.register(publicMenuRoutes);
  await app.register(messagesRoutes);
  await app.register(adminBusinessesRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminAccountRoutes);
  await app.register(menuContentRoutes);
  await app.register(translationsRoutes);
  await app.register(passwordResetRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(accountRoutes);
  await app.register(adminAuditRoutes);
  await app.register(staticRoutes);
  await app.register(menuIoRoutes);
  await app.register(pricesRoutes);
  await app.register(tablesLive);
  await app.register(feedbackRoutes);
  await app.register(waiterCallsRoutes);
  await app.register(qrCardsRoutes);
  await app.register(tablePagesRoutes);
  await app.register(sitemapRoutes);
  await app.register(brandingRoutes);
  await app.register(priceListRoutes);
  await app.register(ordersRoutes);
  await app.register(basketRoutes);
  await app.register(billRoutes);
  await app.register(reportsRoutes);
  await app.register(staffRoutes);
  await app.register(branchesRoutes);
  const fastPath = menuFastPath(app, app.metrics.fastPath);
  return app;
}
