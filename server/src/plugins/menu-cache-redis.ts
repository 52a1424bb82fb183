import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

const CHANNEL = 'qrmenu:menu-cache:bump';
/** How long a write waits at most for Redis to take its invalidation message. */
const PUBLISH_WAIT_MS = 250;

/** The part of the cache the Redis channel drives. */
export interface BumpTarget {
  bumpLocal(business?: number): void;
  publish: ((business?: number) => Promise<void>) | undefined;
  /** False while the channel is down: nothing is stored then. */
  storeAllowed: boolean;
}

/**
 * Several processes: every bump is published on a Redis channel and the other processes bump on
 * receipt (README: the few milliseconds of delivery are the only window). While the subscription
 * is down, nothing is cached.
 */
export function subscribeToBumps(app: FastifyInstance, cache: BumpTarget, redisUrl: string) {
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  pub.on('error', (err) => app.log.warn({ err }, 'menu cache: redis publisher error'));
  sub.on('error', (err) => app.log.warn({ err }, 'menu cache: redis subscriber error'));
  // While the subscription is down, another process's edit could go unnoticed: no caching then.
  cache.storeAllowed = false;
  const down = () => {
    cache.storeAllowed = false;
    cache.bumpLocal();
  };
  sub.on('close', down);
  sub.on('end', down);
  sub.on('reconnecting', down);
  // a message is "<origin> <business id>" or "<origin> all"
  sub.on('message', (_channel, message) => {
    const [from, scope] = message.split(' ');
    if (from === origin) return;
    const business = Number(scope);
    cache.bumpLocal(Number.isSafeInteger(business) ? business : undefined);
  });
  sub.on('ready', () => {
    // ioredis subscribes again on reconnect; allow caching once the channel is ours again
    sub.subscribe(CHANNEL).then(() => {
      cache.bumpLocal();
      cache.storeAllowed = true;
    }, (err) => app.log.warn({ err }, 'menu cache: redis subscribe failed'));
  });
  cache.publish = async (business) => {
    // PUBLISH answers once Redis has queued the message to every subscriber: waiting for it
    // makes the other processes drop their entries before this writer's response goes out.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      pub.publish(CHANNEL, `${origin} ${business ?? 'all'}`).catch((err) => app.log.warn({ err }, 'menu cache: redis publish failed')),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS))),
    ]);
    clearTimeout(timer);
  };
  app.addHook('onClose', async () => {
    await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
  });
}
