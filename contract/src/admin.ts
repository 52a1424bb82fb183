import { z } from 'zod';
import { FIELD_MSG } from './messages.js';
import { USER_LEVELS } from './plans.js';
import { SLUG_PATTERN } from './slug.js';
import { optionalText, optionalTrPhone, requiredText } from './validation.js';
import type { adminCategoryRowSchema, adminDashboardSchema, adminMessageRowSchema, adminProductRowSchema, adminUserRowSchema } from './responses-admin.js';

/** Schemas, field messages and server messages of the admin area (spec §2 "Admin area", §5). */

export const ADMIN_FIELD_MSG = {
  nameRequired: FIELD_MSG.nameRequired,
  count: 'Görüntülenme sayısı 0 veya daha büyük bir tam sayı olmalıdır.',
  deskcount: 'Masa sayısı 0 veya daha büyük bir tam sayı olmalıdır.',
  city: 'Geçerli bir şehir seçin.',
  qrStatus: 'QR durumu 1 (Değiştirilebilir) veya 0 (Değiştirilemez) olmalıdır.',
  status: 'Kullanıcı durumu 1 (Aktif) veya 0 (Pasif) olmalıdır.',
  userlevel: 'Seviye 0 (Başlangıç), 1 (Standart) veya 2 (Profesyonel) olmalıdır.',
  slugInvalid: 'İngilizce firma adı yalnızca küçük harf (a-z), rakam ve tek tire içerebilir; ör. cinar-kafe.',
  slugRequired: 'İngilizce firma adı zorunludur: QR linki ve menü adresi ona göre oluşur.',
  slugTaken: 'Bu İngilizce firma adı başka bir işletme tarafından kullanılıyor.',
  slugReserved: 'Bu İngilizce firma adı başka bir işletmenin eski menü adresi olarak kayıtlı; başka bir ad seçin.',
  qrlinkInvalid: 'QR linki http:// veya https:// ile başlayan geçerli bir adres olmalıdır.',
  qrlinkMismatch: (slug: string) => `QR linki "/qr/${slug}" ile bitmelidir (İngilizce firma adı ile aynı olmalı).`,
  qrlinkWithoutSlug: 'QR linki girmek için önce İngilizce firma adını girin.',
  currentPasswordRequired: 'Mevcut şifrenizi girin.',
  currentPasswordWrong: 'Mevcut şifreniz hatalı.',
  passwordMin: FIELD_MSG.passwordMin,
  emailTaken: FIELD_MSG.emailTaken,
} as const;

export const ADMIN_MSG = {
  userUpdated: 'Kullanıcı bilgileri başarıyla güncellendi.',
  userNotFound: 'Kullanıcı bulunamadı.',
  messageRead: 'Mesaj okundu olarak işaretlendi.',
  messageUnread: 'Mesaj okunmadı olarak işaretlendi.',
  messageNotFound: 'Mesaj bulunamadı.',
  accountUpdated: 'Hesap bilgileriniz güncellendi.',
  passwordChanged: 'Şifreniz değiştirildi. Diğer tüm oturumlarınız kapatıldı.',
} as const;

/** Integer from a number or a numeric string (form values). */
const intFrom = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
/** 0/1 flag from 0, 1, '0', '1', true, false. */
const flagFrom = (v: unknown) => (v === true ? 1 : v === false ? 0 : intFrom(v));

const flag = (msg: string) =>
  z.preprocess(flagFrom, z.union([z.literal(0), z.literal(1)], { error: msg }));

const nonNegativeInt = (msg: string) =>
  z.preprocess(intFrom, z.number({ error: msg }).int(msg).min(0, msg).max(2_000_000_000, msg));

/**
 * POST /api/update-user/{id}. Required: name, count, qr_status, status, userlevel.
 * companyengname and qrlink are optional together (a business that has no menu address yet); the
 * server adds the cross-field rules (unique slug, qrlink ends with /qr/{slug}, a slug cannot be removed).
 */
export const updateUserSchema = z.object({
  name: requiredText(120, ADMIN_FIELD_MSG.nameRequired),
  companyname: optionalText(150),
  address: optionalText(255),
  tel: optionalTrPhone(),
  deskcount: z.preprocess((v) => (v === undefined ? undefined : v === '' || v === null ? null : intFrom(v)), nonNegativeInt(ADMIN_FIELD_MSG.deskcount).nullable().optional()),
  city: z.preprocess((v) => (v === '' || v == null ? undefined : intFrom(v)), z.number({ error: ADMIN_FIELD_MSG.city }).int(ADMIN_FIELD_MSG.city).min(0, ADMIN_FIELD_MSG.city).max(81, ADMIN_FIELD_MSG.city).optional()),
  qrlink: z.preprocess(
    (v) => (v == null ? undefined : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: ADMIN_FIELD_MSG.qrlinkInvalid }).max(255, FIELD_MSG.tooLong(255)).regex(/^https?:\/\/[^\s/]+(\/\S*)?$/i, ADMIN_FIELD_MSG.qrlinkInvalid).optional(),
  ),
  companyengname: z.preprocess(
    (v) => (v == null ? undefined : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: ADMIN_FIELD_MSG.slugInvalid }).max(60, FIELD_MSG.tooLong(60)).regex(SLUG_PATTERN, ADMIN_FIELD_MSG.slugInvalid).optional(),
  ),
  count: z.preprocess((v) => (v === '' ? undefined : intFrom(v)), nonNegativeInt(ADMIN_FIELD_MSG.count)),
  qr_status: flag(ADMIN_FIELD_MSG.qrStatus),
  status: flag(ADMIN_FIELD_MSG.status),
  userlevel: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(USER_LEVELS, { error: ADMIN_FIELD_MSG.userlevel })),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: FIELD_MSG.emailRequired }).min(1, FIELD_MSG.emailRequired).max(191, FIELD_MSG.tooLong(191)).email(FIELD_MSG.emailInvalid),
);

/** POST /api/admin/account: the admin's own name and e-mail. */
export const adminAccountSchema = z.object({
  name: requiredText(120, FIELD_MSG.nameRequired),
  email,
});
export type AdminAccountInput = z.infer<typeof adminAccountSchema>;

/** POST /api/admin/password: current password required, new one at least 8 characters. */
export const adminPasswordSchema = z.object({
  current_password: z.string({ error: ADMIN_FIELD_MSG.currentPasswordRequired }).min(1, ADMIN_FIELD_MSG.currentPasswordRequired).max(200, FIELD_MSG.tooLong(200)),
  password: z.string({ error: FIELD_MSG.passwordRequired }).min(8, FIELD_MSG.passwordMin).max(200, FIELD_MSG.tooLong(200)),
});
export type AdminPasswordInput = z.infer<typeof adminPasswordSchema>;

/** GET /api/view-user rows and GET /api/edit-user/{id}.user (spec §3 profile + account e-mail): the shapes of responses-admin.ts. */
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export type AdminCategoryRow = z.infer<typeof adminCategoryRowSchema>;
/** Portions (`variants`) in TL ([] = none): the list shows their range when there is no single price. */
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>;
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
