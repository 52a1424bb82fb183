import { z } from 'zod';
import { ALLERGEN_CODES, LABEL_CODES } from './menu-content.js';
import { LANGUAGE_TURKISH_NAMES, type MenuLanguage } from './languages.js';

/**
 * Whole-menu work: spreadsheet export/import, bulk price updates with undo, price history.
 * Prices are computed in integer kuruş, so the server's answer and the screen's preview agree.
 */

/**
 * Spreadsheet columns, in file order; then one `Ürün Adı (en)` / `Açıklama (en)` pair per menu
 * language the business has enabled (`translationColumns`).
 */
export const SHEET_COLUMNS = {
  category: 'Kategori',
  name: 'Ürün Adı',
  description: 'Açıklama',
  selling_price: 'Satış Fiyatı',
  original_price: 'İndirimsiz Fiyat',
  allergen: 'Alerjen',
  status: 'Durum',
  /** allergen codes (menu-content.ts), comma-separated */
  allergens: 'Alerjenler',
  /** label codes, comma-separated */
  labels: 'Etiketler',
  sold_out: 'Tükendi',
  /** the amount with its unit, "250 g" (issue 41) */
  amount: 'Miktar',
} as const;
export type SheetField = keyof typeof SHEET_COLUMNS;
export const SHEET_FIELDS = Object.keys(SHEET_COLUMNS) as SheetField[];
export const STATUS_WORDS = { '1': 'Aktif', '0': 'Pasif' } as const;
export const SOLD_OUT_WORDS = { '1': 'Evet', '0': 'Hayır' } as const;

/** A translation column's field: `name_en`, `description_ar`… */
export type TranslationField = `${'name' | 'description'}_${MenuLanguage}`;
export interface TranslationColumn {
  field: TranslationField;
  column: string;
  lang: MenuLanguage;
  part: 'name' | 'description';
}
/** The translation columns of these languages: `Ürün Adı (en)`, `Açıklama (en)`, `Ürün Adı (ar)`… */
/**
 * Portions (`Tek`/`Duble`, …) after the columns above, before the translations: one name and one
 * price column per portion, `Porsiyon 1` / `Porsiyon 1 Fiyatı`, … as many pairs as the product
 * with the most portions has (none when the menu has none; an owner may add them by hand). A
 * product with portions shows its prices there; all portion cells empty = no portions.
 */
export const PORTION_COLUMNS = {
  name: (n: number) => `Porsiyon ${n}`,
  price: (n: number) => `Porsiyon ${n} Fiyatı`,
  /** How the preview names the changed portions. */
  all: 'Porsiyonlar',
} as const;

export const translationColumns = (langs: readonly MenuLanguage[]): TranslationColumn[] =>
  langs.flatMap((lang) =>
    (['name', 'description'] as const).map((part) => ({ field: `${part}_${lang}`, column: `${SHEET_COLUMNS[part]} (${lang})`, lang, part })),
  );

export const IMPORT_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxRows: 2000,
  /** An XLSX (a ZIP) is refused before parsing when its parts expand beyond this, or has more parts. */
  maxInflatedBytes: 24 * 1024 * 1024,
  maxEntries: 500,
} as const;

/** Rounding steps in TL (half up). */
export const ROUND_STEPS = [0.01, 0.5, 1, 5, 10] as const;
/** Highest price a bulk update may produce (kuruş): what a 32-bit integer column holds. */
export const PRICE_MAX_KURUS = 2_147_483_647;

export const BULK_MSG = {
  // export / import
  exported: 'Menü dışa aktarıldı.',
  badFormat: 'Biçim yalnızca xlsx veya csv olabilir.',
  fileRequired: 'Lütfen bir Excel (.xlsx) veya CSV dosyası seçin.',
  fileTooLarge: 'Dosya en fazla 2 MB olabilir.',
  unpackedTooLarge: 'Excel dosyası açıldığında çok büyük (en fazla 24 MB). Lütfen yalnızca menü sayfasını içeren, resim ve ek sayfa olmayan bir dosya yükleyin.',
  tooManyRows: (max: number) => `Dosyada en fazla ${max.toLocaleString('tr-TR')} ürün satırı olabilir.`,
  notSpreadsheet: 'Dosya okunamadı. Lütfen Excel (.xlsx) veya CSV (.csv) biçiminde bir dosya yükleyin.',
  noHeader: 'İlk satırda "Kategori" ve "Ürün Adı" sütun başlıkları bulunamadı. Lütfen şablonu indirip kullanın.',
  emptyFile: 'Dosyada ürün satırı yok.',
  rowErrors: (n: number) => `Dosyada ${n} hata var. Hiçbir değişiklik yapılmadı; hataları düzeltip dosyayı yeniden yükleyin.`,
  previewReady: 'Önizleme hazır. Değişiklikleri kontrol edip Uygula’ya basın.',
  imported: 'Menü içe aktarıldı.',
  categoryRequired: 'Kategori adı zorunludur.',
  nameRequired: 'Ürün adı zorunludur.',
  tooLong: (max: number) => `En fazla ${max} karakter olabilir.`,
  price: 'Fiyat 0 veya daha büyük, en fazla iki ondalıklı bir sayı olmalıdır (örneğin 12,50).',
  status: 'Durum yalnızca "Aktif" veya "Pasif" olabilir.',
  formula: 'Bu hücrede formül var. Lütfen formül yerine değerin kendisini yazın.',
  allergenCode: (code: string) => `Bilinmeyen alerjen kodu: "${code}". Geçerli kodlar: ${ALLERGEN_CODES.join(', ')}.`,
  labelCode: (code: string) => `Bilinmeyen etiket kodu: "${code}". Geçerli kodlar: ${LABEL_CODES.join(', ')}.`,
  soldOut: 'Tükendi yalnızca "Evet" veya "Hayır" olabilir.',
  amount: 'Miktar, değeri ve birimiyle yazılmalıdır (örneğin 250 g, 0,5 L, 2 adet). Birimler: g, kg, ml, cl, L, adet, porsiyon.',
  languageOff: (column: string, lang: MenuLanguage) =>
    `"${column}" sütunu: ${LANGUAGE_TURKISH_NAMES[lang]} menü diliniz açık değil. Dili Ayarlar sayfasından açın veya sütunu silin.`,
  portionName: (n: number) => `Porsiyon ${n}: porsiyonun fiyatı var ama adı yok. Lütfen adını yazın (örneğin Tek, Duble) veya fiyatı silin.`,
  portionPrice: (n: number) => `Porsiyon ${n}: porsiyonun adı var ama fiyatı yok. Lütfen fiyatını yazın (örneğin 120,00) veya adını silin.`,
  portionNameLong: (n: number, max: number) => `Porsiyon ${n}: porsiyon adı en fazla ${max} karakter olabilir.`,
  duplicate: (row: number) => `Bu ürün dosyada ${row}. satırda da var. Her ürün dosyada bir kez geçmelidir.`,
  // bulk price
  scope: 'Kapsam "all" veya kategorilerinizden birinin numarası olmalıdır.',
  branches: 'Şubeleri seçin: ana şube 0, diğerleri şube numarasıyla (örneğin [0, 3]).',
  mode: 'Yöntem yüzde (percent) veya tutar (amount) olmalıdır.',
  value: 'Değer -100 ile 1000 arasında (yüzde) veya -1.000.000 ile 1.000.000 TL arasında, en fazla iki ondalıklı bir sayı olmalıdır.',
  valueZero: 'Değer 0 olamaz.',
  round: 'Yuvarlama 0,01, 0,5, 1, 5 veya 10 TL olabilir.',
  priceTooHigh: 'Bu güncelleme bazı fiyatları izin verilen en yüksek değerin (21.474.836,47 TL) üstüne çıkarır. Hiçbir fiyat değiştirilmedi.',
  previewPrices: (n: number) => `${n} ürünün fiyatı değişecek.`,
  noPriceChange: 'Bu kapsamda fiyatı değişecek ürün yok.',
  pricesUpdated: (n: number) => `${n} ürünün fiyatı güncellendi.`,
  operationNotFound: 'Fiyat güncelleme işlemi bulunamadı.',
  alreadyUndone: 'Bu fiyat güncellemesi zaten geri alınmış.',
  undoConflict: (names: string[]) =>
    `Bu güncellemeden sonra fiyatı değişen ürünler var: ${names.join(', ')}. Geri alma yapılmadı; bu ürünlerin fiyatlarını elle düzeltin.`,
  undone: (n: number) => `Fiyat güncellemesi geri alındı (${n} ürün).`,
  lastOperation: 'Son fiyat güncellemesi getirildi.',
  // history
  history: 'Fiyat geçmişi getirildi.',
} as const;

export const PRICE_SOURCES = { form: 'Ürün formu', import: 'İçe aktarma', bulk: 'Toplu fiyat güncelleme', undo: 'Geri alma' } as const;
export type PriceSource = keyof typeof PRICE_SOURCES;

const decimal2 = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Body of POST /api/bulk-price (JSON; numbers may come as strings with a decimal comma). */
export const bulkPriceSchema = z
  .object({
    scope: z.preprocess(
      (v) => (v === 'all' ? 'all' : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.union([z.literal('all'), z.number().int().positive()], { error: BULK_MSG.scope }),
    ),
    mode: z.enum(['percent', 'amount'], { error: BULK_MSG.mode }),
    value: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
      z.number({ error: BULK_MSG.value }).refine((n) => Number.isFinite(n) && decimal2(n), BULK_MSG.value).refine((n) => n !== 0, BULK_MSG.valueZero),
    ),
    round: z.preprocess(
      (v) => (v == null || v === '' ? 0.01 : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
      z.number({ error: BULK_MSG.round }).refine((n) => (ROUND_STEPS as readonly number[]).includes(n), BULK_MSG.round),
    ),
    dry_run: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
    /** The branches it applies to (issue 43): 0 the main branch (the products' own prices), others their branch prices; absent: the main branch. */
    branches: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((x) => (/^\s*\d+\s*$/.test(x) ? Number(x) : x)) : typeof v === 'number' ? [v] : v),
      z.array(z.number({ error: BULK_MSG.branches }).int(BULK_MSG.branches).min(0, BULK_MSG.branches), { error: BULK_MSG.branches }).min(1, BULK_MSG.branches).max(100, BULK_MSG.branches),
    ).optional(),
  })
  .superRefine((b, ctx) => {
    const [lo, hi] = b.mode === 'percent' ? [-100, 1000] : [-1_000_000, 1_000_000];
    if (b.value < lo || b.value > hi) ctx.addIssue({ code: 'custom', path: ['value'], message: BULK_MSG.value });
  });
export type BulkPriceInput = z.infer<typeof bulkPriceSchema>;

export const undoSchema = z.object({
  operation_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: BULK_MSG.operationNotFound }).int().positive(BULK_MSG.operationNotFound),
  ),
});

/**
 * New price in kuruş: a percentage (up to two decimals) or an amount in TL, then rounded half up
 * to `round` TL; never below 0. Integer arithmetic only (185,50 +10% → 204,05 exactly, not 204,0499…).
 */
export function newPrice(kurus: number, mode: 'percent' | 'amount', value: number, round: number): number {
  const step = Math.round(round * 100);
  // exact value times 10000 (percent: kurus × (10000 + basis points))
  const scaled = mode === 'percent' ? kurus * (10000 + Math.round(value * 100)) : (kurus + Math.round(value * 100)) * 10000;
  if (scaled <= 0) return 0;
  const unit = 10000 * step;
  return Math.floor((2 * scaled + unit) / (2 * unit)) * step;
}

/** Response shapes. */
export interface PriceChange {
  id: number;
  name: string;
  category: string;
  old: number | null;
  new: number | null;
  old_original: number | null;
  new_original: number | null;
  /** Portion prices (TL) that change, in the product's portion order. */
  portions: Array<{ name: string; old: number; new: number }>;
  /** An extra branch's price (issue 43); absent: the main branch (the product's own price). */
  branch_id?: number;
}
export interface PriceOperation {
  id: number;
  at: string;
  scope: 'all' | number;
  mode: 'percent' | 'amount';
  value: number;
  round: number;
  count: number;
  undone: boolean;
}
export interface PriceHistoryEntry {
  old: number | null;
  new: number | null;
  old_original: number | null;
  new_original: number | null;
  at: string;
  source: PriceSource;
}
export interface ImportError {
  row: number | null;
  field: string;
  message: string;
}
export interface ImportChange {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  category: string;
  name: string;
  /** Changed fields (updates) with their old and new values as shown in the sheet. */
  fields: Array<{ field: SheetField | TranslationField | 'variants'; column: string; old: string; new: string }>;
  new_category: boolean;
}
export interface ImportSummary {
  categories_created: number;
  products_created: number;
  products_updated: number;
  unchanged: number;
}
