import type { FastifyPluginAsync } from 'fastify';
import {
  ACCOUNT_FIELD_MSG,
  ACCOUNT_MSG,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  FIELD_MSG,
  MSG,
  normalizeEmail,
  updateAccountSchema,
  okSchema, ownerAccountResponseSchema,
} from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { exportOwnerDataStream } from './data-export-file.js';
import { eraseOwner } from './erasure.js';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../platform/errors.js';
import { verificationLinkMail } from '../auth/index.js';
import { accountDeletedMail, emailChangedNotice, passwordChangedNotice } from '../../platform/mail/templates.js';
import { changeOwnerEmail, findOwnerAccount, updateOwnerName } from './owner-account.repository.js';
import { voidAccountTokens } from '../auth/index.js';
import { revokeUserTokens } from '../../platform/auth/tokens.repository.js';
import { findUserById, updateUserPassword } from './accounts.repository.js';
import { parseBody } from '../../platform/validate.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

/**
 * The owner's own account (/user/hesap), every route for the signed-in owner only (staff, even a
 * `yonetici`, are refused with 403: the account, its credentials and its deletion are the owner's):
 *   GET  /api/account           → { status, account: { id, name, email, email_verified, created_at } }
 *   POST /api/update-account    {name}
 *   POST /api/change-email      {email, current_password}: unconfirmed until its new link is opened; notice to the old address
 *   POST /api/change-password   {current_password, password, password_confirmation}: other sessions end, this one stays
 *   GET  /api/export-my-data    → ZIP (KVKK: the owner's data and photos)
 *   POST /api/delete-account    {password} → erases the account and everything of it (KVKK)
 * A wrong current password is body 422 and changes nothing.
 */
const accountRoutes: FastifyPluginAsync = async (app) => {
  const owner = { preHandler: requireAuth('owner') };
  // routes that check a password are throttled like sign-in
  const checked = { ...owner, config: { rateLimit: app.limits.login } };
  const invalid = { status: 422 } as const;

  const accountOf = async (userId: number) => {
    const account = await findOwnerAccount(app.db, userId);
    if (!account) throw new UnauthorizedError();
    return account;
  };
  const userWithPassword = async (userId: number, password: string, field: string, message: string) => {
    const user = await findUserById(app.db, userId);
    if (!user) throw new UnauthorizedError();
    if (!(await verifyPassword(user.password_hash, password))) throw new ValidationError({ [field]: [message] }, invalid);
    return user;
  };

  app.get('/api/account', {
    ...owner,
    config: { doc: { tag: TAG.account, access: 'owner', response: ownerAccountResponseSchema, summary: 'Hesap bilgileri' } },
  }, async (request) => ({
    status: 200,
    message: ACCOUNT_MSG.accountLoaded,
    account: await accountOf(authOf(request).userId),
  }));

  app.post('/api/update-account', {
    ...owner,
    config: { cache: 'owner', doc: { tag: TAG.account, access: 'owner', body: { as: 'json', schema: updateAccountSchema }, response: ownerAccountResponseSchema, summary: 'Adı güncelle' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const input = parseBody(updateAccountSchema, request.body, invalid);
    await updateOwnerName(app.db, userId, input.name, isoNow(app.clock));
    return { status: 200, message: ACCOUNT_MSG.nameUpdated, account: await accountOf(userId) };
  });

  app.post('/api/change-email', {
    ...checked,
    config: { ...checked.config, cache: 'owner', doc: { tag: TAG.account, access: 'owner', body: { as: 'json', schema: changeEmailSchema }, response: ownerAccountResponseSchema, summary: 'E-posta adresini değiştir' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const input = parseBody(changeEmailSchema, request.body, invalid);
    const user = await userWithPassword(userId, input.current_password, 'current_password', ACCOUNT_FIELD_MSG.currentPasswordWrong);
    const email = normalizeEmail(input.email);
    if (email === user.email) throw new ValidationError({ email: [ACCOUNT_FIELD_MSG.sameEmail] }, invalid);
    if ((await changeOwnerEmail(app.db, userId, email, isoNow(app.clock))) === 'taken') throw new ValidationError({ email: [FIELD_MSG.emailTaken] }, invalid);
    app.mailer.send(emailChangedNotice(user.email, user.name, email));
    app.mailer.enqueue(() => verificationLinkMail(app, { id: userId, name: user.name, email }));
    return { status: 200, message: ACCOUNT_MSG.emailChanged, account: await accountOf(userId) };
  });

  app.post('/api/change-password', {
    ...checked,
    config: { ...checked.config, cache: 'owner', doc: { tag: TAG.account, access: 'owner', body: { as: 'json', schema: changePasswordSchema }, response: okSchema, summary: 'Şifreyi değiştir (diğer oturumlar kapanır)' } },
  }, async (request) => {
    const { userId, tokenId } = authOf(request);
    const input = parseBody(changePasswordSchema, request.body, invalid);
    const user = await userWithPassword(userId, input.current_password, 'current_password', ACCOUNT_FIELD_MSG.currentPasswordWrong);
    await updateUserPassword(app.db, userId, await hashPassword(input.password), isoNow(app.clock));
    await revokeUserTokens(app.db, userId, tokenId);
    await voidAccountTokens(app.db, userId, 'reset');
    app.mailer.send(passwordChangedNotice(user.email, user.name));
    return { status: 200, message: ACCOUNT_MSG.passwordChanged };
  });

  app.get('/api/export-my-data', {
    ...owner,
    config: {
      rateLimit: { max: app.config.exportPerHour, timeWindow: 3_600_000 },
      doc: {
        tag: TAG.account, access: 'owner', file: { types: ['application/zip'], description: 'KVKK: hesabın tüm verileri (ZIP).' },
        summary: 'Verilerimi indir', description: 'Saatte en fazla 10 kez (HTTP 429).',
      },
    },
  }, async (request, reply) => {
    const now = app.clock.now();
    const zip = await exportOwnerDataStream(app.db, app.storage, authOf(request).userId, now);
    if (!zip) throw new NotFoundError();
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="qr-menu-verilerim-${now.toISOString().slice(0, 10)}.zip"`)
      .header('Cache-Control', 'no-store')
      .send(zip);
  });

  app.post('/api/delete-account', {
    ...checked,
    config: { ...checked.config, cache: 'owner', doc: { tag: TAG.account, access: 'owner', body: { as: 'json', schema: deleteAccountSchema }, response: okSchema, summary: 'Hesabı ve tüm verileri sil' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const input = parseBody(deleteAccountSchema, request.body, invalid);
    await userWithPassword(userId, input.password, 'password', ACCOUNT_FIELD_MSG.passwordWrong);
    const erased = await eraseOwner(app.db, app.storage, userId);
    if (!erased) throw new UnauthorizedError(MSG.unauthorized);
    app.mailer.send(accountDeletedMail(erased.email, erased.name, false));
    return { status: 200, message: ACCOUNT_MSG.accountDeleted };
  });
};

export default accountRoutes;
