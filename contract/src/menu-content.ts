import { z } from 'zod';
import { chargeFree } from './price-rules.js';
import { foldTurkish } from './slug.js';
import { AMOUNT_MSG, amountUnitField, amountValueField } from './amounts.js';

/**
 * Menu content beyond the spec's fields: order, sold out, allergens and diet labels as codes,
 * portions (variants), and the diner's search and allergen filter.
 */

/** The 14 allergens of the Turkish Food Codex labelling regulation (the EU 14), in this order. */
export const ALLERGENS = {
  gluten: 'Gluten içeren tahıllar',
  kabuklular: 'Kabuklular',
  yumurta: 'Yumurta',
  balik: 'Balık',
  yer_fistigi: 'Yer fıstığı',
  soya: 'Soya',
  sut: 'Süt',
  sert_kabuklu: 'Sert kabuklu meyveler',
  kereviz: 'Kereviz',
  hardal: 'Hardal',
  susam: 'Susam',
  sulfit: 'Kükürt dioksit ve sülfitler',
  acibakla: 'Acı bakla',
  yumusakcalar: 'Yumuşakçalar',
} as const;
export type AllergenCode = keyof typeof ALLERGENS;
export const ALLERGEN_CODES = Object.keys(ALLERGENS) as AllergenCode[];

/** Diet and menu labels. */
export const LABELS = {
  vejetaryen: 'Vejetaryen',
  vegan: 'Vegan',
  glutensiz: 'Glutensiz',
  aci: 'Acı',
  yeni: 'Yeni',
  sefin_onerisi: 'Şefin önerisi',
} as const;
export type LabelCode = keyof typeof LABELS;
export const LABEL_CODES = Object.keys(LABELS) as LabelCode[];

export const MAX_VARIANTS = 6;
export const VARIANT_NAME_MAX = 40;

/** Turkish texts of menu content (server messages, field errors, menu pages). */
export const CONTENT_MSG = {
  allergenUnknown: (code: string) => `Bilinmeyen alerjen: "${code}". Lütfen listedeki alerjenlerden seçin.`,
  labelUnknown: (code: string) => `Bilinmeyen etiket: "${code}". Lütfen listedeki etiketlerden seçin.`,
  variantsInvalid: 'Porsiyonlar okunamadı. Her porsiyonun bir adı ve fiyatı olmalıdır.',
  variantsTooMany: `En fazla ${MAX_VARIANTS} porsiyon ekleyebilirsiniz.`,
  variantName: `Porsiyon adı zorunludur (en fazla ${VARIANT_NAME_MAX} karakter).`,
  variantPrice: 'Porsiyon fiyatı 0 veya daha büyük, en fazla iki ondalıklı bir sayı olmalıdır (örneğin 60 veya 12,50).',
  soldOut: 'Tükendi durumu yalnızca Tükendi (1) veya Satışta (0) olabilir.',
  sortCategoriesIds: 'Sıralama, kategorilerinizin tamamını ve yalnızca onları, her birini bir kez içermelidir.',
  sortProductsIds: 'Sıralama, bu kategorideki ürünlerin tamamını ve yalnızca onları, her birini bir kez içermelidir.',
  sortCategory: 'Seçilen kategori bulunamadı.',
  categoriesSorted: 'Kategori sırası kaydedildi.',
  productsSorted: 'Ürün sırası kaydedildi.',
  markedSoldOut: 'Ürün tükendi olarak işaretlendi.',
  markedAvailable: 'Ürün yeniden satışta.',
  allergenSuggestions: (n: number) => (n ? `${n} ürünün alerjen notu listedeki alerjenlere dönüştürülebilir.` : 'Dönüştürülecek alerjen notu yok.'),
  allergenSuggestionIds: 'Lütfen dönüştürülecek ürünleri seçin.',
  allergensConverted: (n: number) => (n ? `${n} ürünün alerjenleri listeden işaretlendi.` : 'Seçilen ürünlerde dönüştürülecek alerjen notu kalmamış.'),
} as const;

const codeList = (v: unknown): unknown => {
  if (v == null) return undefined;
  const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(parts)) return parts;
  return [...new Set(parts.map((s: unknown) => String(s).trim()).filter(Boolean))];
};

/** A set of codes from repeated fields or one comma-separated value ('' = none), in the list's order. */
function codesField<C extends string>(codes: readonly C[], unknown: (code: string) => string) {
  return z.preprocess(
    codeList,
    z
      .array(z.string())
      .superRefine((list, ctx) => {
        for (const c of list) if (!(codes as readonly string[]).includes(c)) ctx.addIssue({ code: 'custom', message: unknown(c) });
      })
      .transform((list) => codes.filter((c) => list.includes(c)))
      .optional(),
  );
}
export const allergensField = codesField(ALLERGEN_CODES, CONTENT_MSG.allergenUnknown);
export const labelsField = codesField(LABEL_CODES, CONTENT_MSG.labelUnknown);

/** A TL amount: 60, '12,50', '12.50'; non-negative, at most two decimals. */
const variantPrice = z.preprocess(
  (v) => {
    if (typeof v === 'number') return Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6 ? v : NaN;
    if (typeof v !== 'string' || !/^\d{1,8}([.,]\d{1,2})?$/.test(v.trim())) return NaN;
    return Number(v.trim().replace(',', '.'));
  },
  z.number({ error: CONTENT_MSG.variantPrice }).min(0, CONTENT_MSG.variantPrice).max(99_999_999, CONTENT_MSG.variantPrice),
);

export const variantSchema = z.object({
  name: chargeFree(z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: CONTENT_MSG.variantName }).min(1, CONTENT_MSG.variantName).max(VARIANT_NAME_MAX, CONTENT_MSG.variantName))),
  price: variantPrice,
  /** The portion's amount ("250 g"), optional: both or neither. */
  amount: amountValueField,
  unit: amountUnitField,
}).refine((v) => (v.amount == null) === (v.unit == null), { message: AMOUNT_MSG.pair, path: ['amount'] })
  .transform(({ amount, unit, ...v }) => (amount != null && unit != null ? { ...v, amount, unit } : v));
export type Variant = { name: string; price: number; amount?: number; unit?: import('./amounts.js').AmountUnit };

/** Portions: a JSON string of `[{name, price}]` (or the array itself); '' or '[]' = none. */
export const variantsField = z.preprocess(
  (v) => {
    if (v == null) return undefined;
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  },
  z
    .array(variantSchema, { error: CONTENT_MSG.variantsInvalid })
    .max(MAX_VARIANTS, CONTENT_MSG.variantsTooMany)
    .optional(),
);

/** '1' sold out (Tükendi) / '0' on sale. */
export const soldOutField = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(Number(v)) : typeof v === 'string' ? v.trim() : v),
  z.enum(['1', '0'], { error: CONTENT_MSG.soldOut }),
);

const numeric = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v);
const anId = (msg: string) => z.preprocess(numeric, z.number({ error: msg }).int(msg).positive(msg));
/** An id list: a JSON array, or one comma-separated value (a form). */
const idList = (msg: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v), z.array(anId(msg), { error: msg }).min(1, msg).max(2000, msg));

/** POST /api/sort-categories */
export const sortCategoriesSchema = z.object({ ids: idList(CONTENT_MSG.sortCategoriesIds) });
/** POST /api/sort-products */
export const sortProductsSchema = z.object({
  category_id: anId(CONTENT_MSG.sortCategory),
  ids: idList(CONTENT_MSG.sortProductsIds),
});
/** POST /api/sold-out-product/{id}; without `sold_out` the switch flips. */
export const soldOutSchema = z.object({ sold_out: z.preprocess((v) => (v === '' ? undefined : v), soldOutField.optional()) });

/** The fields every product answer adds (owner and public). */
export interface ProductContent {
  sold_out: '1' | '0';
  allergens: AllergenCode[];
  labels: LabelCode[];
  /** Portions, prices in TL. */
  variants: Variant[];
  sort_order: number;
}

/** `?haric=gluten,sut` (or repeated `haric=`): known codes only, in the list's order. */
export function parseExcluded(raw: unknown): AllergenCode[] {
  const values = Array.isArray(raw) ? raw : raw == null ? [] : [raw];
  const asked = new Set(values.flatMap((v) => String(v).split(',')).map((s) => s.trim()));
  return ALLERGEN_CODES.filter((c) => asked.has(c));
}

/** Whether the filter hides a product: it declares one of the excluded allergens. */
export const isExcluded = (allergens: readonly string[], excluded: readonly string[]) => allergens.some((a) => excluded.includes(a));

/** Search words folded as slugs are (çay, cay → cay; İskender → iskender; ILIK → ilik). */
export function searchWords(q: string): string[] {
  return foldTurkish(q).split(/[^a-z0-9]+/).filter(Boolean).slice(0, 10);
}
/** Whether every word occurs in the folded text. */
export const matchesWords = (text: string, words: readonly string[]) => {
  const folded = foldTurkish(text);
  return words.every((w) => folded.includes(w));
};

/**
 * Words of a free-text allergen note that name one of the 14 (folded as slugs are: "Süt ürünleri",
 * "SUSAM" …). Only whole items of the note match ("gluten, süt" → gluten, sut); "fıstık" alone is
 * ambiguous (yer fıstığı or Antep fıstığı) and stays text.
 */
const ALLERGEN_WORDS: Record<AllergenCode, string[]> = {
  gluten: ['gluten', 'gluten iceren tahillar', 'glutenli tahillar', 'bugday', 'arpa', 'cavdar', 'yulaf', 'wheat'],
  kabuklular: ['kabuklular', 'kabuklu deniz urunleri', 'karides', 'yengec', 'istakoz', 'crustaceans'],
  yumurta: ['yumurta', 'egg', 'eggs'],
  balik: ['balik', 'fish'],
  yer_fistigi: ['yer fistigi', 'yerfistigi', 'peanut', 'peanuts'],
  soya: ['soya', 'soy'],
  sut: ['sut', 'sut urunleri', 'laktoz', 'milk', 'dairy'],
  sert_kabuklu: ['sert kabuklu meyveler', 'sert kabuklu yemisler', 'kuruyemis', 'findik', 'ceviz', 'badem', 'antep fistigi', 'kaju', 'nuts'],
  kereviz: ['kereviz', 'celery'],
  hardal: ['hardal', 'mustard'],
  susam: ['susam', 'sesame'],
  sulfit: ['sulfit', 'sulfitler', 'kukurt dioksit', 'kukurt dioksit ve sulfitler', 'sulphites', 'sulfites'],
  acibakla: ['aci bakla', 'lupin'],
  yumusakcalar: ['yumusakcalar', 'midye', 'kalamar', 'ahtapot', 'istiridye', 'molluscs'],
};
const ALLERGEN_WORD_CODE = new Map(
  (Object.entries(ALLERGEN_WORDS) as Array<[AllergenCode, string[]]>).flatMap(([code, words]) => words.map((w) => [w, code] as const)),
);

/** What a free-text allergen note becomes as codes: the codes it names, and the rest as text. */
export interface AllergenSuggestion {
  codes: AllergenCode[];
  /** The items that name none of the 14, as written ('' = nothing left). */
  rest: string;
}

/** "Gluten, süt ürünleri ve kereviz; fındık ezmesi" → codes gluten, sut, kereviz; rest "fındık ezmesi". Null when it names none. */
export function suggestAllergenCodes(note: string | null | undefined): AllergenSuggestion | null {
  if (!note) return null;
  const found = new Set<AllergenCode>();
  const rest: string[] = [];
  for (const item of note.split(/[,;/\n]+|\s+(?:ve|and)\s+|\s*&\s*/i).map((s) => s.trim()).filter(Boolean)) {
    const key = foldTurkish(item).replace(/[^a-z0-9]+/g, ' ').trim();
    const code = ALLERGEN_WORD_CODE.get(key);
    if (code) found.add(code);
    else rest.push(item.replace(/^[.\s]+|[.\s]+$/g, ''));
  }
  if (found.size === 0) return null;
  return { codes: ALLERGEN_CODES.filter((c) => found.has(c)), rest: rest.filter(Boolean).join(', ') };
}

/** POST /api/apply-allergen-suggestions: the products whose note becomes codes. */
export const applyAllergenSuggestionsSchema = z.object({ ids: idList(CONTENT_MSG.allergenSuggestionIds) });
