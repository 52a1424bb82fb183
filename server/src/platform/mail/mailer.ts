import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';

/** One outgoing mail: Turkish plain text plus simple HTML. `link` is logged when written to the outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  replyTo?: string;
}

export interface MailerOptions {
  /** `smtp://…` / `smtps://…`; unset → every mail is written to `outboxDir` as an .eml file. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Names the outbox files by the time they are written (the app's clock). */
  clock: Clock;
  /** Waits between attempts (ms); one attempt more than there are waits. */
  retryDelays?: number[];
}

/**
 * Sends in the background: `send` returns at once and never throws, so a slow or broken mail
 * server never makes the request that caused the mail fail or hang. A failed attempt is logged and
 * retried after each of `retryDelays`; the last failure is logged as an error. `idle()` waits until
 * nothing is in flight (tests, shutdown).
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly mode: 'smtp' | 'outbox';
  /** Mails delivered (or written to the outbox), attempts that failed and were retried, mails given up; read by /metrics. */
  readonly counts = { sent: 0, retried: 0, failed: 0 };

  constructor(private readonly opts: MailerOptions) {
    this.mode = opts.smtpUrl ? 'smtp' : 'outbox';
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl, {
          from: opts.from,
          // bounded waits: an unreachable server ends an attempt instead of hanging it
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as never)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  send(mail: Mail): void {
    this.enqueue(async () => mail);
  }

  /**
   * Prepares and sends a mail in the background (`build` may touch the database; undefined sends
   * nothing): the request answers without waiting, in the same time whether a mail goes or not.
   */
  enqueue(build: () => Promise<Mail | undefined>): void {
    if (this.closed) return;
    const job = build()
      .then((mail) => (mail ? this.deliver(mail) : undefined))
      .catch((err) => {
        this.counts.failed++;
        this.opts.log.error({ err }, 'mail could not be prepared');
      })
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once every mail sent so far is delivered or has given up. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Stops retrying; waits up to `waitMs` for mails in flight. */
  async close(waitMs = 5_000): Promise<void> {
    if (this.closed) return;
    await Promise.race([this.idle(), new Promise((r) => setTimeout(r, waitMs).unref())]);
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.transport.close();
  }

  private async deliver(mail: Mail): Promise<void> {
    const delays = this.opts.retryDelays ?? [2_000, 15_000, 60_000];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.attempt(mail);
        this.counts.sent++;
        return;
      } catch (err) {
        const last = attempt >= delays.length || this.closed;
        const entry = { to: mail.to, subject: mail.subject, attempt: attempt + 1, err: (err as Error).message };
        if (last) {
          this.counts.failed++;
          this.opts.log.error(entry, 'mail could not be sent, giving up');
          return;
        }
        this.counts.retried++;
        this.opts.log.warn(entry, 'mail could not be sent, retrying');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            this.timers.delete(t);
            resolve();
          }, delays[attempt]);
          this.timers.add(t);
        });
        if (this.closed) return;
      }
    }
  }

  private async attempt(mail: Mail): Promise<void> {
    const message = { from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo };
    const info = await this.transport.sendMail(message);
    if (this.mode === 'smtp') {
      this.opts.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await fs.mkdir(this.opts.outboxDir, { recursive: true });
    const name = `${this.opts.clock.now().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.opts.outboxDir, name);
    await fs.writeFile(file, info.message as Buffer);
    this.opts.log.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written to the outbox (SMTP_URL is not set)');
  }
}
