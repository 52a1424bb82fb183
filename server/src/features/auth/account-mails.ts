import type { FastifyInstance } from 'fastify';
import { issueAccountToken } from './account-tokens.repository.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { resetPasswordMail, verifyEmailMail } from '../../platform/mail/templates.js';

/** Mails that carry a single-use link (the token is issued when the mail is built). */
type Recipient = { id: number; name: string; email: string };

export async function verificationLinkMail(app: FastifyInstance, user: Recipient): Promise<Mail> {
  const token = await issueAccountToken(app.db, user.id, 'verify', user.email, app.clock.now());
  return verifyEmailMail(user.email, user.name, `${app.config.publicUrl}/eposta-dogrula?token=${token}`);
}

export async function resetLinkMail(app: FastifyInstance, user: Recipient): Promise<Mail> {
  const token = await issueAccountToken(app.db, user.id, 'reset', user.email, app.clock.now());
  return resetPasswordMail(user.email, user.name, `${app.config.publicUrl}/sifre-sifirla?token=${token}`);
}
