import { z } from 'zod';
import { FIELD_MSG } from './messages.js';
import { requiredText } from './validation.js';
import { ok } from './responses.js';
import { STAFF_ROLES, type StaffRole } from './enums.js';

/**
 * Staff accounts (issue 42 item 1): the roles an owner gives, their Turkish names, the plan limits,
 * the request/response schemas of /api/staff and the Turkish messages.
 *   garson   — waiter calls, orders, tables and bills
 *   mutfak   — the kitchen screen only
 *   yonetici — everything the owner has, except the plan and the owner's own account (deleting it)
 */

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { garson: 'Garson', mutfak: 'Mutfak', yonetici: 'Yönetici' };

/** What each role may do, as the owner's screen and the staff home page say it. */
export const STAFF_ROLE_HINTS: Record<StaffRole, string> = {
  garson: 'Garson çağrıları, siparişler, masalar ve hesaplar',
  mutfak: 'Yalnızca mutfak ekranı',
  yonetici: 'Plan ve hesap silme dışında işletme sahibinin her yetkisi',
};

/** Staff per plan level ('0' Başlangıç, '1' Standart, '2' Profesyonel); null = unlimited. */
export const STAFF_LIMITS: Record<'0' | '1' | '2', number | null> = { '0': 2, '1': 10, '2': null };

/** A staff invitation link is valid for 7 days. */
export const STAFF_INVITE_TTL_DAYS = 7;

/** Where a staff member's invitation is: sent (pending), expired (pending past 7 days), active, revoked. */
export const STAFF_STATES = ['invited', 'expired', 'active', 'revoked'] as const;
export type StaffState = (typeof STAFF_STATES)[number];
export const STAFF_STATE_LABELS: Record<StaffState, string> = { invited: 'Davet gönderildi', expired: 'Davetin süresi doldu', active: 'Aktif', revoked: 'Erişimi kaldırıldı' };

export const STAFF_MSG = {
  invited: 'Davet e-postası gönderildi.',
  reinvited: 'Davet e-postası yeniden gönderildi.',
  roleChanged: 'Personelin rolü değiştirildi.',
  revoked: 'Personelin erişimi kaldırıldı; açık oturumları sona erdi.',
  accepted: 'Şifreniz kaydedildi. Artık giriş yapabilirsiniz.',
  inviteInvalid: 'Davet bağlantısı geçersiz, kullanılmış veya süresi dolmuş. İşletme sahibinden yeni bir davet isteyin.',
  emailTaken: 'Bu e-posta adresiyle zaten bir hesap var. Personel için başka bir adres girin.',
  alreadyActive: 'Bu personel daveti zaten kabul etti.',
  revokedCannotChange: 'Erişimi kaldırılmış personelin rolü değiştirilemez. Önce yeniden davet edin.',
  limit: (plan: string, limit: number) => `${plan} planında en fazla ${limit} personel ekleyebilirsiniz. Daha fazla personel için planınızı yükseltin.`,
  signInRevoked: 'Bu personel hesabının erişimi işletme tarafından kaldırıldı.',
  signInPending: 'Davetiniz henüz kabul edilmedi. Davet e-postasındaki bağlantıdan şifrenizi belirleyin.',
  ownerOnly: 'Bu işlemi yalnızca işletme sahibi yapabilir.',
  roleRequired: 'Rol seçin: Garson, Mutfak veya Yönetici.',
} as const;

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: FIELD_MSG.emailRequired }).min(1, FIELD_MSG.emailRequired).max(191, FIELD_MSG.tooLong(191)).email(FIELD_MSG.emailInvalid),
);
const role = z.enum(STAFF_ROLES, { error: STAFF_MSG.roleRequired });

/** POST /api/staff: invite (or invite again: the same e-mail of a pending or revoked member of this business). */
export const inviteStaffSchema = z.object({ email, name: requiredText(120, FIELD_MSG.nameRequired), role });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;
/** POST /api/staff/{id}/role */
export const staffRoleSchema = z.object({ role });

/** One staff member as the owner's list shows it. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  state: z.enum(STAFF_STATES),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** The branches they work at (0: the main one; `POST /api/branches/staff/{id}`); null: every branch. */
  branches: z.array(z.number().int()).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** One entry of the business's activity log. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_name: z.string(),
  /** 'sahip' or a staff role. */
  actor_role: z.string(),
  action: z.string(),
  detail: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const staffListResponseSchema = ok({
  staff: z.array(staffMemberSchema),
  /** How many more may be invited on the plan; null = unlimited. */
  limit: z.number().int().nullable(),
  plan: z.string(),
});
export const staffMemberResponseSchema = ok({ member: staffMemberSchema });
export const activityResponseSchema = ok({ activity: z.array(activityEntrySchema) });
/** POST /api/staff/invitation: who the link is for, before the password is set. */
export const staffInvitationResponseSchema = ok({ name: z.string(), email: z.string(), business: z.string(), role: z.enum(STAFF_ROLES) });
