import type { FastifyInstance } from 'fastify';
import { planOf, STAFF_INVITE_TTL_DAYS, STAFF_LIMITS, STAFF_MSG, STAFF_ROLE_LABELS, type InviteStaffInput, type StaffRole } from '@qrmenu/contract';
import type { TokenOwner } from '../../platform/auth/tokens.repository.js';
import { revokeUserTokens } from '../../platform/auth/tokens.repository.js';
import { isUniqueViolation } from '../../platform/db/database.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import { staffInvitationMail } from '../../platform/mail/templates.js';
import { issueAccountToken, voidAccountTokens } from '../auth/index.js';
import { findUserByEmail } from '../accounts/index.js';
import { businessPlan, countHeldSeats, findMember, findMemberByEmail, insertMember, markRevoked, reinviteMember, setMemberRole } from './staff.repository.js';
import { logActivity } from './staff-activity.js';

/** A pending member holds no usable password (not an argon2 hash: every check of it fails). */
const NO_PASSWORD = '!staff-invited';

/** The plan's limit, refused in Turkish naming the plan (HTTP 200, body 422). */
async function assertSeat(app: FastifyInstance, businessId: number) {
  const plan = planOf((await businessPlan(app.db, businessId))?.userlevel);
  const limit = STAFF_LIMITS[plan.level];
  if (limit != null && (await countHeldSeats(app.db, businessId)) >= limit) throw new AppError(200, 422, STAFF_MSG.limit(plan.name, limit));
}

async function sendInvitation(app: FastifyInstance, businessId: number, member: { userId: number; name: string; email: string; role: StaffRole }) {
  const profile = await businessPlan(app.db, businessId);
  const business = profile?.companyname || profile?.name || 'İşletme';
  const token = await issueAccountToken(app.db, member.userId, 'invite', member.email, app.clock.now());
  const url = `${app.config.publicUrl}/personel-davet?token=${token}`;
  app.mailer.send(staffInvitationMail(member.email, member.name, business, STAFF_ROLE_LABELS[member.role], url, STAFF_INVITE_TTL_DAYS));
}

/**
 * Invites a staff member by e-mail; the same address of a pending or revoked member of this
 * business is invited again (a new link, the earlier one void). An address that is any other
 * account → body 422. Returns the member id and whether it was a re-invitation.
 */
export async function inviteStaff(app: FastifyInstance, owner: TokenOwner, input: InviteStaffInput & { email: string }): Promise<{ id: number; again: boolean }> {
  const businessId = owner.userId;
  const now = app.clock.now().toISOString();
  const existing = await findMemberByEmail(app.db, businessId, input.email);
  if (existing?.accepted_at && !existing.revoked_at) throw new ValidationError({ email: [STAFF_MSG.alreadyActive] });
  if (!existing && (await findUserByEmail(app.db, input.email))) throw new ValidationError({ email: [STAFF_MSG.emailTaken] });
  if (!existing || existing.revoked_at) await assertSeat(app, businessId);

  let id: number;
  if (existing) {
    await app.db.transaction().execute((trx) => reinviteMember(trx, { id: existing.id, userId: existing.user_id, name: input.name, role: input.role, passwordHash: NO_PASSWORD, now }));
    id = existing.id;
  } else {
    try {
      id = await app.db.transaction().execute((trx) => insertMember(trx, { businessId, name: input.name, email: input.email, role: input.role, passwordHash: NO_PASSWORD, now }));
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError({ email: [STAFF_MSG.emailTaken] });
      throw err;
    }
  }
  const member = (await findMember(app.db, businessId, id))!;
  await sendInvitation(app, businessId, { userId: member.user_id, name: member.name, email: member.email, role: member.staff_role });
  await logActivity(app, owner, existing ? 'Personel yeniden davet edildi' : 'Personel davet edildi', `${member.name} <${member.email}> · ${STAFF_ROLE_LABELS[input.role]}`);
  return { id, again: existing != null };
}

export async function changeStaffRole(app: FastifyInstance, owner: TokenOwner, id: number, role: StaffRole) {
  const member = await findMember(app.db, owner.userId, id);
  if (!member) throw new NotFoundError();
  if (member.revoked_at) throw new AppError(200, 422, STAFF_MSG.revokedCannotChange);
  await setMemberRole(app.db, owner.userId, id, role);
  await logActivity(app, owner, 'Personelin rolü değiştirildi', `${member.name}: ${STAFF_ROLE_LABELS[member.staff_role]} → ${STAFF_ROLE_LABELS[role]}`);
}

/** Revokes a member: every session ends at once, open invitation links are void. */
export async function revokeStaff(app: FastifyInstance, owner: TokenOwner, id: number) {
  const member = await findMember(app.db, owner.userId, id);
  if (!member) throw new NotFoundError();
  if (!member.revoked_at) {
    await app.db.transaction().execute(async (trx) => {
      await markRevoked(trx, owner.userId, id, app.clock.now().toISOString());
      await revokeUserTokens(trx, member.user_id);
      await voidAccountTokens(trx, member.user_id, 'invite');
      await voidAccountTokens(trx, member.user_id, 'reset');
    });
    await logActivity(app, owner, 'Personelin erişimi kaldırıldı', `${member.name} <${member.email}>`);
  }
}
