import { z } from 'zod';
import { menuLanguageSchema, ok } from './responses.js';
import { PRICE_SOURCES, SHEET_COLUMNS, type PriceSource, type SheetField, type TranslationField } from './bulk.js';
import { MENU_LANGUAGES } from './languages.js';
import { CRITERION_KEYS } from './tables.js';
import { AUDIT_ACTIONS } from './accounts.js';

/** Response bodies of whole-menu work, translations, the survey answers and the audit log (see responses.ts). */

const id = z.number().int().positive();
const count = z.number().int().min(0);
const timestamp = z.string().meta({ description: 'Tarih-saat (ISO 8601 veya veritabanı biçimi)' });
const tl = z.number().nullable();

// ---------- bulk prices ----------
const priceChange = z.object({
  id,
  name: z.string(),
  category: z.string(),
  old: tl,
  new: tl,
  old_original: tl,
  new_original: tl,
  portions: z.array(z.object({ name: z.string(), old: z.number(), new: z.number() })).meta({ description: 'Değişen porsiyon fiyatları (porsiyon sırasıyla)' }),
  branch_id: z.number().int().optional().meta({ description: 'Şube (ek şubenin fiyatı değişti); yoksa ana şube, ürünün kendi fiyatı' }),
});
const sheetField = z.enum(Object.keys(SHEET_COLUMNS) as [SheetField, ...SheetField[]]);
const translationField = z.enum(MENU_LANGUAGES.flatMap((l) => [`name_${l}`, `description_${l}`]) as [TranslationField, ...TranslationField[]]);
export const bulkPriceResponseSchema = ok({
  dry_run: z.boolean(),
  changes: z.array(priceChange),
  operation_id: id.nullable().optional().meta({ description: 'Uygulanan işlem (geri almak için); önizlemede yok' }),
});
export const undoResponseSchema = ok({ operation_id: id });
export const lastPriceOperationResponseSchema = ok({
  operation: z
    .object({
      id,
      at: timestamp,
      scope: z.union([z.literal('all'), id]),
      mode: z.enum(['percent', 'amount']),
      value: z.number(),
      round: z.number(),
      count,
      undone: z.boolean(),
    })
    .nullable(),
});
export const priceHistoryResponseSchema = ok({
  history: z.array(
    z.object({
      old: tl,
      new: tl,
      old_original: tl,
      new_original: tl,
      at: timestamp,
      source: z.enum(Object.keys(PRICE_SOURCES) as [PriceSource, ...PriceSource[]]),
      branch_id: z.number().int().nullable().optional().meta({ description: 'Ek şubenin fiyatı; null: ana şube (ürünün kendi fiyatı)' }),
    }),
  ),
});

// ---------- spreadsheet import ----------
export const importMenuResponseSchema = ok({
  dry_run: z.boolean(),
  summary: z.object({ categories_created: count, products_created: count, products_updated: count, unchanged: count }),
  errors: z.array(z.never()).meta({ description: 'Başarıda boş; hatalar gövde 422 ile gelir' }),
  changes: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged']),
      category: z.string(),
      name: z.string(),
      fields: z.array(
        z.object({ field: z.union([sheetField, translationField, z.literal('variants')]), column: z.string(), old: z.string(), new: z.string() }),
      ),
      new_category: z.boolean(),
    }),
  ),
});

// ---------- translations ----------
const translationText = z.object({ name: z.string(), description: z.string(), variants: z.array(z.string()).optional(), allergen: z.string().optional() });
const businessTexts = z.object({ about: z.string(), service_note: z.string(), wifi_name: z.string() });
export const translationsResponseSchema = ok({
  lang: menuLanguageSchema,
  languages: z.array(menuLanguageSchema),
  items: z.array(
    z.object({
      type: z.enum(['category', 'product']),
      id,
      category_id: id.optional(),
      source: translationText,
      translation: translationText.nullable(),
    }),
  ),
  business: z.object({ source: businessTexts, translation: businessTexts.nullable() }),
  completeness: z.number().int().min(0).max(100),
});
/** A category's or product's texts; a product's `allergen` only when the Turkish one is written. */
export type TranslationText = z.infer<typeof translationText>;
/** The business's own texts on the menu: about, menu note, Wi-Fi name ('' = none / not translated). */
export type BusinessTexts = z.infer<typeof businessTexts>;
/**
 * `GET /api/translations?lang=`: every item (`category_id`: a product's category, for grouping) with
 * its Turkish and translated texts; `completeness`: per cent of the texts translated.
 */
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;
export type TranslationItem = TranslationsResponse['items'][number];

// ---------- survey answers ----------
const rating = z.number().int().min(1).max(5).nullable();
export const feedbackItemSchema = z.object({
  id,
  masa: z.number().int().nullable(),
  ratings: z.object({ lezzet: rating, servis: rating, temizlik: rating, fiyat: rating }),
  comment: z.string(),
  name: z.string().nullable(),
  tel: z.string().nullable(),
  read: z.boolean(),
  created_at: timestamp,
});
const perCriterion = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries([...CRITERION_KEYS, 'genel'].map((k) => [k, value])) as Record<(typeof CRITERION_KEYS)[number] | 'genel', T>);
export const viewFeedbackResponseSchema = ok({
  feedback: z.array(feedbackItemSchema),
  total: count,
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  averages: perCriterion(z.number().nullable()),
  // five counts (1 to 5 stars) as a plain array: a `prefixItems` tuple trips common validators (Prism)
  distribution: perCriterion(z.array(count).length(5).meta({ description: '1’den 5 yıldıza her puanın sayısı' })),
  trend: z.array(z.object({ day: z.string(), count, average: z.number().nullable() })),
  unread: count,
});
export const readFeedbackResponseSchema = ok({ feedback: feedbackItemSchema });
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
/** `GET /api/view-feedback?page=N`: a page of entries, averages and counts per criterion (`genel`: over all), the last 30 days. */
export type ViewFeedbackResponse = z.infer<typeof viewFeedbackResponseSchema>;

// ---------- audit log ----------
export const auditResponseSchema = ok({
  entries: z.array(
    z.object({
      id,
      at: timestamp,
      admin_id: z.number().int(),
      admin_email: z.string(),
      action: z.enum(AUDIT_ACTIONS),
      target_user_id: z.number().int().nullable(),
      target_message_id: z.number().int().nullable(),
      changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).meta({ description: 'alan → [önce, sonra]' }),
    }),
  ),
  next: z.string().optional().meta({ description: 'Sonraki sayfa için `after` imleci' }),
  prev: z.string().optional().meta({ description: 'Önceki sayfa için `before` imleci' }),
  total: count,
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
/** GET /api/admin/audit entries, newest first. */
export type AuditEntry = z.infer<typeof auditResponseSchema>['entries'][number];
