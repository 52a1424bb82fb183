import { z } from 'zod';
import { ok } from './responses.js';
import { MENU_LANGUAGES, type MenuLanguage } from './languages.js';

/** The printed price lists (issue 41): `kapi` at the entrance door, `masa` on the tables. */
export const PRICE_LIST_FORMATS = ['kapi', 'masa'] as const;
export type PriceListFormat = (typeof PRICE_LIST_FORMATS)[number];
/** Paper sizes of each format; the first is the default. */
export const PRICE_LIST_SIZES: Record<PriceListFormat, readonly string[]> = { kapi: ['a4', 'a3'], masa: ['a5', 'a6'] };
/** Versions are kept this long (the latest always). */
export const PRICE_LIST_KEEP_DAYS = 730;
/** The "was" price of a campaign is compared with the lowest price of this many days before it began. */
export const CAMPAIGN_REFERENCE_DAYS = 30;

export const PRICE_LIST_MSG = {
  format: 'Liste türü kapi (giriş kapısı) veya masa olmalıdır.',
  size: (f: PriceListFormat) => `Kağıt boyutu ${PRICE_LIST_SIZES[f].map((s) => s.toUpperCase()).join(' veya ')} olmalıdır.`,
  lang: `Dil şunlardan biri olmalıdır: ${MENU_LANGUAGES.join(', ')}.`,
  /** pdfkit neither joins Arabic letters nor orders right-to-left text: the printed PDF is not offered in Arabic. */
  arabicPdf: 'Arapça basılı liste PDF olarak hazırlanamıyor (sağdan sola yazım). Arapça listeyi menünüzün Fiyat listesi sayfasından (?lang=ar) yazdırabilirsiniz.',
  version: 'Sürüm numarası geçersiz.',
  versionNotFound: 'Bu sürüm bulunamadı. Sürümler iki yıl saklanır.',
  noAddress: 'Menü adresiniz henüz yok. Lütfen önce Ayarlar sayfasından işletme bilgilerinizi kaydedin.',
  versionsListed: 'Fiyat listesi sürümleri listelendi.',
  checked: 'Fiyat listesi denetlendi.',
  reference: 'Son 30 günün en düşük fiyatı bulundu.',
} as const;

/** Texts printed on the list, in Turkish and each menu language (`?lang=` prints both). */
export interface PriceListWords {
  title: string;
  vat: string;
  noCharge: string;
  updated: string;
  page: (n: number, of: number) => string;
  soldOut: string;
  was: string;
  scan: string;
  empty: string;
}
export const PRICE_LIST_WORDS: Record<'tr' | MenuLanguage, PriceListWords> = {
  tr: { title: 'Fiyat Listesi', vat: 'Fiyatlarımıza KDV dahildir.', noCharge: 'Servis, masa veya kuver ücreti alınmaz.', updated: 'Son güncelleme', page: (n, of) => `Sayfa ${n}/${of}`, soldOut: 'tükendi', was: 'önceki fiyat', scan: 'Menümüz için okutun', empty: 'Listede henüz ürün yok.' },
  en: { title: 'Price List', vat: 'All prices include VAT.', noCharge: 'No service, table or cover charge.', updated: 'Last updated', page: (n, of) => `Page ${n}/${of}`, soldOut: 'sold out', was: 'was', scan: 'Scan for our menu', empty: 'No products yet.' },
  de: { title: 'Preisliste', vat: 'Alle Preise inkl. MwSt.', noCharge: 'Ohne Service-, Tisch- oder Gedeckgebühr.', updated: 'Stand', page: (n, of) => `Seite ${n}/${of}`, soldOut: 'ausverkauft', was: 'vorher', scan: 'Zur Speisekarte scannen', empty: 'Noch keine Produkte.' },
  ru: { title: 'Прейскурант', vat: 'Цены включают НДС.', noCharge: 'Без платы за обслуживание.', updated: 'Обновлено', page: (n, of) => `Стр. ${n}/${of}`, soldOut: 'нет в наличии', was: 'было', scan: 'Отсканируйте меню', empty: 'Товаров пока нет.' },
  ar: { title: 'قائمة الأسعار', vat: 'جميع الأسعار شاملة الضريبة.', noCharge: 'بدون رسوم خدمة.', updated: 'آخر تحديث', page: (n, of) => `${n}/${of}`, soldOut: 'نفد', was: 'السعر السابق', scan: 'امسح لقائمتنا', empty: 'لا توجد منتجات بعد.' },
  fr: { title: 'Liste des prix', vat: 'Prix TTC.', noCharge: 'Sans frais de service ni couvert.', updated: 'Mise à jour', page: (n, of) => `Page ${n}/${of}`, soldOut: 'épuisé', was: 'avant', scan: 'Scannez pour le menu', empty: 'Aucun produit pour le moment.' },
};

export const FINDING_SEVERITIES = ['error', 'warning'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_CODES = ['no_price', 'gram_missing', 'charge_announced', 'campaign_price', 'list_outdated', 'list_not_printed'] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

const id = z.number().int().positive();
const timestamp = z.string().meta({ description: 'Tarih-saat (ISO 8601)' });

export const priceListFindingSchema = z.object({
  code: z.enum(FINDING_CODES),
  severity: z.enum(FINDING_SEVERITIES).meta({ description: 'error: denetimde ceza sebebi; warning: düzeltilmesi önerilir' }),
  message: z.string().meta({ description: 'Türkçe açıklama, kuralı anarak' }),
  rule: z.string(),
  product_id: id.nullable(),
  product_name: z.string().nullable(),
  /** campaign_price: the lowest price of the 30 days before the campaign (TL). */
  reference_price: z.number().nullable(),
});
export type PriceListFinding = z.infer<typeof priceListFindingSchema>;
export const priceListCheckResponseSchema = ok({ findings: z.array(priceListFindingSchema), count: z.number().int().min(0) });
export type PriceListCheckResponse = z.infer<typeof priceListCheckResponseSchema>;

export const priceListVersionSchema = z.object({
  version: z.number().int().positive(),
  created_at: timestamp,
  changes: z.number().int().min(0).meta({ description: 'Önceki sürüme göre değişen ürün sayısı' }),
  price_changes: z.number().int().min(0),
  products: z.number().int().min(0),
  printed: z.array(z.enum(PRICE_LIST_FORMATS)).meta({ description: 'Bu sürümün yazdırıldığı liste türleri' }),
});
export type PriceListVersion = z.infer<typeof priceListVersionSchema>;
export const priceListVersionsResponseSchema = ok({ versions: z.array(priceListVersionSchema), public_url: z.string().nullable() });
export type PriceListVersionsResponse = z.infer<typeof priceListVersionsResponseSchema>;

export const referencePriceResponseSchema = ok({
  lowest: z.number().nullable().meta({ description: 'Son 30 günün en düşük satış fiyatı (TL); geçmiş yoksa null' }),
  days: z.number().int(),
});
export type ReferencePriceResponse = z.infer<typeof referencePriceResponseSchema>;

/** `GET /api/price-list.pdf` query. */
export const priceListQuerySchema = z.object({
  format: z.enum(PRICE_LIST_FORMATS, { error: PRICE_LIST_MSG.format }).default('kapi'),
  size: z.string().optional(),
  lang: z.enum(MENU_LANGUAGES, { error: PRICE_LIST_MSG.lang }).optional(),
  version: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v), z.number({ error: PRICE_LIST_MSG.version }).int(PRICE_LIST_MSG.version).positive(PRICE_LIST_MSG.version).optional()),
});
