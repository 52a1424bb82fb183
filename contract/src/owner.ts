import { z } from 'zod';
import { chargeFree } from './price-rules.js';
import type { Plan } from './plans.js';
import { optionalText, requiredText, TEL_INVALID, trPhone } from './validation.js';
import { brandingFields, type Branding } from './branding.js';
import { AMOUNT_MSG, amountUnitField, amountValueField } from './amounts.js';
import { languagesField } from './languages.js';
import { happyHourField, serviceHoursField, serviceOutsideField } from './service-hours.js';
import { allergensField, labelsField, soldOutField, variantsField } from './menu-content.js';
import type { ownerCategorySchema, ownerDashboardSchema, ownerProductSchema, productUsageSchema } from './responses.js';

/** Turkish messages of the owner area (server `message`, field errors, web toasts). */
export const OWNER_MSG = {
  categoryNameRequired: 'Kategori adı zorunludur.',
  categoryCreated: 'Kategori başarıyla eklendi.',
  categoryUpdated: 'Kategori başarıyla güncellendi.',
  categoryDeleted: 'Kategori başarıyla silindi.',
  categoryNotFound: 'Kategori bulunamadı.',
  categoryHasProducts: (n: number) =>
    `Bu kategoride ${n} ürün var. Kategoriyi silmeden önce ürünlerini silin veya başka bir kategoriye taşıyın.`,
  categoriesListed: 'Kategoriler listelendi.',
  categoryLoaded: 'Kategori bilgileri getirildi.',
  productNameRequired: 'Ürün adı zorunludur.',
  productCategoryRequired: 'Lütfen bir kategori seçin.',
  productCategoryUnknown: 'Seçilen kategori bulunamadı. Lütfen listeden bir kategori seçin.',
  productCreated: 'Ürün başarıyla eklendi.',
  productUpdated: 'Ürün başarıyla güncellendi.',
  productDeleted: 'Ürün başarıyla silindi.',
  productNotFound: 'Ürün bulunamadı.',
  productsListed: 'Ürünler listelendi.',
  productLoaded: 'Ürün bilgileri getirildi.',
  price: 'Fiyat 0 veya daha büyük, en fazla iki ondalıklı bir sayı olmalıdır (örneğin 12,50).',
  status: 'Durum yalnızca Aktif (1) veya Pasif (0) olabilir.',
  settingsLoaded: 'Ayarlar yüklendi.',
  settingsSaved: 'Ayarlar başarıyla kaydedildi.',
  settingsNotFound: 'Herhangi bir ayar bulunamadı',
  settingsNameRequired: 'Adınız soyadınız zorunludur.',
  companyRequired: 'İşletme adı zorunludur.',
  cityRequired: 'Lütfen bir şehir seçin.',
  telRequired: 'Telefon numarası zorunludur.',
  telInvalid: TEL_INVALID,
  deskcount: 'Masa sayısı 0 veya daha büyük bir tam sayı olmalıdır.',
  dashboardLoaded: 'Özet yüklendi.',
} as const;

/** "Başlangıç planında en fazla 30 ürün ekleyebilirsiniz. Daha fazla ürün için planınızı yükseltin." */
export function planLimitMessage(plan: Pick<Plan, 'name' | 'productLimit'>): string {
  return `${plan.name} planında en fazla ${plan.productLimit} ürün ekleyebilirsiniz. Daha fazla ürün için planınızı yükseltin.`;
}

const blankToUndefined = (v: unknown) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** '1' Aktif / '0' Pasif; missing → '1' on create (the update route keeps the stored value). */
export const statusField = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(Number(v)) : typeof v === 'string' ? v.trim() : v),
  z.enum(['1', '0'], { error: OWNER_MSG.status }),
);

/**
 * A price in TL: '12,50', '12.50', 12.5 → 12.5; blank → null. Non-negative, at most two decimals.
 * The server stores it as integer kuruş.
 */
export const priceField = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    if (b === undefined) return null;
    if (typeof b === 'number') return Number.isFinite(b) && b >= 0 && Math.abs(Math.round(b * 100) - b * 100) < 1e-6 ? b : NaN;
    if (typeof b !== 'string') return NaN;
    const s = b.trim();
    if (!/^\d{1,8}([.,]\d{1,2})?$/.test(s)) return NaN;
    return Number(s.replace(',', '.'));
  },
  z.number({ error: OWNER_MSG.price }).min(0, OWNER_MSG.price).max(99_999_999, OWNER_MSG.price).nullable(),
);

export const categorySchema = z.object({
  name: chargeFree(requiredText(120, OWNER_MSG.categoryNameRequired)),
  description: chargeFree(optionalText(1000)),
  status: z.preprocess(blankToUndefined, statusField.optional()),
  /** Service hours (issue 43): absent → kept on update, '' → none. */
  service_hours: serviceHoursField,
  service_outside: serviceOutsideField,
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  category_id: z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (b === undefined) return undefined;
      const n = Number(b);
      return Number.isSafeInteger(n) && n > 0 ? n : NaN;
    },
    z.number({ error: OWNER_MSG.productCategoryRequired }),
  ),
  name: chargeFree(requiredText(150, OWNER_MSG.productNameRequired)),
  description: chargeFree(optionalText(1000)),
  selling_price: priceField,
  original_price: priceField,
  allergen: optionalText(255),
  status: z.preprocess(blankToUndefined, statusField.optional()),
  // absent: '0' / none on create, kept on update; '' = none
  sold_out: z.preprocess(blankToUndefined, soldOutField.optional()),
  allergens: allergensField,
  labels: labelsField,
  variants: variantsField,
  /** The amount ("250 g", issue 41): absent → kept on update, '' → none; value and unit together. */
  amount: amountValueField,
  amount_unit: amountUnitField,
  /** Service hours and happy hour (issue 43): absent → kept on update, '' → none. */
  service_hours: serviceHoursField,
  service_outside: serviceOutsideField,
  happy_hour: happyHourField,
}).refine((v) => v.amount === undefined && v.amount_unit === undefined ? true : (v.amount == null) === (v.amount_unit == null), {
  message: AMOUNT_MSG.pair,
  path: ['amount'],
});
export type ProductInput = z.infer<typeof productSchema>;

export const settingsSchema = z.object({
  name: requiredText(120, OWNER_MSG.settingsNameRequired),
  companyname: requiredText(150, OWNER_MSG.companyRequired),
  address: optionalText(255),
  city: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: OWNER_MSG.cityRequired }).int(OWNER_MSG.cityRequired).min(1, OWNER_MSG.cityRequired).max(81, OWNER_MSG.cityRequired),
  ),
  /** Checked as a Turkish number and stored as "0532 123 45 67" (issue 38). */
  tel: trPhone(OWNER_MSG.telRequired),
  deskcount: z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return b === undefined ? null : typeof b === 'string' ? (/^\d+$/.test(b.trim()) ? Number(b.trim()) : NaN) : b;
    },
    z.number({ error: OWNER_MSG.deskcount }).int(OWNER_MSG.deskcount).min(0, OWNER_MSG.deskcount).max(100_000, OWNER_MSG.deskcount).nullable(),
  ),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

/** POST /api/update-setting with the profile: the profile fields, the menu's languages and any appearance fields. */
export const updateSettingSchema = settingsSchema.extend({ languages: languagesField.optional(), ...brandingFields });

/** The profile fields: a body with none of them but appearance fields changes only those. */
export const PROFILE_FIELDS = ['name', 'companyname', 'address', 'city', 'tel', 'deskcount'] as const;

/**
 * What POST /api/update-setting takes: the whole profile (with optional appearance fields), or
 * appearance fields alone (no profile field at all) — then only those change.
 */
export const updateSettingBodySchema = z.union([
  updateSettingSchema.meta({ title: 'SettingsUpdate' }),
  z.object({ ...brandingFields, ...Object.fromEntries(PROFILE_FIELDS.map((k) => [k, z.never().optional()])) })
    .meta({ title: 'AppearanceUpdate', description: 'Yalnızca görünüm alanları (profil alanı yok): yalnızca onlar değişir.' }),
]);

/** Response shapes (what the web reads): the response schemas' own types (responses.ts). */
export type OwnerCategory = z.infer<typeof ownerCategorySchema>;
export type OwnerProduct = z.infer<typeof ownerProductSchema>;
/** The owner's settings; the menu's appearance fields (`Branding`, logo and cover paths included) come with them. */
export interface OwnerSettings extends Branding {
  id: number;
  user_id: number;
  name: string;
  companyname: string;
  address: string;
  city: number;
  tel: string;
  deskcount: number | null;
  qrlink: string | null;
  companyengname: string | null;
  count: number;
  userlevel: string;
  status: number;
  qr_status: number;
  /** Menu languages besides Turkish. */
  languages?: import('./languages.js').MenuLanguage[];
  created_at: string;
}
export type ProductUsage = z.infer<typeof productUsageSchema>;
export type OwnerDashboard = z.infer<typeof ownerDashboardSchema>;
