import {
  ALLERGENS, BULK_MSG, istanbulDay, LABELS, kurusToTl, SHEET_COLUMNS, SHEET_FIELDS, translationColumns,
} from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { menuForExport } from './menu-io.repository.js';
import { sheetText } from './sheet-cells.js';
import { writeCsv, writeXlsx, type ExtraSheet, type OutCell } from './spreadsheet.js';

/** Column widths (characters) of the XLSX. */
const WIDTHS: Record<string, number> = {
  category: 22, name: 32, description: 48, selling_price: 14, original_price: 16, allergen: 24, status: 10, allergens: 26, labels: 22, sold_out: 10,
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

/** The owner's menu as a spreadsheet (`template`: the header only), with its file name and media type. */
export async function exportMenu(db: DB, userId: number, query: { format?: string; template?: string }) {
  const format = (query.format ?? 'xlsx').toLowerCase();
  if (format !== 'xlsx' && format !== 'csv') throw new AppError(200, 422, BULK_MSG.badFormat, { errors: { format: [BULK_MSG.badFormat] } });
  const template = query.template === '1';
  const { products, languages, translations } = await menuForExport(db, userId);
  const trColumns = translationColumns(languages);
  const header = [...SHEET_FIELDS.map((f) => SHEET_COLUMNS[f]), ...trColumns.map((t) => t.column)];
  const cell = (p: (typeof products)[number], f: (typeof SHEET_FIELDS)[number]): OutCell => {
    if (f === 'category') return p.category_name;
    if (PRICE_FIELDS.has(f)) return kurusToTl(p[f as 'selling_price' | 'original_price']);
    return sheetText(f, p[f]) || null;
  };
  const rows: OutCell[][] = (template ? [] : products).map((p) => [
    ...SHEET_FIELDS.map((f) => cell(p, f)),
    ...trColumns.map((t) => translations.get(p.id)?.get(t.lang)?.[t.part] || null),
  ]);
  const slug = (await findSettings(db, userId))?.companyengname || 'menu';
  const name = `${template ? 'menu-sablonu' : `menu-${slug}`}-${istanbulDay()}.${format}`;
  const body = format === 'csv'
    ? writeCsv(header, rows)
    : await writeXlsx(header, rows, {
      sheetName: 'Menü',
      extra: CODES_SHEET,
      widths: [...SHEET_FIELDS.map((f) => WIDTHS[f] ?? 16), ...trColumns.map((t) => TRANSLATION_WIDTHS[t.part])],
      priceColumns: SHEET_FIELDS.flatMap((f, i) => (PRICE_FIELDS.has(f) ? [i] : [])),
    });
  return {
    body,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name,
  };
}
