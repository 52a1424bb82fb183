import path from 'node:path';
import fp from 'fastify-plugin';
import { Mailer } from './mail/mailer.js';
import { systemClock, type Clock } from './clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail (SMTP_URL, else DATA_DIR/outbox); `send` never blocks or fails a request. */
    mailer: Mailer;
    /** The one clock of the server (platform/clock.ts): every read of the current time goes through it; tests move it. */
    clock: Clock;
  }
}

/** The mailer and the clock of the account flows (password reset, verification, deletion mails). */
export default fp<{ mailRetryDelays?: number[] }>(async (app, opts) => {
  const clock = systemClock();
  const mailer = new Mailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    outboxDir: path.join(app.config.dataDir, 'outbox'),
    log: app.log,
    retryDelays: opts.mailRetryDelays,
    clock,
  });
  app.decorate('mailer', mailer);
  app.decorate('clock', clock);
  app.addHook('onClose', async () => mailer.close());
});
