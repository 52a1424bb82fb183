import type { FastifyPluginCallback } from 'fastify';
import {
  activityResponseSchema, inviteStaffSchema, normalizeEmail, okSchema, planOf, resetPasswordSchema, STAFF_INVITE_TTL_DAYS, STAFF_LIMITS, STAFF_MSG,
  staffInvitationResponseSchema, staffListResponseSchema, staffMemberResponseSchema, staffRoleSchema, verifyEmailSchema,
} from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { OWNER_NOT_FOUND, TAG } from '../../platform/openapi/fragments.js';
import { businessPlan, findMember, listActivity, listMembers, presentMember } from './staff.repository.js';
import { changeStaffRole, inviteStaff, revokeStaff } from './staff-writes.js';
import { acceptInvitation, readInvitation } from './staff-invitation.js';

const TTL_MS = STAFF_INVITE_TTL_DAYS * 86_400_000;
const WHO = 'İşletme sahibi veya Yönetici rolündeki personel.';

/**
 * Staff accounts (issue 42 item 1), for the business (its owner or a `yonetici`):
 *   GET    /api/staff              → members (invited, expired, active, revoked), the plan and its limit
 *   POST   /api/staff              {email, name, role} → invitation mail (again for a pending/revoked member)
 *   POST   /api/staff/{id}/role    {role}
 *   DELETE /api/staff/{id}         → access revoked, every session ends at once
 *   GET    /api/staff/activity     → the business's activity log (who did what)
 * And public, from the invitation mail: POST /api/staff/invitation {token} (who it is for),
 * POST /api/staff/accept {token, password, password_confirmation}.
 */
const staffRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const guard = { preHandler: requireAuth('user') };
  const invalid = { status: 422 } as const;
  const memberOf = async (businessId: number, id: number) => {
    const row = await findMember(app.db, businessId, id);
    if (!row) throw new NotFoundError();
    return presentMember(row, app.clock.now(), TTL_MS);
  };

  app.get('/api/staff', {
    ...guard,
    config: { doc: { tag: TAG.staff, access: 'user', response: staffListResponseSchema, summary: 'Personeli listele', description: WHO } },
  }, async (request) => {
    const { userId } = authOf(request);
    const plan = planOf((await businessPlan(app.db, userId))?.userlevel);
    const now = app.clock.now();
    const staff = (await listMembers(app.db, userId)).map((r) => presentMember(r, now, TTL_MS));
    return { status: 200, message: 'Personel listelendi.', staff, limit: STAFF_LIMITS[plan.level], plan: plan.name };
  });

  app.post('/api/staff', {
    ...guard,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.staff, access: 'user', body: { as: 'json', schema: inviteStaffSchema }, response: staffMemberResponseSchema, summary: 'Personel davet et',
        description: `${WHO} Bekleyen ya da erişimi kaldırılmış personelin adresi yeniden davet eder (önceki bağlantı geçersiz olur). Adres başka bir hesabınsa veya plan sınırı doluysa gövde \`status: 422\`.`,
      },
    },
  }, async (request) => {
    const input = parseBody(inviteStaffSchema, request.body, invalid);
    const { id, again } = await inviteStaff(app, authOf(request), { ...input, email: normalizeEmail(input.email) });
    return { status: 200, message: again ? STAFF_MSG.reinvited : STAFF_MSG.invited, member: await memberOf(authOf(request).userId, id) };
  });

  app.post<{ Params: { id: string } }>('/api/staff/:id/role', {
    ...guard,
    config: { cache: 'none', doc: { tag: TAG.staff, access: 'user', body: { as: 'json', schema: staffRoleSchema }, response: staffMemberResponseSchema, summary: 'Personelin rolünü değiştir', description: `${WHO} ${OWNER_NOT_FOUND}` } },
  }, async (request) => {
    const id = parseId(request.params.id);
    if (!id) throw new NotFoundError();
    const { role } = parseBody(staffRoleSchema, request.body, invalid);
    await changeStaffRole(app, authOf(request), id, role);
    return { status: 200, message: STAFF_MSG.roleChanged, member: await memberOf(authOf(request).userId, id) };
  });

  app.delete<{ Params: { id: string } }>('/api/staff/:id', {
    ...guard,
    config: { cache: 'none', doc: { tag: TAG.staff, access: 'user', response: staffMemberResponseSchema, summary: 'Personelin erişimini kaldır', description: `${WHO} Personelin bütün oturumları hemen sona erer. ${OWNER_NOT_FOUND}` } },
  }, async (request) => {
    const id = parseId(request.params.id);
    if (!id) throw new NotFoundError();
    await revokeStaff(app, authOf(request), id);
    return { status: 200, message: STAFF_MSG.revoked, member: await memberOf(authOf(request).userId, id) };
  });

  app.get('/api/staff/activity', {
    ...guard,
    config: { doc: { tag: TAG.staff, access: 'user', response: activityResponseSchema, summary: 'İşletmenin etkinlik kaydı', description: `${WHO} Son 200 kayıt, en yenisi önce: personelin her başarılı yazması; sahibin ve personelin sipariş işlemleri (durum adımları, gerekçeli iptaller, ödeme türüyle masa kapatma, masadan sipariş ayarı ve duraklatılan masalar) kimin yaptığıyla.` } },
  }, async (request) => {
    const activity = await listActivity(app.db, authOf(request).userId, 200);
    return { status: 200, message: 'Etkinlik kaydı listelendi.', activity };
  });

  app.post('/api/staff/invitation', {
    config: { rateLimit: app.limits.login, cache: 'none', doc: { tag: TAG.staff, access: 'public', body: { as: 'json', schema: verifyEmailSchema }, response: staffInvitationResponseSchema, summary: 'Davet bağlantısı kimin için', description: 'Bağlantı kullanılmaz. Geçersiz, kullanılmış veya süresi dolmuş bağlantı: gövde `status: 400`.' } },
  }, async (request) => {
    const { token } = parseBody(verifyEmailSchema, request.body, invalid);
    return { status: 200, message: 'Davet geçerli.', ...(await readInvitation(app, token)) };
  });

  app.post('/api/staff/accept', {
    config: { rateLimit: app.limits.login, cache: 'none', doc: { tag: TAG.staff, access: 'public', body: { as: 'json', schema: resetPasswordSchema }, response: okSchema, summary: 'Daveti kabul et ve şifre belirle', description: 'Bağlantı bir kez ve 7 gün kullanılabilir; sonra gövde `status: 400`.' } },
  }, async (request) => {
    const input = parseBody(resetPasswordSchema, request.body, invalid);
    await acceptInvitation(app, input.token, input.password);
    return { status: 200, message: STAFF_MSG.accepted };
  });
  done();
};

export default staffRoutes;
