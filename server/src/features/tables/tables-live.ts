import fp from 'fastify-plugin';
import type { LiveEvent } from '@qrmenu/contract';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from '../../platform/http/throttle-store.js';
import { expireCalls } from './waiter-calls.repository.js';

type Listener = (event: LiveEvent) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** A business's live events (waiter calls, orders) to its open panels (Redis pub/sub across processes). */
    tablesLive: {
      publish(userId: number, event: LiveEvent): Promise<void>;
      subscribe(userId: number, listener: Listener): () => void;
      /** Open streams in this process (tests, metrics). */
      listeners(): number;
    };
    /** Counters of the diner's forms (per-IP limits, call de-duplication); shared through Redis. */
    dinerCounters: CounterStore;
  }
}

const CHANNEL = 'qrmenu:waiter-calls';
const SWEEP_MS = 60_000;

/**
 * Live events of the tables (waiter calls, and the orders of features/orders). Without REDIS_URL an event reaches the streams of this process; with
 * it every event goes through one Redis channel that every process (this one too) delivers from,
 * so a call made on one process reaches an owner connected to another. Open calls older than 30
 * minutes are closed by a sweep every minute (and on every list), and their panels told.
 */
export default fp(async (app) => {
  const byOwner = new Map<number, Set<Listener>>();
  const deliver = (userId: number, event: LiveEvent) => {
    for (const l of byOwner.get(userId) ?? []) {
      try {
        l(event);
      } catch (err) {
        app.log.warn({ err }, 'tables live: listener failed');
      }
    }
  };

  // the process's shared Redis client and subscriber (platform/redis.ts), when REDIS_URL is set
  const pub = app.redis;
  const bus = app.redisBus;
  const counters: CounterStore = pub ? new RedisCounterStore(pub, 'qrmenu:tables:') : new MemoryCounterStore(app.clock);
  if (bus) {
    const onMessage = (message: string) => {
      try {
        const { u, e } = JSON.parse(message) as { u: number; e: LiveEvent };
        deliver(u, e);
      } catch {
        /* not ours */
      }
    };
    await bus.subscribe([CHANNEL], onMessage).catch((err) => app.log.warn({ err }, 'tables live: redis subscribe failed'));
  }

  app.decorate('dinerCounters', counters);
  app.decorate('tablesLive', {
    async publish(userId, event) {
      if (pub && bus?.ready) {
        try {
          await pub.publish(CHANNEL, JSON.stringify({ u: userId, e: event }));
          return;
        } catch (err) {
          app.log.warn({ err }, 'tables live: redis publish failed, delivering here only');
        }
      }
      deliver(userId, event);
    },
    subscribe(userId, listener) {
      let set = byOwner.get(userId);
      if (!set) byOwner.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byOwner.delete(userId);
      };
    },
    listeners: () => [...byOwner.values()].reduce((n, s) => n + s.size, 0),
  });

  const sweep = setInterval(() => {
    expireCalls(app.db, app.clock.now())
      .then((closed) => Promise.all(closed.map((c) => app.tablesLive.publish(c.user_id, { type: 'done', id: c.id }))))
      .catch((err) => app.log.warn({ err }, 'tables live: sweep failed'));
  }, SWEEP_MS);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await counters.close();
  });
});
