import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { MSG, normalizeEmail } from '@qrmenu/contract';
import { AppError } from '../errors.js';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './throttle-store.js';

export interface RateLimits {
  /** Failed sign-ins per e-mail + IP per minute before HTTP 429. */
  loginPerEmailIp: number;
  /** Failed sign-ins per IP per minute (any e-mail) before HTTP 429. */
  loginPerIp: number;
  /** Registrations per IP per 10 minutes. */
  registerPerIp: number;
  /** Contact messages per IP per 10 minutes. */
  contactPerIp: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { loginPerEmailIp: 5, loginPerIp: 30, registerPerIp: 20, contactPerIp: 10 };

type RouteLimit = { max: number; timeWindow: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route rate-limit settings (`config: { rateLimit: app.limits.x }`). */
    limits: { login: RouteLimit; register: RouteLimit; contact: RouteLimit };
    /** Shared fixed-window counters (in-process, or Redis with REDIS_URL) for throttles of our own. */
    counterStore: CounterStore;
    loginThrottle: {
      /** Throws HTTP 429 when this e-mail + IP, or this IP, failed too often in the last minute. */
      assertAllowed(request: FastifyRequest, email: string): Promise<void>;
      fail(request: FastifyRequest, email: string): Promise<void>;
      reset(request: FastifyRequest, email: string): Promise<void>;
    };
  }
}

const MINUTE = 60_000;
/** Sent only with answers to requests that came over HTTPS (`request.protocol`, see TRUST_PROXY). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Security headers (helmet, CSP without inline scripts) and throttling (rate-limit, sign-in failures). */
/** Registered after platform/redis.ts: with REDIS_URL the counters use the process's shared client (`app.redis`). */
export default fp<{ limits: RateLimits; imageOrigin?: string }>(async (app, opts) => {
  const redis = app.redis;
  const store: CounterStore = redis ? new RedisCounterStore(redis) : new MemoryCounterStore(app.clock);
  app.decorate('counterStore', store);
  app.addHook('onClose', async () => store.close());

  // helmet's headers are the same for every answer: computed once, set by one hook (helmetHeaders)
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // photos from STORAGE_PUBLIC_URL (a CDN or a bucket) when set
        imgSrc: ["'self'", 'data:', 'blob:', ...(opts.imageOrigin ? [opts.imageOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only when the request really came over HTTPS (see the hook below).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'qrmenu:rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, status: 429, message: MSG.tooManyRequests }),
  });

  const l = opts.limits;
  app.decorate('limits', {
    login: { max: Math.max(l.loginPerIp * 4, 60), timeWindow: MINUTE },
    register: { max: l.registerPerIp, timeWindow: 10 * MINUTE },
    contact: { max: l.contactPerIp, timeWindow: 10 * MINUTE },
  });

  const keys = (request: FastifyRequest, email: string) => {
    const e = typeof email === 'string' ? normalizeEmail(email) : '';
    return { emailIp: `login:${e}|${request.ip}`, ip: `login-ip:${request.ip}` };
  };
  app.decorate('loginThrottle', {
    async assertAllowed(request, email) {
      const k = keys(request, email);
      const [byEmail, byIp] = await Promise.all([store.get(k.emailIp), store.get(k.ip)]);
      if (byEmail >= l.loginPerEmailIp || byIp >= l.loginPerIp) throw new AppError(429, 429, MSG.tooManyRequests);
    },
    async fail(request, email) {
      const k = keys(request, email);
      await Promise.all([store.incr(k.emailIp, MINUTE), store.incr(k.ip, MINUTE)]);
    },
    async reset(request, email) {
      await store.del(keys(request, email).emailIp);
    },
  });
});

/**
 * The headers helmet's middleware sets, read once from a stand-in response. @fastify/helmet
 * rebuilt the middleware (parsing the CSP directives) in an async hook on every request: about
 * 0.1 ms each, and the garbage it left made V8's young-generation collections copy megabytes
 * (bench/README.md, "stall"). Our options have no per-request values (no nonces, no functions).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name, String(value)),
    removeHeader: (name: string) => void set.delete(name),
    getHeader: (name: string) => set.get(name),
  };
  // helmet (v8) throws a bad option at once; its callback gets no error
  helmet(options)({} as never, res as never, () => undefined);
  return [...set];
}
