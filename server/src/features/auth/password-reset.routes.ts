import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_MSG, forgotPasswordSchema, MSG, normalizeEmail, resetPasswordSchema, okSchema } from '@qrmenu/contract';
import { hashPassword } from '../../platform/auth/password.js';
import { AppError } from '../../platform/errors.js';
import { resetLinkMail } from './account-mails.js';
import { passwordChangedNotice } from '../../platform/mail/templates.js';
import { resetPasswordWithToken } from './account-tokens.repository.js';
import { findUserByEmail, findUserById } from '../accounts/index.js';
import { parseBody } from '../../platform/validate.js';
import { TAG } from '../../platform/openapi/fragments.js';

const HOUR = 3_600_000;
/** Reset mails per address per hour. */
export const RESET_MAILS_PER_ADDRESS = 3;

/**
 * Forgotten password (public):
 *   POST /api/forgot-password {email}  → always { status: 200, message } (no account discovery);
 *        RESET_MAILS_PER_ADDRESS per address per hour and RATE_LIMIT_FORGOT per IP per 10 minutes, else HTTP 429
 *   POST /api/reset-password {token, password, password_confirmation} → { status: 200, message };
 *        unknown, used, expired or superseded token → body 400; success signs the account out everywhere
 */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const invalid = { status: 422, key: 'validation_errors' } as const;

  app.post(
    '/api/forgot-password',
    {
      config: {
        rateLimit: { max: app.config.forgotPerIp, timeWindow: 10 * 60_000 },
        cache: 'none',
        doc: {
          tag: TAG.auth, access: 'public', body: { as: 'json', schema: forgotPasswordSchema }, response: okSchema,
          summary: 'Şifre sıfırlama bağlantısı iste',
          description: 'Hesap olsun olmasın aynı cevap. IP ve adres başına sınırlı (HTTP 429).',
        },
      },
    },
    async (request) => {
      const email = normalizeEmail(parseBody(forgotPasswordSchema, request.body, invalid).email);
      // counted for every address, known or not: the limit says nothing about who has an account
      const n = await app.counterStore.incr(`forgot:${email}`, HOUR);
      if (n > RESET_MAILS_PER_ADDRESS) throw new AppError(429, 429, MSG.tooManyRequests);
      // looked up in the background: the answer takes the same time whether or not the account exists
      app.mailer.enqueue(async () => {
        const user = await findUserByEmail(app.db, email);
        return user ? resetLinkMail(app, user) : undefined;
      });
      return { status: 200, message: ACCOUNT_MSG.forgotSent };
    },
  );

  app.post('/api/reset-password', {
    config: { rateLimit: app.limits.login, cache: 'none', doc: { tag: TAG.auth, access: 'public', body: { as: 'json', schema: resetPasswordSchema }, response: okSchema, summary: 'Bağlantıdaki jetonla yeni şifre belirle' } },
  }, async (request) => {
    const input = parseBody(resetPasswordSchema, request.body, invalid);
    const hash = await hashPassword(input.password);
    const userId = await resetPasswordWithToken(app.db, input.token, hash, app.clock.now());
    if (userId == null) throw new AppError(200, 400, ACCOUNT_MSG.resetTokenInvalid);
    const user = await findUserById(app.db, userId);
    if (user) app.mailer.send(passwordChangedNotice(user.email, user.name));
    return { status: 200, message: ACCOUNT_MSG.resetOk };
  });
};

export default passwordResetRoutes;
