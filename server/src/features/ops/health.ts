import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';

export type ServiceState = 'up' | 'down';

/**
 * Checks the photo store: resolves when it can be written, rejects when not. Local disk by default
 * (`localStorageCheck`); the object-store module supplies one for a bucket (app.ts passes it on).
 */
export type StorageCheck = () => Promise<void>;

export interface HealthReport {
  database: ServiceState;
  /** `off` without REDIS_URL. */
  redis: ServiceState | 'off';
  storage: ServiceState;
}

/** A check that takes longer than this counts as down (a load balancer must not wait on a hung socket). */
export const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const state = (check: Promise<unknown>): Promise<ServiceState> => within(check).then(() => 'up' as const, () => 'down' as const);

/** DATA_DIR/uploads takes a file: a small hidden one is written and removed (catches a full or read-only disk). */
export function localStorageCheck(dataDir: string): StorageCheck {
  return async () => {
    const dir = path.join(dataDir, 'uploads');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `.health-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      await fs.writeFile(file, 'ok');
    } finally {
      await fs.rm(file, { force: true });
    }
  };
}

function redisState(redis: Redis): Promise<ServiceState> {
  // while it reconnects a command would wait in ioredis's queue: not ready is down
  if (redis.status !== 'ready') return Promise.resolve('down');
  return state(redis.ping());
}

/** The database, Redis and the photo store, checked at once (each within CHECK_TIMEOUT_MS). */
export async function checkHealth(app: FastifyInstance, storage: StorageCheck): Promise<HealthReport> {
  const [database, redis, store] = await Promise.all([
    state(sql`select 1`.execute(app.db)),
    app.redis ? redisState(app.redis) : Promise.resolve('off' as const),
    state(storage()),
  ]);
  return { database, redis, storage: store };
}
