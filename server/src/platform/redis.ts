import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

type MessageHandler = (message: string, channel: string) => void;

/**
 * The one subscriber connection of the process, shared by every feature: each feature subscribes
 * to its own channels and gets only their messages. While the connection is down, `ready` is false
 * and the `onDown` callbacks run; ioredis subscribes again on reconnect, and the `onUp` callbacks
 * run once the channels are ours again.
 */
export interface RedisBus {
  /** Subscribes to `channels` (resolves once Redis confirmed them) and hands their messages to `handler`. */
  subscribe(channels: string[], handler: MessageHandler): Promise<void>;
  /** Whether the subscriber connection is up (messages published now reach this process). */
  readonly ready: boolean;
  /** Called after every (re)connection, once every channel is subscribed again. */
  onUp(callback: () => void): void;
  /** Called whenever the subscriber connection drops. */
  onDown(callback: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The process's one Redis client for commands and publishing (REDIS_URL), else null: rate
     * limits, counters, publishes; /api/health and /metrics report its state.
     */
    redis: Redis | null;
    /** The process's one subscriber connection (REDIS_URL), else null. */
    redisBus: RedisBus | null;
  }
}

/** `CLIENT SETNAME` of this process's connections: `qrmenu-<pid>-cmd` and `qrmenu-<pid>-sub`. */
export const redisConnectionName = (role: 'cmd' | 'sub', pid = process.pid) => `qrmenu-${pid}-${role}`;

function createBus(sub: Redis, warn: (err: unknown, msg: string) => void): RedisBus {
  const handlers = new Map<string, Set<MessageHandler>>();
  const ups: (() => void)[] = [];
  const downs: (() => void)[] = [];
  let up = false;
  const down = () => {
    up = false;
    for (const d of downs) d();
  };
  sub.on('close', down);
  sub.on('end', down);
  sub.on('reconnecting', down);
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) {
      try {
        h(message, channel);
      } catch (err) {
        warn(err, 'redis: a subscriber failed');
      }
    }
  });
  sub.on('ready', () => {
    // ioredis re-subscribes on reconnect; confirm every channel before saying "up"
    const channels = [...handlers.keys()];
    (channels.length ? sub.subscribe(...channels) : Promise.resolve(0)).then(() => {
      up = true;
      for (const u of ups) u();
    }, (err) => warn(err, 'redis: subscribe failed'));
  });
  return {
    async subscribe(channels, handler) {
      for (const c of channels) {
        let set = handlers.get(c);
        if (!set) handlers.set(c, (set = new Set()));
        set.add(handler);
      }
      if (sub.status === 'ready') await sub.subscribe(...channels);
    },
    get ready() {
      return up && sub.status === 'ready';
    },
    onUp(callback) {
      ups.push(callback);
      if (up) callback();
    },
    onDown(callback) {
      downs.push(callback);
    },
  };
}

/**
 * With REDIS_URL, the process opens exactly two Redis connections, here, once: one client for
 * commands and publishes, one subscriber multiplexing every feature's channels (menu cache
 * invalidation, the tables' and orders' live events). Both close with the app.
 */
export default fp<{ redisUrl?: string }>(async (app, opts) => {
  if (!opts.redisUrl) {
    app.decorate('redis', null);
    app.decorate('redisBus', null);
    return;
  }
  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, connectionName: redisConnectionName('cmd') });
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, connectionName: redisConnectionName('sub') });
  redis.on('error', (err) => app.log.warn({ err }, 'redis: client error'));
  sub.on('error', (err) => app.log.warn({ err }, 'redis: subscriber error'));
  app.decorate('redis', redis);
  app.decorate('redisBus', createBus(sub, (err, msg) => app.log.warn({ err }, msg)));
  app.addHook('onClose', async () => {
    await Promise.all([redis.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
  });
});
