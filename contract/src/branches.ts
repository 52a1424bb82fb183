import { z } from 'zod';
import { optionalText, optionalTrPhone, requiredText } from './validation.js';
import { priceField, settingsSchema } from './owner.js';
import { brandingFields } from './branding.js';
import { brandingAnswerSchema, ok } from './responses.js';
import { SLUG_PATTERN } from './slug.js';

/**
 * Branches (şube, issue 43 item 1). An account's business profile is its **main branch** (id 0 in
 * this API: its address, slug and QR codes are those of the business, edited in Ayarlar); the extra
 * branches share its categories and products and may override a product's price and availability.
 */

/** Branches per plan level, the main one included ('0' Başlangıç, '1' Standart, '2' Profesyonel); null = unlimited. */
export const BRANCH_LIMITS: Record<'0' | '1' | '2', number | null> = { '0': 1, '1': 3, '2': null };

/** The main branch's id in the branch API (it is the business profile, not a `branches` row). */
export const MAIN_BRANCH_ID = 0;

export const BRANCH_MSG = {
  listed: 'Şubeler listelendi.',
  created: 'Şube eklendi.',
  updated: 'Şube kaydedildi.',
  deleted: 'Şube silindi.',
  nameRequired: 'Şube adı zorunludur (örneğin Kadıköy).',
  slugInvalid: 'Menü adresi yalnızca küçük harf, rakam ve tire içerebilir (örneğin cinar-kafe-kadikoy).',
  slugTaken: 'Bu menü adresi kullanılıyor. Başka bir adres yazın.',
  mainNotDeletable: 'Ana şube silinemez. Ana şube hesabınızın işletmesidir; hesabı Hesabım ekranından silebilirsiniz.',
  mainInSettings: 'Ana şubenin bilgileri Ayarlar ekranından değiştirilir.',
  mainHasNoOverrides: 'Ana şubenin fiyatı ve durumu ürünün kendisidir; ürünü Ürünler ekranından düzenleyin.',
  profileFirst: 'Şube eklemeden önce Ayarlar ekranından işletme bilgilerinizi kaydedin.',
  limit: (plan: string, limit: number) =>
    limit === 1
      ? `${plan} planında yalnızca ana şube vardır. Şube eklemek için planınızı yükseltin.`
      : `${plan} planında ana şube dahil en fazla ${limit} şube olabilir. Daha fazla şube için planınızı yükseltin.`,
  branchRequired: 'Bir şube seçin.',
  productRequired: 'Bir ürün seçin.',
  flag: 'Bu alan evet (true/1) ya da hayır (false/0) olmalıdır.',
  overrideSaved: 'Şube fiyatı kaydedildi.',
  overrideCleared: 'Şubedeki fiyat ve durum ürünün kendisine döndü.',
  itemsRequired: 'En az bir ürün gönderin.',
  staffBranches: 'Personelin çalıştığı şubeleri seçin (ana şube 0); boş liste: bütün şubeler.',
  staffBranchesSaved: 'Personelin şubeleri kaydedildi.',
  openTables: 'Bu şubede hesabı açık masalar var. Şubeyi silmeden önce garson ekranından masaları kapatın.',
} as const;

const flag = z.preprocess(
  (v) => (v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: BRANCH_MSG.flag }),
);
const positiveId = (msg: string) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v), z.number({ error: msg }).int(msg).min(0, msg));

/** POST /api/branches and POST /api/branches/{id}: a branch's own settings. */
export const branchSchema = z.object({
  name: requiredText(120, BRANCH_MSG.nameRequired),
  address: optionalText(255),
  /** Absent: the main branch's city. */
  city: settingsSchema.shape.city.optional(),
  tel: optionalTrPhone(),
  deskcount: settingsSchema.shape.deskcount.optional(),
  wifi_name: brandingFields.wifi_name,
  wifi_password: brandingFields.wifi_password,
  /** Absent or null: the main branch's hours. */
  hours: brandingFields.hours,
  /** Only on creation; absent: made from the business and branch names. Never changes afterwards (printed QR codes). */
  slug: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
    z.string({ error: BRANCH_MSG.slugInvalid }).max(100, BRANCH_MSG.slugInvalid).regex(SLUG_PATTERN, BRANCH_MSG.slugInvalid).optional(),
  ),
});
export type BranchInput = z.infer<typeof branchSchema>;

/** One override of POST /api/branch-prices: absent fields stay as they are; `clear` removes the override. */
export const branchOverrideSchema = z.object({
  product_id: positiveId(BRANCH_MSG.productRequired),
  /** TL; null or '' = the shared price. */
  price: priceField.optional(),
  unavailable: flag.optional(),
  /** The same as `unavailable: !available`. */
  available: flag.optional(),
  sold_out: flag.optional(),
  clear: flag.optional(),
});
export type BranchOverrideInput = z.infer<typeof branchOverrideSchema>;

/** POST /api/branch-prices: one product's override, or several (`items`) at one branch. */
export const branchPricesSchema = z.union([
  z.object({ branch_id: positiveId(BRANCH_MSG.branchRequired), items: z.array(branchOverrideSchema, { error: BRANCH_MSG.itemsRequired }).min(1, BRANCH_MSG.itemsRequired).max(500) }),
  branchOverrideSchema.extend({ branch_id: positiveId(BRANCH_MSG.branchRequired) }),
]);
export type BranchPricesInput = z.infer<typeof branchPricesSchema>;

export const branchAnswerSchema = z
  .object({
    id: z.number().int().meta({ description: 'Şube; 0 = ana şube (işletmenin kendisi)' }),
    main: z.boolean(),
    name: z.string(),
    slug: z.string().nullable(),
    qrlink: z.string().nullable(),
    address: z.string(),
    city: z.number().int(),
    tel: z.string(),
    deskcount: z.number().int().nullable(),
    wifi_name: brandingAnswerSchema.shape.wifi_name,
    wifi_password: brandingAnswerSchema.shape.wifi_password,
    hours: brandingAnswerSchema.shape.hours,
    created_at: z.string().nullable(),
    views: z.number().int().meta({ description: 'Menüsünün görüntülenmesi (ana şube: hesabın toplamından ek şubelerinki çıkınca kalan)' }),
  })
  .meta({ title: 'Branch' });
export type BranchAnswer = z.infer<typeof branchAnswerSchema>;

export const branchOverrideAnswerSchema = z
  .object({
    branch_id: z.number().int(),
    product_id: z.number().int(),
    /** TL, null = the shared price. */
    price: z.number().nullable(),
    unavailable: z.boolean(),
    sold_out: z.boolean(),
  })
  .meta({ title: 'BranchOverride' });
export type BranchOverride = z.infer<typeof branchOverrideAnswerSchema>;

export const branchListResponseSchema = ok({
  branches: z.array(branchAnswerSchema),
  limit: z.number().int().nullable().meta({ description: 'Planın şube sınırı (ana şube dahil); null = sınırsız' }),
  plan: z.string(),
});
export const branchResponseSchema = ok({ branch: branchAnswerSchema });
export const branchPricesResponseSchema = ok({ overrides: z.array(branchOverrideAnswerSchema) });

/** POST /api/branches/staff/{id}: the branches a staff member works at (0 the main one); [] or null: every branch. */
export const staffBranchesSchema = z.object({
  branches: z.preprocess((v) => (v === null ? [] : v), z.array(positiveId(BRANCH_MSG.staffBranches), { error: BRANCH_MSG.staffBranches }).max(100, BRANCH_MSG.staffBranches)),
});
export const staffBranchesResponseSchema = ok({ staff_id: z.number().int(), branches: z.array(z.number().int()).nullable().meta({ description: 'null: bütün şubeler' }) });
