import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@qrmenu/contract';
import { bearer, buildTestApp, createAdmin, registerOwner, type TestApp } from '../../../test/helpers.js';
import { linkIn, startSmtp, tokenIn, type TestSmtp } from '../../../test/smtp.js';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
const checkAuth = (token: string) => t.app.inject({ method: 'GET', url: '/api/checkingUserAuthenticated', headers: bearer(token) });
const verifyMails = (email: string) => smtp.to(email).filter((m) => m.subject === 'QR Menü: e-posta adresinizi doğrulayın');

describe('e-mail verification', () => {
  it('registration mails a link to PUBLIC_URL/eposta-dogrula; the owner is unverified until it is opened', async () => {
    const o = await registerOwner(t.app);
    await t.app.mailer.idle();
    const [mail] = verifyMails(o.email);
    expect(linkIn(mail)).toMatch(/^http:\/\/qr\.test\/eposta-dogrula\?token=[\w-]{40,}$/);
    expect(mail.text).toContain('48 saat');
    expect((await checkAuth(o.token)).json().email_verified).toBe(false);
    const settings = await t.app.inject({ method: 'GET', url: '/api/edit-setting', headers: bearer(o.token) });
    expect(settings.json().email_verified).toBe(false);

    const res = await verify(tokenIn(mail));
    expect(res.json()).toEqual({ status: 200, message: ACCOUNT_MSG.verifyOk });
    expect((await checkAuth(o.token)).json().email_verified).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/edit-setting', headers: bearer(o.token) })).json().email_verified).toBe(true);
    // the admin's users table shows it
    const admin = await createAdmin(t.app);
    const users = (await t.app.inject({ method: 'GET', url: '/api/view-user', headers: bearer(admin.token) })).json().users;
    expect(users.find((u: { user_id: number }) => u.user_id === o.userId).email_verified).toBe(true);
  });

  it('a link works once; unknown and expired (48 hours, injected clock) links are body 400', async () => {
    const o = await registerOwner(t.app);
    await t.app.mailer.idle();
    const token = tokenIn(verifyMails(o.email)[0]);
    const real = t.app.clock.now;
    try {
      t.app.clock.now = () => new Date(Date.now() + 49 * 3_600_000);
      expect((await verify(token)).json()).toEqual({ status: 400, message: ACCOUNT_MSG.verifyTokenInvalid });
    } finally {
      t.app.clock.now = real;
    }
    expect((await verify(token)).json().status).toBe(200);
    expect((await verify(token)).json().status).toBe(400);
    expect((await verify('y'.repeat(43))).json().status).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: {} })).json().status).toBe(422);
  });

  it('POST /api/resend-verification: a new link voids the old one; at most 3 per hour (HTTP 429)', async () => {
    const o = await registerOwner(t.app);
    await t.app.mailer.idle();
    const first = tokenIn(verifyMails(o.email)[0]);
    const resend = () => t.app.inject({ method: 'POST', url: '/api/resend-verification', headers: bearer(o.token) });
    expect((await resend()).json()).toEqual({ status: 200, message: ACCOUNT_MSG.verificationSent, email_verified: false });
    await t.app.mailer.idle();
    expect(verifyMails(o.email)).toHaveLength(2);
    expect((await verify(first)).json().status).toBe(400);
    await resend();
    await resend();
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    await t.app.mailer.idle();
    expect(verifyMails(o.email)).toHaveLength(4);
    const latest = verifyMails(o.email)[3];
    expect((await verify(tokenIn(latest))).json().status).toBe(200);
  });

  it('resend for a verified owner sends nothing', async () => {
    const o = await registerOwner(t.app);
    await t.app.mailer.idle();
    await verify(tokenIn(verifyMails(o.email)[0]));
    const res = await t.app.inject({ method: 'POST', url: '/api/resend-verification', headers: bearer(o.token) });
    expect(res.json()).toMatchObject({ status: 200, message: ACCOUNT_MSG.alreadyVerified, email_verified: true });
    await t.app.mailer.idle();
    expect(verifyMails(o.email)).toHaveLength(1);
  });

  it('an unverified owner uses everything as before (settings, categories)', async () => {
    const o = await registerOwner(t.app);
    const s = await t.app.inject({
      method: 'POST', url: '/api/update-setting', headers: bearer(o.token),
      payload: { name: 'Ayşe Yılmaz', companyname: 'Doğrulanmamış Kafe', city: 34, tel: '02121234567' },
    });
    expect(s.json().status).toBe(200);
  });
});
