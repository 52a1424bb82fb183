import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '@qrmenu/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../platform/auth/password.js';
import type { Config } from '../../platform/config.js';
import type { DB } from '../../platform/db/database.js';
import { createAccount, findUserByEmail } from '../accounts/index.js';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: create that admin when no such account exists.
 * Without them, a database with no admin at all gets `admin@qrmenu.local` with a random
 * password printed once to the log, so a fresh install is never locked out and never has a
 * well-known admin password.
 */
export async function ensureAdmin(db: DB, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, now: string): Promise<void> {
  if (config.adminEmail && config.adminPassword) {
    const email = normalizeEmail(config.adminEmail);
    if (await findUserByEmail(db, email)) return;
    await createAccount(db, { name: 'Yönetici', email, passwordHash: await hashPassword(config.adminPassword), role: 'admin' }, now);
    log.info({ email }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  const anyAdmin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (anyAdmin) return;
  const password = randomBytes(9).toString('base64url');
  await createAccount(db, { name: 'Yönetici', email: 'admin@qrmenu.local', passwordHash: await hashPassword(password), role: 'admin' }, now);
  log.warn(`No admin existed: created admin@qrmenu.local with password ${password} — change it under /admin/settings.`);
}
