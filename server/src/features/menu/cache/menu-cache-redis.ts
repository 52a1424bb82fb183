import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisBus } from '../../../platform/redis.js';

const CHANNEL = 'qrmenu:menu-cache:bump';
/** Each process confirms a bump here once it has applied it. */
const ACK_CHANNEL = 'qrmenu:menu-cache:ack';
/** How long a write waits at most for the other processes to confirm its invalidation. */
const PUBLISH_WAIT_MS = 250;

/** The part of the cache the Redis channel drives. */
export interface BumpTarget {
  bumpLocal(business?: number): void;
  publish: ((business?: number) => Promise<void>) | undefined;
  /** False while the channel is down: nothing is stored then. */
  storeAllowed: boolean;
}

/**
 * Several processes: every bump is published on a Redis channel, the other processes bump on
 * receipt and confirm it, and the writer answers once every receiver confirmed (or after
 * PUBLISH_WAIT_MS when one is slow). While the subscription is down, nothing is cached.
 */
export function subscribeToBumps(app: FastifyInstance, cache: BumpTarget, pub: Redis, bus: RedisBus) {
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // While the subscription is down, another process's edit could go unnoticed: no caching then.
  cache.storeAllowed = false;
  bus.onDown(() => {
    cache.storeAllowed = false;
    cache.bumpLocal();
  });
  // a bump is "<origin> <seq> <business id|all>"; a confirmation is "<origin of the bump> <seq>"
  const waiting = new Map<string, { acks: number; expected?: number; done: () => void }>();
  let seq = 0;
  const onMessage = (message: string, channel: string) => {
    if (channel === ACK_CHANNEL) {
      const w = waiting.get(message);
      if (w && ++w.acks >= (w.expected ?? Number.POSITIVE_INFINITY)) w.done();
      return;
    }
    const [from, n, scope] = message.split(' ');
    if (from === origin) return;
    const business = Number(scope);
    cache.bumpLocal(Number.isSafeInteger(business) ? business : undefined);
    pub.publish(ACK_CHANNEL, `${from} ${n}`).catch((err) => app.log.warn({ err }, 'menu cache: redis confirmation failed'));
  };
  // the bus subscribes again on reconnect; caching is allowed once the channels are ours again
  bus.subscribe([CHANNEL, ACK_CHANNEL], onMessage).then(() => {
    bus.onUp(() => {
      cache.bumpLocal();
      cache.storeAllowed = true;
    });
  }, (err) => app.log.warn({ err }, 'menu cache: redis subscribe failed'));
  cache.publish = async (business) => {
    // PUBLISH answers with the number of subscribers (this process among them); each other one
    // confirms once it has dropped its entries, so this writer's response goes out after that.
    const id = `${origin} ${++seq}`;
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<void>((resolve) => {
      waiting.set(id, { acks: 0, done: resolve });
      timer = setTimeout(resolve, PUBLISH_WAIT_MS);
    });
    const receivers = await pub.publish(CHANNEL, `${id} ${business ?? 'all'}`).catch((err) => {
      app.log.warn({ err }, 'menu cache: redis publish failed');
      return 0;
    });
    const w = waiting.get(id)!;
    w.expected = receivers - 1;
    if (w.acks >= w.expected) w.done();
    await confirmed;
    clearTimeout(timer);
    waiting.delete(id);
  };
}
