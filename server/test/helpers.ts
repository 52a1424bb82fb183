import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { createDb, type DB } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { hashPassword } from '../src/platform/auth/password.js';
import { createAccount } from '../src/features/accounts/accounts.repository.js';
import { issueToken } from '../src/platform/auth/tokens.repository.js';
import type { RateLimits } from '../src/platform/http/security.js';
import { createPgDatabase } from './pg-database.js';
import { checkInjectedResponses } from './openapi-check.js';

/** Limits high enough that ordinary tests never meet them; the throttling tests pass their own. */
export const RELAXED_LIMITS: RateLimits = { loginPerEmailIp: 1000, loginPerIp: 1000, registerPerIp: 1000, contactPerIp: 1000 };

export const isPostgres = () => Boolean(process.env.DATABASE_URL);

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database per test file: a temp SQLite file, or a new database on DATABASE_URL's server. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => {} };
  return createPgDatabase(base, `qrmenu_t_${process.pid}_${randomBytes(4).toString('hex')}`);
}

export async function buildTestApp(opts: { rateLimits?: RateLimits; config?: Partial<Config> } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-test-'));
  const database = await freshDatabase();
  const config = loadConfig(
    {},
    { dataDir, databaseUrl: database.url, logLevel: 'silent', seedDemo: false, publicUrl: 'http://qr.test', ...opts.config },
  );
  const db = createDb(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, rateLimits: opts.rateLimits ?? RELAXED_LIMITS });
  await app.ready();
  // every JSON answer of an /api/ route is checked against the OpenAPI document
  checkInjectedResponses(app);
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export const uniqueEmail = (prefix = 'owner') => `${prefix}${Date.now()}${++seq}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers an owner through the API and returns its token. */
export async function registerOwner(app: FastifyInstance, fields: Record<string, unknown> = {}) {
  const email = (fields.email as string) ?? uniqueEmail();
  const password = (fields.password as string) ?? 'gizli-sifre-1';
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Ayşe Yılmaz', email, password, ...fields } });
  const body = res.json();
  if (body.status !== 200) throw new Error(`register failed: ${res.body}`);
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return { token: body.token as string, email, password, userId: user.id };
}

/**
 * A signed-in staff member of `business` (accepted, with this role), working at `branches` ([]: every
 * branch), the branches set through the owner's route. Returns its token.
 */
export async function staffAt(app: FastifyInstance, business: { userId: number; token: string }, role: 'garson' | 'mutfak' | 'yonetici', branches: number[], fields: Record<string, unknown> = {}) {
  const s = await registerOwner(app, fields);
  const now = app.clock.now().toISOString();
  const row = await app.db
    .insertInto('staff_members')
    .values({ business_id: business.userId, user_id: s.userId, staff_role: role, invited_at: now, accepted_at: now, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await app.inject({ method: 'POST', url: `/api/branches/staff/${row.id}`, headers: bearer(business.token), payload: { branches } });
  if (res.json().status !== 200) throw new Error(`branches of the staff member not set: ${res.body}`);
  return s.token;
}

/** Creates an admin directly in the database and returns a token for it. */
export async function createAdmin(app: FastifyInstance, email = uniqueEmail('admin'), password = 'yonetici-sifre-1') {
  const id = await createAccount(app.db, { name: 'Yönetici', email, passwordHash: await hashPassword(password), role: 'admin' }, app.clock.now().toISOString());
  const token = await issueToken(app.db, id!, 30, app.clock.now());
  return { token, email, password, userId: id! };
}
