import { z } from 'zod';
import { chargeFree } from './price-rules.js';

/**
 * Menu languages: Turkish (`tr`) is always the source; an owner may add these, as many as the plan
 * allows (`Plan.languages`). Each language is named in itself (the diner's switcher).
 */
export const MENU_LANGUAGES = ['en', 'de', 'ru', 'ar', 'fr'] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];
export type AnyLanguage = 'tr' | MenuLanguage;

export const LANGUAGE_NATIVE_NAMES: Record<AnyLanguage, string> = {
  tr: 'Türkçe', en: 'English', de: 'Deutsch', ru: 'Русский', ar: 'العربية', fr: 'Français',
};
/** Turkish names, for the owner's screens. */
export const LANGUAGE_TURKISH_NAMES: Record<MenuLanguage, string> = {
  en: 'İngilizce', de: 'Almanca', ru: 'Rusça', ar: 'Arapça', fr: 'Fransızca',
};
/** Locale for prices and numbers on the diner's pages. */
export const LANGUAGE_LOCALES: Record<AnyLanguage, string> = {
  tr: 'tr-TR', en: 'en-GB', de: 'de-DE', ru: 'ru-RU', ar: 'ar', fr: 'fr-FR',
};
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export const isMenuLanguage = (v: unknown): v is MenuLanguage => typeof v === 'string' && (MENU_LANGUAGES as readonly string[]).includes(v);

/** Stored as comma-separated codes in settings.languages; unknown codes are dropped, list order kept. */
export function parseLanguages(stored: string | null | undefined): MenuLanguage[] {
  const set = new Set((stored ?? '').split(','));
  return MENU_LANGUAGES.filter((l) => set.has(l));
}

/**
 * The diner's preference among tr and the menu languages, from an Accept-Language header: the
 * known codes in order of preference, cut after `tr` (always offered), joined with commas ('' =
 * Turkish first). Bounded: it keys the cached landing page.
 */
export function languagePreference(header: string | undefined): string {
  if (!header) return '';
  const found: Array<{ code: string; q: number; i: number }> = [];
  const parts = header.split(',');
  for (let i = 0; i < parts.length && i < 20; i++) {
    const [tag, ...params] = parts[i].split(';');
    const code = tag.trim().slice(0, 2).toLowerCase();
    if (code !== 'tr' && !isMenuLanguage(code)) continue;
    const sep = tag.trim().charAt(2);
    if (sep !== '' && sep !== '-' && sep !== '_') continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0) || found.some((f) => f.code === code)) continue;
    found.push({ code, q, i });
  }
  found.sort((a, b) => b.q - a.q || a.i - b.i);
  const out: string[] = [];
  for (const f of found) {
    if (f.code === 'tr') break;
    out.push(f.code);
  }
  return out.join(',');
}

/** The first language of a preference the business offers, else undefined (Turkish). */
export function pickLanguage(preference: string, enabled: readonly MenuLanguage[]): MenuLanguage | undefined {
  if (!preference) return undefined;
  for (const code of preference.split(',')) if ((enabled as readonly string[]).includes(code)) return code as MenuLanguage;
  return undefined;
}

export const LANG_MSG = {
  unknownLanguage: 'Geçersiz dil seçimi. Seçilebilen diller: İngilizce, Almanca, Rusça, Arapça, Fransızca.',
  planLimit: (n: number) => `Paketiniz en fazla ${n} ek dile izin veriyor.`,
  languageNotEnabled: 'Bu dil menünüzde etkin değil. Önce Ayarlar sayfasından dili seçin.',
  itemNotFound: 'Çevirisi gönderilen kategori veya ürün bulunamadı.',
  translationsLoaded: 'Çeviriler listelendi.',
  translationsSaved: 'Çeviriler başarıyla kaydedildi.',
  itemsRequired: 'Kaydedilecek çeviri bulunamadı.',
  nameTooLong: 'Ad en fazla 150 karakter olabilir.',
  descriptionTooLong: 'Açıklama en fazla 1000 karakter olabilir.',
  variantTooLong: 'Porsiyon adı en fazla 40 karakter olabilir.',
  allergenTooLong: 'Alerjen bilgisi en fazla 255 karakter olabilir.',
  aboutTooLong: 'Hakkında yazısı en fazla 300 karakter olabilir.',
  noteTooLong: 'Menü notu en fazla 200 karakter olabilir.',
  wifiTooLong: 'Wi-Fi adı en fazla 64 karakter olabilir.',
} as const;

/** `languages` of update-setting: an array of codes (or one comma-separated string); '' / [] = none. */
export const languagesField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',').map((s) => s.trim())) : v),
  z.array(z.string({ error: LANG_MSG.unknownLanguage }), { error: LANG_MSG.unknownLanguage })
    .max(10, LANG_MSG.unknownLanguage)
    .refine((a) => a.every(isMenuLanguage), LANG_MSG.unknownLanguage)
    .transform((a) => MENU_LANGUAGES.filter((l) => a.includes(l))),
);

const optText = (max: number, msg: string) =>
  z.preprocess((v) => (v == null ? '' : typeof v === 'string' ? v.trim() : v), z.string().max(max, msg));

export const translationItemSchema = z.object({
  type: z.enum(['category', 'product'], { error: LANG_MSG.itemNotFound }),
  id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number({ error: LANG_MSG.itemNotFound }).int().positive()),
  name: chargeFree(optText(150, LANG_MSG.nameTooLong)),
  description: chargeFree(optText(1000, LANG_MSG.descriptionTooLong)),
  /** Portion names, in the product's portion order ('' = not translated). */
  variants: z.array(chargeFree(optText(40, LANG_MSG.variantTooLong))).max(6).optional(),
  /** A product's free-text allergen line ('' = not translated; absent = unchanged). */
  allergen: chargeFree(optText(255, LANG_MSG.allergenTooLong)).optional(),
});
/** The business's own texts on the menu in a language ('' = not translated). */
export const businessTranslationSchema = z.object({
  about: chargeFree(optText(300, LANG_MSG.aboutTooLong)),
  service_note: chargeFree(optText(200, LANG_MSG.noteTooLong)),
  wifi_name: optText(64, LANG_MSG.wifiTooLong),
});
export const saveTranslationsSchema = z
  .object({
    lang: z.string({ error: LANG_MSG.unknownLanguage }).refine(isMenuLanguage, LANG_MSG.unknownLanguage),
    items: z.array(translationItemSchema, { error: LANG_MSG.itemsRequired }).max(2000).default([]),
    /** The about text, menu note and Wi-Fi name (absent = unchanged). */
    business: businessTranslationSchema.optional(),
  })
  .refine((v) => v.items.length > 0 || v.business !== undefined, { message: LANG_MSG.itemsRequired, path: ['items'] });
export type SaveTranslationsInput = z.infer<typeof saveTranslationsSchema>;

// TranslationText, BusinessTexts, TranslationItem and TranslationsResponse: the shapes of translationsResponseSchema (responses-menu.ts)
