import { z } from 'zod';
import { FIELD_MSG } from './messages.js';
import { requiredText } from './validation.js';
import type { ownerAccountSchema } from './responses-admin.js';

/** Forgotten password, e-mail verification, the owner's account page, KVKK, admin audit (schemas and texts). */

export const ACCOUNT_FIELD_MSG = {
  passwordConfirmation: 'Şifre tekrarı şifre ile aynı olmalıdır.',
  passwordConfirmationRequired: 'Şifre tekrarını girin.',
  currentPasswordRequired: 'Mevcut şifrenizi girin.',
  currentPasswordWrong: 'Mevcut şifreniz hatalı.',
  passwordWrong: 'Şifreniz hatalı.',
  sameEmail: 'Yeni e-posta adresi mevcut adresinizle aynı.',
  replyRequired: 'Yanıt metnini yazın.',
  tokenRequired: 'Bağlantı eksik. Lütfen e-postadaki bağlantıyı eksiksiz açın.',
} as const;

export const ACCOUNT_MSG = {
  forgotSent: 'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Gelen kutunuzu (ve gereksiz klasörünü) kontrol edin.',
  resetOk: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
  resetTokenInvalid: 'Şifre sıfırlama bağlantısı geçersiz, kullanılmış veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  verifyOk: 'E-posta adresiniz doğrulandı. Teşekkürler!',
  verifyTokenInvalid: 'Doğrulama bağlantısı geçersiz, kullanılmış veya süresi dolmuş. Hesabım sayfasından yeni bir bağlantı isteyebilirsiniz.',
  verificationSent: 'Doğrulama bağlantısı e-posta adresinize gönderildi.',
  alreadyVerified: 'E-posta adresiniz zaten doğrulanmış.',
  accountLoaded: 'Hesap bilgileri yüklendi.',
  nameUpdated: 'Adınız güncellendi.',
  emailChanged: 'E-posta adresiniz değiştirildi. Yeni adresinize gönderilen bağlantı ile doğrulayın.',
  passwordChanged: 'Şifreniz değiştirildi. Diğer tüm oturumlarınız kapatıldı.',
  accountDeleted: 'Hesabınız ve tüm verileriniz silindi.',
  userDeleted: 'İşletme hesabı ve tüm verileri silindi.',
  auditLoaded: 'Kayıtlar yüklendi.',
  replySent: 'Yanıt e-posta ile gönderildi.',
} as const;

const password = z.string({ error: FIELD_MSG.passwordRequired }).min(8, FIELD_MSG.passwordMin).max(200, FIELD_MSG.tooLong(200));
const currentPassword = z
  .string({ error: ACCOUNT_FIELD_MSG.currentPasswordRequired })
  .min(1, ACCOUNT_FIELD_MSG.currentPasswordRequired)
  .max(200, FIELD_MSG.tooLong(200));
const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: FIELD_MSG.emailRequired }).min(1, FIELD_MSG.emailRequired).max(191, FIELD_MSG.tooLong(191)).email(FIELD_MSG.emailInvalid),
);
const token = z.string({ error: ACCOUNT_FIELD_MSG.tokenRequired }).min(1, ACCOUNT_FIELD_MSG.tokenRequired).max(200, ACCOUNT_FIELD_MSG.tokenRequired);

/** A new password typed twice. */
const confirmation = z.string({ error: ACCOUNT_FIELD_MSG.passwordConfirmationRequired }).max(200, FIELD_MSG.tooLong(200));
const confirmed = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const confirmedError = { path: ['password_confirmation'], message: ACCOUNT_FIELD_MSG.passwordConfirmation };

/** POST /api/forgot-password */
export const forgotPasswordSchema = z.object({ email });
/** POST /api/reset-password */
export const resetPasswordSchema = z.object({ token, password, password_confirmation: confirmation }).refine(confirmed, confirmedError);
/** POST /api/verify-email */
export const verifyEmailSchema = z.object({ token });
/** POST /api/update-account: the owner's name. */
export const updateAccountSchema = z.object({ name: requiredText(120, FIELD_MSG.nameRequired) });
/** POST /api/change-email */
export const changeEmailSchema = z.object({ email, current_password: currentPassword });
/** POST /api/change-password */
export const changePasswordSchema = z
  .object({ current_password: currentPassword, password, password_confirmation: confirmation })
  .refine(confirmed, confirmedError);
/** POST /api/delete-account */
export const deleteAccountSchema = z.object({
  password: z.string({ error: FIELD_MSG.passwordRequired }).min(1, FIELD_MSG.passwordRequired).max(200, FIELD_MSG.tooLong(200)),
});
/** POST /api/admin/messages/{id}/reply */
export const replyMessageSchema = z.object({ message: requiredText(5000, ACCOUNT_FIELD_MSG.replyRequired) });

/** GET /api/account */
export type OwnerAccount = z.infer<typeof ownerAccountSchema>;


export const AUDIT_ACTIONS = ['update-user', 'delete-user', 'admin-account', 'admin-password', 'message-read', 'message-unread', 'message-reply'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Turkish names of the audit actions (the /admin/audit page). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'update-user': 'İşletme güncellendi',
  'delete-user': 'İşletme silindi',
  'admin-account': 'Yönetici hesabı güncellendi',
  'admin-password': 'Yönetici şifresi değiştirildi',
  'message-read': 'Mesaj okundu işaretlendi',
  'message-unread': 'Mesaj okunmadı işaretlendi',
  'message-reply': 'Mesaj yanıtlandı',
};
export const AUDIT_PAGE_SIZE = 50;
