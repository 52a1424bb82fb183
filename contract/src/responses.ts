import { AMOUNT_UNITS } from './amounts.js';
import { z } from 'zod';
import { ALLERGENS, LABELS, type AllergenCode, type LabelCode } from './menu-content.js';
import { MENU_LANGUAGES } from './languages.js';
import { ROLES, SIGN_IN_ROLES, STAFF_ROLES } from './enums.js';
import { CALL_TYPES } from './tables.js';
import { dashboardBranchSchema } from './branch-views.js';

/**
 * Response bodies of the API as zod schemas: the OpenAPI document (`GET /api/openapi.json`) is
 * generated from them, and the API tests validate every JSON answer they receive against it.
 * Where a shape has one, its exported type (`OwnerProduct`, `PublicCompany`, … beside the request
 * schemas) is `z.infer` of the schema here; the remaining `interface`s are checked against their
 * schemas in responses.test.ts.
 */

/** The body a response schema describes (the web app types its API calls with it). */
export type Answer<S extends z.ZodType> = z.infer<S>;

/** Laravel-style field errors: `{ field: ['message', …] }`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({ description: 'Alan adı → Türkçe hata mesajları' });

/**
 * An application error: HTTP 200 with the outcome in the body (`status` 400, 401, 404, 409, 422 …),
 * or a transport error (HTTP 400/401/403/404/413/429/500) with the same shape. Some errors carry
 * extra fields (`product_count` on a category that still has products, `limit` and `plan` on the
 * plan's product limit).
 */
export const apiErrorSchema = z
  .looseObject({
    status: z.number().int().min(400).max(599).meta({ description: 'Uygulama sonucu (200 dışında)' }),
    message: z.string(),
    errors: z
      .union([fieldErrorsSchema, z.array(z.object({ row: z.number().int().nullable(), field: z.string(), message: z.string() }))])
      .optional()
      .meta({ description: 'Alan hataları; menü içe aktarmada satır hataları listesi `[{row, field, message}]`' }),
    validation_errors: fieldErrorsSchema.optional().meta({ description: 'Giriş ve kayıtta `errors` yerine' }),
  })
  .meta({
    title: 'ApiError',
    examples: [{ status: 422, message: 'Lütfen işaretli alanları düzeltin.', errors: { name: ['Ad alanı zorunludur.'] } }],
  });

/** Any answer of an operation whose success body is not described field by field yet. */
export const apiEnvelopeSchema = z.looseObject({ status: z.number().int(), message: z.string().optional() });

/** `{ status: 200, message }` */
export const okSchema = z.object({ status: z.literal(200), message: z.string() });
/** A success body: `status: 200`, `message` and the given fields. */
export const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal(200), message: z.string(), ...shape });
/** A success body without `message` (some admin reads). */
export const okBare = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal(200), ...shape });

const id = z.number().int().positive();
const count = z.number().int().min(0);
const text = z.string().nullable();
const timestamp = z.string().meta({ description: 'Tarih-saat (ISO 8601 veya veritabanı biçimi)' });
const flag01 = z.enum(['1', '0']).meta({ description: "'1' Aktif / '0' Pasif" });
const tl = z.number().nullable().meta({ description: 'TL (ondalıklı), verilmemişse null' });

export const allergenCodeSchema = z.enum(Object.keys(ALLERGENS) as [AllergenCode, ...AllergenCode[]]);
export const labelCodeSchema = z.enum(Object.keys(LABELS) as [LabelCode, ...LabelCode[]]);
export const menuLanguageSchema = z.enum(MENU_LANGUAGES);

/** sold_out, allergens, labels, variants, sort_order: every product answer has them. */
const productContentShape = {
  sold_out: flag01.meta({ description: "'1' Tükendi / '0' Satışta" }),
  allergens: z.array(allergenCodeSchema),
  labels: z.array(labelCodeSchema),
  variants: z.array(z.object({ name: z.string(), price: z.number(), amount: z.number().optional(), unit: z.enum(AMOUNT_UNITS).optional() })).meta({ description: 'Porsiyonlar, fiyatlar TL; miktar ve birimi (örneğin 250 g) varsa' }),
  amount: z.number().optional().meta({ description: 'Miktar (örneğin 250); yalnızca girilmişse' }),
  amount_unit: z.enum(AMOUNT_UNITS).optional().meta({ description: 'Miktar birimi: g, kg, ml, cl, L, adet, porsiyon; yalnızca girilmişse' }),
  sort_order: z.number().int(),
};

const weekRange = z.object({ open: z.string(), close: z.string() });
/** A week of hours, 1 = Monday … 7 = Sunday; an empty list is a day without. */
const weekHoursSchema = z.object({ '1': z.array(weekRange), '2': z.array(weekRange), '3': z.array(weekRange), '4': z.array(weekRange), '5': z.array(weekRange), '6': z.array(weekRange), '7': z.array(weekRange) });
/** An owner's item with service hours (issue 43): only when it has them. */
const ownerServiceShape = {
  service_hours: weekHoursSchema.optional().meta({ description: 'Servis saatleri (Europe/Istanbul); yalnızca girilmişse. Bitiş başlangıçtan önceyse gece yarısını geçer (başladığı güne aittir).' }),
  service_outside: z.enum(['hide', 'show']).optional().meta({ description: 'Servis saatleri dışında: hide gizlenir, show saatleriyle soluk gösterilir; yalnızca servis saatleri varsa' }),
};
/** On the diner's menu: whether an item with service hours is served now, and its hours (of today, or of `weekday`). */
const publicServiceShape = {
  service: z
    .object({ open: z.boolean(), hours: z.string(), weekday: z.enum(['1', '2', '3', '4', '5', '6', '7']).optional() })
    .optional()
    .meta({ description: 'Yalnızca servis saatleri olan kalemlerde: şu an servis ediliyor mu, bugünün (ya da weekday gününün) saatleri, ör. "08:00–12:00"' }),
};

// ---------- auth ----------
/** A staff member signs in with role `staff`, its `staff_role` and the business's name (`business`). */
const staffSignIn = { staff_role: z.enum(STAFF_ROLES).optional(), business: z.string().optional() };
export const tokenResponseSchema = ok({ token: z.string(), username: z.string(), role: z.enum(SIGN_IN_ROLES), ...staffSignIn });
export const userAuthCheckSchema = ok({ role: z.enum(SIGN_IN_ROLES), username: z.string(), email_verified: z.boolean(), ...staffSignIn });
export const adminAuthCheckSchema = ok({ role: z.enum(ROLES), username: z.string() });

// ---------- owner ----------
export const ownerCategorySchema = z
  .object({
    id,
    name: z.string(),
    description: text,
    image: text.meta({ description: 'uploads/… (API adresine göre)' }),
    count,
    status: flag01,
    sort_order: z.number().int(),
    product_count: count.optional(),
    ...ownerServiceShape,
  })
  .meta({ title: 'OwnerCategory' });

export const ownerProductSchema = z
  .object({
    id,
    category_id: id,
    category: z.object({ id, name: z.string() }),
    name: z.string(),
    description: text,
    selling_price: tl,
    original_price: tl,
    allergen: text,
    image: text,
    status: flag01,
    ...productContentShape,
    ...ownerServiceShape,
    happy_hour: z.object({ hours: weekHoursSchema, price: z.number() }).optional().meta({ description: 'Happy hour: saatleri ve o saatlerdeki fiyatı (TL); yalnızca girilmişse' }),
  })
  .meta({ title: 'OwnerProduct' });

export const productUsageSchema = z.object({ count, limit: z.number().int(), plan: z.string() });

const hoursRange = z.object({ open: z.string(), close: z.string() });
/** The business's face on its menu (contract/src/branding.ts `Branding`). */
export const brandingAnswerSchema = z
  .object({
    about: text,
    theme_color: text,
    hours: z
      .object({ '1': z.array(hoursRange), '2': z.array(hoursRange), '3': z.array(hoursRange), '4': z.array(hoursRange), '5': z.array(hoursRange), '6': z.array(hoursRange), '7': z.array(hoursRange) })
      .nullable()
      .meta({ description: 'Haftanın saatleri, 1 = Pazartesi … 7 = Pazar; boş liste kapalı gün; kapanış açılıştan önceyse gece yarısını geçer' }),
    wifi_name: text,
    wifi_password: text,
    instagram: text,
    website: text,
    service_note: text,
    logo: text,
    cover: text,
  })
  .meta({ title: 'Branding' });

export const ownerSettingsSchema = z
  .object({
    id,
    user_id: id,
    name: z.string(),
    companyname: z.string(),
    address: z.string(),
    city: z.number().int(),
    tel: z.string(),
    deskcount: z.number().int().nullable(),
    qrlink: text,
    companyengname: text,
    count,
    userlevel: z.string(),
    status: z.number().int(),
    qr_status: z.number().int(),
    languages: z.array(menuLanguageSchema),
    created_at: timestamp,
    ...brandingAnswerSchema.shape,
  })
  .meta({ title: 'OwnerSettings' });

/**
 * A text saved before the charge rule (price-rules.ts) that announces a service or cover charge:
 * hidden from the menu, listed on the owner's welcome screen until edited. `kind` is where it is
 * (the business's about text / menu note, or a category or product, `id` and Turkish `name`),
 * `field` which text, `lang` a translation's language (null: the Turkish text).
 */
export const chargeTextSchema = z
  .object({
    kind: z.enum(['about', 'service_note', 'category', 'product']),
    id: id.nullable(),
    name: z.string().nullable(),
    field: z.enum(['name', 'description', 'variants', 'about', 'service_note', 'wifi_name']),
    lang: menuLanguageSchema.nullable(),
    text: z.string(),
  })
  .meta({ title: 'ChargeText' });

export const ownerDashboardSchema = z.object({
  name: z.string(),
  companyname: z.string(),
  qrlink: text,
  plan: z.object({ level: z.string(), name: z.string(), productLimit: z.number().int(), monthlyViews: z.number().int().nullable() }),
  products: count,
  categories: count,
  monthViews: count,
  totalViews: count,
  days: z.array(z.object({ day: z.string(), count })),
  /** Present with `?branch=`: whose views `monthViews`, `totalViews` and `days` are. */
  branch: dashboardBranchSchema.optional(),
  /** Texts that announce a service or cover charge (hidden from the menu until edited); [] when none. */
  charge_texts: z.array(chargeTextSchema),
});

export const categoriesResponseSchema = ok({ category: z.array(ownerCategorySchema) });
export const categoryNamesResponseSchema = ok({ category: z.array(z.object({ id, name: z.string(), sort_order: z.number().int() })) });
export const categoryResponseSchema = ok({ category: ownerCategorySchema });
export const productsResponseSchema = ok({ products: z.array(ownerProductSchema), usage: productUsageSchema });
export const productResponseSchema = ok({ product: ownerProductSchema });
export const settingsResponseSchema = ok({ settings: ownerSettingsSchema, email_verified: z.boolean().optional() });
export const ownerDashboardResponseSchema = ok({ dashboard: ownerDashboardSchema });
export const sortProductsResponseSchema = ok({ category_id: id, ids: z.array(id) });
/** A product whose free-text allergen note names some of the 14: what it would become. */
export const allergenSuggestionSchema = z
  .object({
    id,
    name: z.string(),
    category: z.string(),
    allergen: z.string().meta({ description: 'Serbest metin alerjen notu (şimdiki)' }),
    allergens: z.array(allergenCodeSchema).meta({ description: 'Şimdi işaretli kodlar' }),
    codes: z.array(allergenCodeSchema).meta({ description: 'Nottan önerilen kodlar' }),
    rest: z.string().meta({ description: 'Dönüşümden sonra serbest metinde kalan ("" = hiçbir şey)' }),
  })
  .meta({ title: 'AllergenSuggestion' });
export type AllergenSuggestionRow = z.infer<typeof allergenSuggestionSchema>;
export const allergenSuggestionsResponseSchema = ok({ suggestions: z.array(allergenSuggestionSchema) });
export const applyAllergenSuggestionsResponseSchema = ok({ converted: z.array(z.object({ id, allergens: z.array(allergenCodeSchema), allergen: text })) });

// ---------- public menu ----------
export const publicCompanySchema = z
  .object({
    /** Display name (the business name). */
    name: z.string(),
    companyname: z.string(),
    /** Current address slug: `/qr/{slug}`. */
    slug: z.string().meta({ description: 'Menü adresi: /qr/{slug}' }),
    address: z.string(),
    tel: z.string(),
    city: z.number().int(),
    city_name: z.string(),
    /** Başlangıç plan: the menu carries the small "QR Menü ile hazırlandı" link. */
    ad_supported: z.boolean(),
    /** The menu's appearance: logo, cover, colour, hours, Wi-Fi, links, service note. */
    branding: brandingAnswerSchema.optional(),
    /** At an extra branch (issue 43): which one; `slug` is then the branch's address. */
    branch: z.object({ id, name: z.string() }).optional().meta({ description: 'Şubenin menüsü: şube (ana şubede yok)' }),
  })
  .meta({ title: 'PublicCompany' });

export const publicCategorySchema = z
  .object({
    id,
    name: z.string(),
    description: text,
    /** `uploads/….webp` (variants `-md`, `-sm` beside it) or null. */
    image: text,
    sort_order: z.number().int(),
    ...publicServiceShape,
  })
  .meta({ title: 'PublicCategory' });

export const publicProductSchema = z
  .object({
    id,
    name: z.string(),
    description: text,
    /** TL (decimal), null when not given. */
    selling_price: tl,
    /** The price before a discount (TL), only when above selling_price; otherwise null (private). */
    original_price: tl.meta({ description: 'İndirimden önceki fiyat; yalnızca satış fiyatından yüksekse' }),
    allergen: text,
    image: text,
    ...productContentShape,
    ...publicServiceShape,
    happy_hour: z.literal(true).optional().meta({ description: 'Happy hour şu an: selling_price happy hour fiyatı, original_price normal fiyat' }),
  })
  .meta({ title: 'PublicProduct' });

const menuLanguages = {
  languages: z.array(z.string()).optional().meta({ description: 'Menünün dilleri, önce tr' }),
  lang: z.string().optional().meta({ description: 'Bu cevabın dili' }),
};
export const getCategoryResponseSchema = ok({ company: publicCompanySchema, category: z.array(publicCategorySchema), ...menuLanguages });
export const getProductResponseSchema = ok({
  company: publicCompanySchema,
  product_data: z.object({
    product: z.array(publicProductSchema),
    category: publicCategorySchema,
    haric: z.array(allergenCodeSchema).optional().meta({ description: '?haric= ile: gizlenen alerjenler' }),
    hidden: count.optional().meta({ description: '?haric= ile: gizlenen ürün sayısı' }),
  }),
  ...menuLanguages,
});

// ---------- tables ----------
export const callSentResponseSchema = ok({ masa: z.number().int(), type: z.enum(CALL_TYPES) });
export const waiterCallSchema = z.object({ id, masa: z.number().int(), type: z.enum(CALL_TYPES), created_at: timestamp, branch_id: z.number().int().meta({ description: 'Çağrının şubesi: 0 ana şube' }) });
export const waiterCallsResponseSchema = ok({ calls: z.array(waiterCallSchema), now: z.string() });
export type WaiterCall = z.infer<typeof waiterCallSchema>;
/** `GET /api/waiter-calls`; `now` is the server's time, so a client shows ages without trusting its own clock. */
export type WaiterCallsResponse = z.infer<typeof waiterCallsResponseSchema>;
/** Events of the live stream (`GET /api/waiter-calls/stream`, Server-Sent Events). */
export type WaiterEvent = { type: 'call'; call: WaiterCall } | { type: 'done'; id: number };
