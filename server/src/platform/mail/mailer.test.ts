import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { buildTestApp, registerOwner } from '../../../test/helpers.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { Mailer } from './mailer.js';
import { systemClock } from '../clock.js';
import { resetPasswordMail } from './templates.js';

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: Array<{ level: string; obj: any; msg: string }> = [];
  const at = (level: string) => (obj: any, msg?: string) => void lines.push({ level, obj, msg: msg ?? '' });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), child: () => log, level: 'info', silent: () => {} };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp?.close());

describe('Mailer', () => {
  it('sends through SMTP_URL: plain text and HTML, Turkish characters intact', async () => {
    const { log } = recordingLog();
    const m = new Mailer({ smtpUrl: smtp.url, from: 'QR Menü <no-reply@qr.test>', outboxDir: '/nonexistent', log, clock: systemClock() });
    m.send(resetPasswordMail('şule@example.com', 'Şule Çağlar', 'http://qr.test/sifre-sifirla?token=abc'));
    await m.idle();
    const [mail] = await smtp.waitFor('şule@example.com');
    expect(mail.subject).toBe('QR Menü: şifre sıfırlama');
    expect(mail.text).toContain('Merhaba Şule Çağlar,');
    expect(mail.html).toContain('Şifremi sıfırla');
    await m.close();
  });

  it('without SMTP_URL writes each mail to the outbox as an .eml file and logs its subject and link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const { log, lines } = recordingLog();
    const m = new Mailer({ from: 'QR Menü <no-reply@qr.test>', outboxDir: path.join(dir, 'outbox'), log, clock: systemClock() });
    m.send(resetPasswordMail('ali@example.com', 'Ali', 'http://qr.test/sifre-sifirla?token=xyz'));
    await m.idle();
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, 'outbox', files[0])));
    expect(parsed.subject).toBe('QR Menü: şifre sıfırlama');
    expect(parsed.text).toContain('http://qr.test/sifre-sifirla?token=xyz');
    const line = lines.find((l) => l.obj?.link);
    expect(line?.obj).toMatchObject({ subject: 'QR Menü: şifre sıfırlama', link: 'http://qr.test/sifre-sifirla?token=xyz' });
    await m.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('retries a mail the server refuses, logs each failure, and delivers when the server is back', async () => {
    // a port that refuses connections at first, then an SMTP server on it
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const { log, lines } = recordingLog();
    const m = new Mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'QR Menü <no-reply@qr.test>', outboxDir: '/nonexistent', log, clock: systemClock(), retryDelays: [100, 300, 300] });
    m.send(resetPasswordMail('geri@example.com', 'Geri', 'http://qr.test/x?token=1'));
    await new Promise((r) => setTimeout(r, 150));
    const late = await startSmtp(port);
    await m.idle();
    expect(lines.some((l) => l.level === 'warn' && /retrying/.test(l.msg))).toBe(true);
    expect(late.to('geri@example.com')).toHaveLength(1);
    await late.close();
    await m.close();
  });

  it('gives up after the last retry with an error in the log', async () => {
    const { log, lines } = recordingLog();
    const m = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@qr.test', outboxDir: '/nonexistent', log, clock: systemClock(), retryDelays: [10] });
    m.send(resetPasswordMail('yok@example.com', 'Yok', 'http://qr.test/x?token=1'));
    await m.idle();
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines.find((l) => l.level === 'error')?.obj).toMatchObject({ to: 'yok@example.com', attempt: 2 });
    await m.close();
  });
});

describe('mail and requests', () => {
  it('a mail server that does not answer never makes the request fail or wait', async () => {
    // accepts connections and says nothing: an SMTP client would wait for the greeting
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, forgotPerIp: 1000 } });
    try {
      const o = await registerOwner(t.app);
      const started = Date.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: o.email } });
      expect(res.json().status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await t.app.mailer.close(0);
      await t.close();
      silent.close();
    }
  });

  it('with no SMTP_URL the app writes registration and reset mails to DATA_DIR/outbox', async () => {
    const t = await buildTestApp({ config: { forgotPerIp: 1000 } });
    try {
      const o = await registerOwner(t.app);
      await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: o.email } });
      await t.app.mailer.idle();
      const dir = path.join(t.config.dataDir, 'outbox');
      const subjects = await Promise.all(fs.readdirSync(dir).map(async (f) => (await simpleParser(fs.readFileSync(path.join(dir, f)))).subject));
      expect(subjects.sort()).toEqual(['QR Menü: e-posta adresinizi doğrulayın', 'QR Menü: şifre sıfırlama']);
    } finally {
      await t.close();
    }
  });
});
