import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';

/**
 * Fixed-window counters for throttling. In-process by default; with REDIS_URL the counters live
 * in Redis so several server processes share one limit.
 */
export interface CounterStore {
  /** Adds one to `key` (starting a window of `windowMs` on first use) and returns the new value. */
  incr(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Windows measured by `clock` (the app's: tests move it). */
export class MemoryCounterStore implements CounterStore {
  constructor(private readonly clock: Clock) {}
  private counters = new Map<string, { n: number; until: number }>();
  private sweeper = setInterval(() => {
    const now = this.clock.now().getTime();
    for (const [k, v] of this.counters) if (v.until <= now) this.counters.delete(k);
  }, 60_000).unref();

  async incr(key: string, windowMs: number) {
    const now = this.clock.now().getTime();
    const cur = this.counters.get(key);
    if (!cur || cur.until <= now) {
      this.counters.set(key, { n: 1, until: now + windowMs });
      return 1;
    }
    cur.n += 1;
    return cur.n;
  }
  async get(key: string) {
    const cur = this.counters.get(key);
    return cur && cur.until > this.clock.now().getTime() ? cur.n : 0;
  }
  async del(key: string) {
    this.counters.delete(key);
  }
  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(private redis: Redis, private prefix = 'qrmenu:throttle:') {}
  async incr(key: string, windowMs: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
    return Number(res?.[0]?.[1] ?? 0);
  }
  async get(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async close() {}
}
