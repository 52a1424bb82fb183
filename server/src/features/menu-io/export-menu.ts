import {
  ALLERGENS, BULK_MSG, formatAmount, istanbulDay, LABELS, kurusToTl, PORTION_COLUMNS, SHEET_COLUMNS, SHEET_FIELDS, translationColumns,
} from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { menuForExport } from './menu-io.repository.js';
import { canonicalVariants, sheetText } from './sheet-cells.js';
import { writeCsv, writeXlsxOffThread, type ExtraSheet, type OutCell } from './spreadsheet.js';

/** Column widths (characters) of the XLSX. */
const WIDTHS: Record<string, number> = {
  category: 22, name: 32, description: 48, selling_price: 14, original_price: 16, allergen: 24, status: 10, allergens: 26, labels: 22, sold_out: 10, amount: 12,
};
const TRANSLATION_WIDTHS = { name: 32, description: 48 } as const;

/** The XLSX's second sheet: the codes the Alerjenler and Etiketler columns take, with their meaning. */
const CODES_SHEET: ExtraSheet = {
  name: 'Kodlar',
  header: ['Sütun', 'Kod', 'Anlamı'],
  rows: [
    ...Object.entries(ALLERGENS).map(([code, name]) => [SHEET_COLUMNS.allergens, code, name]),
    ...Object.entries(LABELS).map(([code, name]) => [SHEET_COLUMNS.labels, code, name]),
    [SHEET_COLUMNS.sold_out, 'Evet', 'Ürün tükendi'],
    [SHEET_COLUMNS.sold_out, 'Hayır', 'Ürün satışta'],
  ],
  widths: [14, 16, 32],
};
const PRICE_FIELDS = new Set(['selling_price', 'original_price']);
/** Writes the XLSX: in the spreadsheet worker (the default), or right here when the export already runs in one. */
type XlsxWriter = (...args: Parameters<typeof writeXlsxOffThread>) => Promise<Buffer>;

/** The export's format (`xlsx` by default, or `csv`); any other is body 422. */
export function exportFormat(query: { format?: string }): 'xlsx' | 'csv' {
  const format = (query.format ?? 'xlsx').toLowerCase();
  if (format !== 'xlsx' && format !== 'csv') throw new AppError(200, 422, BULK_MSG.badFormat, { errors: { format: [BULK_MSG.badFormat] } });
  return format;
}

/** The owner's menu as a spreadsheet (`template`: the header only), with its file name (dated `now`) and media type. */
export async function exportMenu(db: DB, userId: number, query: { format?: string; template?: string }, now: Date, xlsx: XlsxWriter = writeXlsxOffThread) {
  const format = exportFormat(query);
  const template = query.template === '1';
  const { products, languages, translations } = await menuForExport(db, userId);
  const trColumns = translationColumns(languages);
  // the Miktar column in the empty template (to be filled) and once the owner gives amounts (the import reads it whenever it is there)
  const fields = SHEET_FIELDS.filter((f) => f !== 'amount' || template || products.some((p) => p.amount != null));
  const portions = new Map(products.map((p) => [p.id, JSON.parse(canonicalVariants(p.variants)) as Array<{ name: string; price: number }>]));
  // the spec's columns first, then a name and a price column per portion, then the translations
  const pairs = Math.max(0, ...[...portions.values()].map((v) => v.length));
  const portionHeader = Array.from({ length: pairs }, (_, i) => [PORTION_COLUMNS.name(i + 1), PORTION_COLUMNS.price(i + 1)]).flat();
  const header = [...fields.map((f) => SHEET_COLUMNS[f]), ...portionHeader, ...trColumns.map((t) => t.column)];
  const cell = (p: (typeof products)[number], f: (typeof SHEET_FIELDS)[number]): OutCell => {
    if (f === 'category') return p.category_name;
    if (f === 'amount') return formatAmount(p.amount, p.amount_unit) || null;
    if (PRICE_FIELDS.has(f)) return kurusToTl(p[f as 'selling_price' | 'original_price']);
    return sheetText(f, p[f]) || null;
  };
  const rows: OutCell[][] = (template ? [] : products).map((p) => [
    ...fields.map((f) => cell(p, f)),
    ...Array.from({ length: pairs }, (_, i) => portions.get(p.id)![i]).flatMap((v) => (v ? [v.name, kurusToTl(v.price)] : [null, null])),
    ...trColumns.map((t) => translations.get(p.id)?.get(t.lang)?.[t.part] || null),
  ]);
  const slug = (await findSettings(db, userId))?.companyengname || 'menu';
  const name = `${template ? 'menu-sablonu' : `menu-${slug}`}-${istanbulDay(now)}.${format}`;
  const body = format === 'csv'
    ? writeCsv(header, rows)
    : await xlsx(header, rows, {
      sheetName: 'Menü',
      created: now,
      extra: CODES_SHEET,
      widths: [...fields.map((f) => WIDTHS[f] ?? 16), ...portionHeader.map((_, i) => (i % 2 ? 18 : 14)), ...trColumns.map((t) => TRANSLATION_WIDTHS[t.part])],
      priceColumns: [
        ...fields.flatMap((f, i) => (PRICE_FIELDS.has(f) ? [i] : [])),
        ...portionHeader.flatMap((_, i) => (i % 2 ? [fields.length + i] : [])),
      ],
    });
  return {
    body,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name,
  };
}
