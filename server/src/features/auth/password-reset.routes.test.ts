import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, registerOwner, uniqueEmail, type TestApp } from '../../../test/helpers.js';
import { linkIn, startSmtp, tokenIn, type TestSmtp } from '../../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url, forgotPerIp: 1000 } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const forgot = (email: string, app = t.app) => app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
const reset = (token: string, password = 'yeni-sifre-123', confirmation = password) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password, password_confirmation: confirmation } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

/** Registers an owner and asks for a reset link; returns the mail. */
async function resetMail(email?: string) {
  const o = await registerOwner(t.app, email ? { email } : {});
  const res = await forgot(o.email);
  expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.forgotSent });
  await t.app.mailer.idle();
  const mails = smtp.to(o.email).filter((m) => m.subject?.includes('şifre sıfırlama'));
  expect(mails).toHaveLength(1);
  return { o, mail: mails[0] };
}

describe('POST /api/forgot-password', () => {
  it('mails a Turkish reset link to PUBLIC_URL/sifre-sifirla, text and HTML, from the product', async () => {
    const { o, mail } = await resetMail();
    expect(mail.subject).toBe('QR Menü: şifre sıfırlama');
    expect(mail.from?.text).toContain('QR Menü');
    expect(mail.to && [mail.to].flat()[0].text).toBe(o.email);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/qr\.test\/sifre-sifirla\?token=[\w-]{40,}$/);
    expect(mail.text).toContain('Merhaba Ayşe Yılmaz');
    expect(mail.text).toContain('60 dakika');
    expect(mail.html).toContain(`href="${link}"`);
    // only the SHA-256 of the token is stored
    const rows = await t.db.selectFrom('account_tokens').selectAll().where('user_id', '=', o.userId).execute();
    expect(rows.map((r) => r.purpose)).toContain('reset');
    expect(JSON.stringify(rows)).not.toContain(tokenIn(mail));
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await registerOwner(t.app);
    const unknown = uniqueEmail('yok');
    const a = await forgot(known.email);
    const b = await forgot(unknown);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await t.app.mailer.idle();
    expect(smtp.to(unknown)).toHaveLength(0);
  });

  it('validates the address (422 validation_errors)', async () => {
    const res = await forgot('bozuk');
    expect(res.json().status).toBe(422);
    expect(res.json().validation_errors.email).toBeDefined();
  });

  it('sends at most 3 mails per address per hour: the 4th request is HTTP 429, known or unknown address', async () => {
    const o = await registerOwner(t.app);
    for (let i = 0; i < 3; i++) expect((await forgot(o.email)).json().status).toBe(200);
    const fourth = await forgot(o.email.toUpperCase());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().status).toBe(429);
    await t.app.mailer.idle();
    expect(smtp.to(o.email).filter((m) => m.subject?.includes('sıfırlama'))).toHaveLength(3);
    const unknown = uniqueEmail('yok');
    for (let i = 0; i < 3; i++) await forgot(unknown);
    expect((await forgot(unknown)).statusCode).toBe(429);
  });

  it('allows RATE_LIMIT_FORGOT requests per IP per 10 minutes, then HTTP 429', async () => {
    const small = await buildTestApp({ config: { smtpUrl: smtp.url, forgotPerIp: 10 } });
    try {
      for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail('ip'), small.app)).statusCode).toBe(200);
      const res = await forgot(uniqueEmail('ip'), small.app);
      expect(res.statusCode).toBe(429);
      expect(res.json().status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, signs the account out everywhere, and the new password signs in', async () => {
    const { o, mail } = await resetMail();
    const session = await login(o.email, o.password);
    const res = await reset(tokenIn(mail));
    expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.resetOk });
    for (const token of [o.token, session.json().token]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/checkingUserAuthenticated', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await login(o.email, o.password)).json().status).toBe(401);
    expect((await login(o.email, 'yeni-sifre-123')).json().status).toBe(200);
    // the owner is told, and the address counts as confirmed (the link reached it)
    await smtp.waitFor(o.email, 3);
    expect(smtp.to(o.email).some((m) => m.subject === 'QR Menü: şifreniz değiştirildi')).toBe(true);
    const u = await t.db.selectFrom('users').select('email_verified_at').where('id', '=', o.userId).executeTakeFirstOrThrow();
    expect(u.email_verified_at).not.toBeNull();
  });

  it('a token works once', async () => {
    const { mail } = await resetMail();
    expect((await reset(tokenIn(mail))).json().status).toBe(200);
    const again = await reset(tokenIn(mail), 'baska-sifre-123');
    expect(again.json()).toEqual({ status: 400, message: ACCOUNT_MSG.resetTokenInvalid });
  });

  it('a newer link voids the older one', async () => {
    const { o, mail: first } = await resetMail();
    await forgot(o.email);
    await t.app.mailer.idle();
    const second = smtp.to(o.email).filter((m) => m.subject?.includes('sıfırlama'))[1];
    expect((await reset(tokenIn(first))).json().status).toBe(400);
    expect((await reset(tokenIn(second))).json().status).toBe(200);
  });

  it('a token is valid 60 minutes (injected clock)', async () => {
    const { o, mail } = await resetMail();
    const real = t.app.clock.now;
    try {
      t.app.clock.now = () => new Date(Date.now() + 61 * 60_000);
      expect((await reset(tokenIn(mail))).json().status).toBe(400);
      t.app.clock.now = () => new Date(Date.now() + 59 * 60_000);
      expect((await reset(tokenIn(mail))).json().status).toBe(200);
    } finally {
      t.app.clock.now = real;
    }
    expect((await login(o.email, 'yeni-sifre-123')).json().status).toBe(200);
  });

  it('an unknown token is body 400 and changes nothing', async () => {
    const res = await reset('x'.repeat(43));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 400, message: ACCOUNT_MSG.resetTokenInvalid });
  });

  it('validates: at least 8 characters and an equal confirmation (validation_errors), token untouched', async () => {
    const { o, mail } = await resetMail();
    const short = await reset(tokenIn(mail), 'kisa', 'kisa');
    expect(short.json().status).toBe(422);
    expect(short.json().validation_errors.password).toBeDefined();
    const differ = await reset(tokenIn(mail), 'yeni-sifre-123', 'yeni-sifre-124');
    expect(differ.json().validation_errors.password_confirmation).toEqual(['Şifre tekrarı şifre ile aynı olmalıdır.']);
    expect((await login(o.email, o.password)).json().status).toBe(200);
    expect((await reset(tokenIn(mail))).json().status).toBe(200);
  });

  it('a link sent before the address changed no longer works', async () => {
    const { o, mail } = await resetMail();
    const change = await t.app.inject({
      method: 'POST', url: '/api/change-email', headers: bearer(o.token), payload: { email: uniqueEmail('yeni'), current_password: o.password },
    });
    expect(change.json().status).toBe(200);
    expect((await reset(tokenIn(mail))).json().status).toBe(400);
  });
});
