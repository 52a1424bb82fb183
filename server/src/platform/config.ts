import path from 'node:path';
import { parseStorageUrl, type S3Settings } from './storage/s3.js';

/**
 * Every environment variable the server reads, parsed and documented in one place.
 * The README's configuration table mirrors this file.
 */
export interface Config {
  /** HTTP port (PORT, default 3000). */
  port: number;
  /** Listen address (HOST, default 0.0.0.0). */
  host: string;
  /** SQLite file and uploaded images (DATA_DIR, default ./data). */
  dataDir: string;
  /** postgres://… selects PostgreSQL (DATABASE_URL); unset → SQLite in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Base of QR links (PUBLIC_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** Admin created at start when missing (ADMIN_EMAIL, ADMIN_PASSWORD). */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Shared rate-limit store for several instances (REDIS_URL). */
  redisUrl: string | undefined;
  /** Access-token lifetime in days (TOKEN_TTL_DAYS, default 30). */
  tokenTtlDays: number;
  /** Seed the demo business on an empty database (SEED_DEMO, default true). */
  seedDemo: boolean;
  /** Log level (LOG_LEVEL, default info; tests use silent). */
  logLevel: string;
  /** Trust X-Forwarded-* from a load balancer (TRUST_PROXY, default false). */
  trustProxy: boolean;
  /** Count menu views (VIEW_COUNTING, default true; the benchmark compares on vs off). */
  viewCounting: boolean;
  /** Memory for the public menu cache in MB (MENU_CACHE_MB, default 128; 0 turns the cache off). */
  menuCacheMb: number;
  /** Registrations per IP per 10 minutes (RATE_LIMIT_REGISTER, default 20). */
  registerPerIp: number;
  /** Contact messages per IP per 10 minutes (RATE_LIMIT_CONTACT, default 10). */
  contactPerIp: number;
  /** Share of the server one business's own requests may keep busy while diners are served, in per cent (OWNER_SHARE, default 10; 0 turns the pacing off; platform/http/owner-pacing.ts). */
  ownerSharePercent: number;
  /** A business's work free of pacing after a quiet spell, in ms (OWNER_BURST_MS, default 500). */
  ownerBurstMs: number;
  /** KVKK data exports per account per hour (RATE_LIMIT_EXPORT, default 10; the stall bench raises it). */
  exportPerHour: number;
  /** Outgoing mail server (SMTP_URL, `smtp://user:pass@host:587` or `smtps://…`); unset → DATA_DIR/outbox/*.eml. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail (MAIL_FROM, default `QR Menü <no-reply@host of PUBLIC_URL>`). */
  mailFrom: string;
  /** Forgotten-password requests per IP per 10 minutes (RATE_LIMIT_FORGOT, default 10). */
  forgotPerIp: number;
  /** Survey answers per IP per 10 minutes, a ceiling for a whole guest Wi-Fi (RATE_LIMIT_FEEDBACK, default 200). */
  feedbackPerIp: number;
  /** Survey answers per table per 10 minutes (RATE_LIMIT_FEEDBACK_TABLE, default 5). */
  feedbackPerTable: number;
  /** Survey answers per device (the `qrm_cihaz` cookie) per 10 minutes (RATE_LIMIT_FEEDBACK_DEVICE, default 5). */
  feedbackPerDevice: number;
  /** Survey answers per business per 10 minutes (RATE_LIMIT_FEEDBACK_BUSINESS, default 200). */
  feedbackPerBusiness: number;
  /** Waiter calls per IP per 10 minutes, a ceiling for a whole guest Wi-Fi (RATE_LIMIT_CALLS, default 400). */
  callsPerIp: number;
  /** Waiter calls per table per 10 minutes (RATE_LIMIT_CALLS_TABLE, default 10). */
  callsPerTable: number;
  /** Waiter calls per device (the `qrm_cihaz` cookie) per 10 minutes (RATE_LIMIT_CALLS_DEVICE, default 10). */
  callsPerDevice: number;
  /** Waiter calls per business per 10 minutes (RATE_LIMIT_CALLS_BUSINESS, default 400). */
  callsPerBusiness: number;
  /** Bearer token that opens `GET /metrics` on the main port (METRICS_TOKEN, ≥ 16 characters); unset → closed there. */
  metricsToken: string | undefined;
  /** A second listener on 127.0.0.1 serving only `/metrics`, without a token (METRICS_PORT); unset → none. */
  metricsPort: number | undefined;
  /** Bucket for uploaded photos (STORAGE_URL, `s3://bucket[/folder]?endpoint=…&region=…&forcePathStyle=true`, credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY); unset → DATA_DIR/uploads. */
  storage: S3Settings | undefined;
  /** Public base of the photos' addresses on the menu pages (STORAGE_PUBLIC_URL, a CDN or the bucket's public address; `uploads/x.webp` is found at `<base>/uploads/x.webp`); unset → `/uploads/…` served by the app. */
  storagePublicUrl: string | undefined;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value == null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function percent(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name);
  if (n > 100) throw new Error(`${name} is a share in per cent (0–100), got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value == null || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (unset it to use SQLite)');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps:// (unset it to write mails to DATA_DIR/outbox)');
  const storagePublicUrl = env.STORAGE_PUBLIC_URL ? env.STORAGE_PUBLIC_URL.replace(/\/+$/, '') : undefined;
  if (storagePublicUrl && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(storagePublicUrl)) throw new Error('STORAGE_PUBLIC_URL must be an http(s):// address without query (the base under which uploads/… is found)');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    publicUrl,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    tokenTtlDays: int(env.TOKEN_TTL_DAYS, 30, 'TOKEN_TTL_DAYS'),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: bool(env.TRUST_PROXY, false),
    viewCounting: bool(env.VIEW_COUNTING, true),
    menuCacheMb: int(env.MENU_CACHE_MB, 128, 'MENU_CACHE_MB'),
    registerPerIp: int(env.RATE_LIMIT_REGISTER, 20, 'RATE_LIMIT_REGISTER'),
    ownerSharePercent: percent(env.OWNER_SHARE, 10, 'OWNER_SHARE'),
    ownerBurstMs: int(env.OWNER_BURST_MS, 500, 'OWNER_BURST_MS'),
    exportPerHour: int(env.RATE_LIMIT_EXPORT, 10, 'RATE_LIMIT_EXPORT'),
    contactPerIp: int(env.RATE_LIMIT_CONTACT, 10, 'RATE_LIMIT_CONTACT'),
    smtpUrl,
    mailFrom: env.MAIL_FROM || `QR Menü <no-reply@${mailHost(publicUrl)}>`,
    forgotPerIp: int(env.RATE_LIMIT_FORGOT, 10, 'RATE_LIMIT_FORGOT'),
    feedbackPerIp: int(env.RATE_LIMIT_FEEDBACK, 200, 'RATE_LIMIT_FEEDBACK'),
    feedbackPerTable: int(env.RATE_LIMIT_FEEDBACK_TABLE, 5, 'RATE_LIMIT_FEEDBACK_TABLE'),
    feedbackPerDevice: int(env.RATE_LIMIT_FEEDBACK_DEVICE, 5, 'RATE_LIMIT_FEEDBACK_DEVICE'),
    feedbackPerBusiness: int(env.RATE_LIMIT_FEEDBACK_BUSINESS, 200, 'RATE_LIMIT_FEEDBACK_BUSINESS'),
    callsPerIp: int(env.RATE_LIMIT_CALLS, 400, 'RATE_LIMIT_CALLS'),
    callsPerTable: int(env.RATE_LIMIT_CALLS_TABLE, 10, 'RATE_LIMIT_CALLS_TABLE'),
    callsPerDevice: int(env.RATE_LIMIT_CALLS_DEVICE, 10, 'RATE_LIMIT_CALLS_DEVICE'),
    callsPerBusiness: int(env.RATE_LIMIT_CALLS_BUSINESS, 400, 'RATE_LIMIT_CALLS_BUSINESS'),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: metricsPort(env.METRICS_PORT, port),
    storage: env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL, env) : undefined,
    storagePublicUrl,
    ...overrides,
  };
}

/** A guessable token would open the metrics to anyone: at least 16 characters, no spaces. */
function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16 || /\s/.test(value)) throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`)');
  return value;
}

function metricsPort(value: string | undefined, port: number): number | undefined {
  if (!value) return undefined;
  const n = int(value, 0, 'METRICS_PORT');
  if (n < 1 || n > 65535 || n === port) throw new Error(`METRICS_PORT must be a port (1–65535) other than PORT, got "${value}"`);
  return n;
}

/** Host of PUBLIC_URL for the default sender; `localhost` is not a valid mail domain for some servers. */
function mailHost(publicUrl: string): string {
  try {
    const host = new URL(publicUrl).hostname;
    return host.includes('.') ? host : 'qrmenu.local';
  } catch {
    return 'qrmenu.local';
  }
}
