import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_MSG, MSG, verifyEmailSchema, okSchema, verificationResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError } from '../../platform/errors.js';
import { verificationLinkMail } from './account-mails.js';
import { verifyEmailWithToken } from './account-tokens.repository.js';
import { findOwnerAccount } from '../accounts/index.js';
import { parseBody } from '../../platform/validate.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** Resent verification mails per owner per hour. */
export const RESENDS_PER_HOUR = 3;

/**
 * E-mail verification (registration and an e-mail change send the link):
 *   POST /api/verify-email {token}      public (the link may open in another browser) → { status: 200, message };
 *        unknown, used, expired or superseded token → body 400
 *   POST /api/resend-verification       signed-in owner, RESENDS_PER_HOUR per hour → HTTP 429 beyond
 */
const emailVerificationRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/verify-email', {
    config: { rateLimit: app.limits.login, cache: 'none', doc: { tag: TAG.auth, access: 'public', body: { as: 'json', schema: verifyEmailSchema }, response: okSchema, summary: 'E-posta adresini doğrula' } },
  }, async (request) => {
    const input = parseBody(verifyEmailSchema, request.body, { status: 422, key: 'validation_errors' });
    const userId = await verifyEmailWithToken(app.db, input.token, app.clock.now());
    if (userId == null) throw new AppError(200, 400, ACCOUNT_MSG.verifyTokenInvalid);
    return { status: 200, message: ACCOUNT_MSG.verifyOk };
  });

  app.post('/api/resend-verification', {
    // the owner's own address: not a staff member's business
    preHandler: requireAuth('owner'),
    config: { cache: 'none', doc: { tag: TAG.account, access: 'owner', throttled: true, response: verificationResponseSchema, summary: 'Doğrulama bağlantısını yeniden gönder' } },
  }, async (request) => {
    const account = await findOwnerAccount(app.db, authOf(request).userId);
    if (!account) throw new AppError(401, 401, MSG.unauthorized);
    if (account.email_verified) return { status: 200, message: ACCOUNT_MSG.alreadyVerified, email_verified: true };
    const n = await app.counterStore.incr(`resend-verification:${account.id}`, 3_600_000);
    if (n > RESENDS_PER_HOUR) throw new AppError(429, 429, MSG.tooManyRequests);
    app.mailer.enqueue(() => verificationLinkMail(app, account));
    return { status: 200, message: ACCOUNT_MSG.verificationSent, email_verified: false };
  });
};

export default emailVerificationRoutes;
