import type { FastifyPluginAsync } from 'fastify';
import { loginSchema, MSG, STAFF_MSG, normalizeEmail, registerSchema, FIELD_MSG, adminAuthCheckSchema, okSchema, tokenResponseSchema, userAuthCheckSchema } from '@qrmenu/contract';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError, ValidationError } from '../../platform/errors.js';
import { issueToken, revokeToken } from '../../platform/auth/tokens.repository.js';
import { findStaffMembership } from '../../platform/auth/staff-membership.js';
import { accountStatus, createAccount, findUserByEmail } from '../accounts/index.js';
import { parseBody } from '../../platform/validate.js';
import { verificationLinkMail } from './account-mails.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

/** Sign-in, registration, sign-out and the two auth checks of spec §7. */
const authRoutes: FastifyPluginAsync = async (app) => {
  // Laravel Sanctum's CSRF cookie endpoint: the spec's client calls it first. Bearer tokens need no CSRF cookie.
  app.get('/sanctum/csrf-cookie', {
    config: {
      doc: {
        tag: TAG.auth, access: 'public', noContent: true,
        summary: 'CSRF çerezi (uyumluluk)',
        description: 'Spesifikasyondaki istemci önce bunu çağırır; Bearer jeton kullanıldığı için 204 döner, çerez yazılmaz.',
      },
    },
  }, async (_req, reply) => reply.code(204).send());

  app.post('/api/register', {
    config: {
      rateLimit: app.limits.register,
      cache: 'none',
      doc: {
        tag: TAG.auth, access: 'public', body: { as: 'json', schema: registerSchema }, response: tokenResponseSchema,
        summary: 'İşletme sahibi olarak kayıt ol',
        description: 'Doğrulama hatası: gövde `status: 422` ve `validation_errors`. IP başına sınırlı (HTTP 429).',
      },
    },
  }, async (request) => {
    const input = parseBody(registerSchema, request.body, { status: 422, key: 'validation_errors' });
    const email = normalizeEmail(input.email);
    const id = await createAccount(app.db, {
      name: input.name,
      email,
      passwordHash: await hashPassword(input.password),
      role: 'user',
      profile: { companyname: input.company, address: input.address, tel: input.number },
    }, isoNow(app.clock));
    if (id == null) throw new ValidationError({ email: [FIELD_MSG.emailTaken] }, { key: 'validation_errors' });
    const token = await issueToken(app.db, id, app.config.tokenTtlDays, app.clock.now());
    app.mailer.enqueue(() => verificationLinkMail(app, { id, name: input.name, email }));
    return { status: 200, token, username: input.name, role: 'user', message: MSG.registerOk };
  });

  app.post('/api/login', {
    config: {
      rateLimit: app.limits.login,
      cache: 'none',
      doc: {
        tag: TAG.auth, access: 'public', body: { as: 'json', schema: loginSchema }, response: tokenResponseSchema,
        summary: 'Giriş yap',
        description: 'Hatalı e-posta veya şifre: gövde `status: 401`. Çok fazla hatalı deneme: HTTP 429.',
      },
    },
  }, async (request) => {
    const input = parseBody(loginSchema, request.body, { status: 422, key: 'validation_errors' });
    await app.loginThrottle.assertAllowed(request, input.email);
    const user = await findUserByEmail(app.db, normalizeEmail(input.email));
    // Verify against a dummy hash for unknown e-mails: same answer, same time.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) {
      await app.loginThrottle.fail(request, input.email);
      throw new AppError(200, 401, MSG.loginFailed);
    }
    // a staff member signs in once their invitation is accepted and while their access stands
    const staff = await findStaffMembership(app.db, user.id);
    if (staff && !staff.accepted) throw new AppError(200, 401, STAFF_MSG.signInPending);
    if (staff?.revoked) throw new AppError(200, 401, STAFF_MSG.signInRevoked);
    if ((await accountStatus(app.db, staff?.businessId ?? user.id)) !== 1) throw new AppError(200, 401, MSG.accountPassive);
    await app.loginThrottle.reset(request, input.email);
    const token = await issueToken(app.db, user.id, app.config.tokenTtlDays, app.clock.now());
    const who = staff ? { role: 'staff' as const, staff_role: staff.staffRole, business: staff.businessName } : { role: user.role };
    return { status: 200, token, username: user.name, ...who, message: MSG.loginOk };
  });

  app.post('/api/logout', {
    preHandler: requireAuth('any'),
    config: { cache: 'none', doc: { tag: TAG.auth, access: 'any', response: okSchema, summary: 'Çıkış yap (jeton geçersiz olur)' } },
  }, async (request) => {
    await revokeToken(app.db, authOf(request).tokenId);
    return { status: 200, message: MSG.logoutOk };
  });

  app.get('/api/checkingUserAuthenticated', {
    preHandler: requireAuth('any'),
    config: { doc: { tag: TAG.auth, access: 'any', response: userAuthCheckSchema, summary: 'Oturumu ve rolü doğrula' } },
  }, async (request) => {
    const { role, name, emailVerified, staffRole, businessName } = authOf(request);
    const who = staffRole ? { role: 'staff' as const, staff_role: staffRole, business: businessName ?? '' } : { role };
    return { status: 200, ...who, username: name, email_verified: emailVerified, message: MSG.authenticated };
  });

  app.get('/api/checkingAdminAuthenticated', {
    preHandler: requireAuth('admin'),
    config: { doc: { tag: TAG.auth, access: 'admin', response: adminAuthCheckSchema, summary: 'Yönetici oturumunu doğrula' } },
  }, async (request) => {
    const { role, name } = authOf(request);
    return { status: 200, role, username: name, message: MSG.authenticated };
  });
};

export default authRoutes;
