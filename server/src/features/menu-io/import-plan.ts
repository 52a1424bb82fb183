import {
  announcedCharge,
  CHARGE_MESSAGE,
  formatAmount, BULK_MSG, SHEET_COLUMNS, type ImportChange, type ImportError, type MenuLanguage, type SheetField, type TranslationField,
} from '@qrmenu/contract';
import { foldName, headerField, parseAmountCell, parseCodes, parsePriceCell, parseSoldOut, sheetText, textOf } from './sheet-cells.js';
import type { ProductValues } from '../catalog/index.js';
import type { SheetRow } from './spreadsheet.js';

export { foldName };

/**
 * Turns the rows of an uploaded sheet into a plan against the owner's current menu: which
 * categories to create, which products to create or update (their translations too), and every
 * row error. Pure: the caller reads the menu (inside its transaction when applying) and writes the plan.
 */

export interface MenuCategory {
  id: number;
  name: string;
}
/** A product as the sheet sees it (the columns of products it can change). */
export type MenuProduct = { id: number } & Pick<
  ProductValues,
  'category_id' | 'name' | 'description' | 'selling_price' | 'original_price' | 'allergen' | 'status' | 'sold_out' | 'allergens' | 'labels'
  | 'amount' | 'amount_unit'
>;
/** A product's stored translation in one language. */
export interface StoredTranslation {
  name: string;
  description: string;
  variants: string;
}
export interface ImportMenu {
  categories: MenuCategory[];
  products: MenuProduct[];
  /** The business's enabled menu languages. */
  languages: readonly MenuLanguage[];
  /** product id → language → translation */
  translations: Map<number, Map<string, StoredTranslation>>;
}
/** Values of a row; a field is absent when its column is not in the file. */
export interface RowValues {
  description?: string | null;
  selling_price?: number | null;
  original_price?: number | null;
  allergen?: string | null;
  status?: string;
  sold_out?: string;
  allergens?: string;
  labels?: string;
  /** the Miktar column sets both */
  amount?: number | null;
  amount_unit?: string | null;
}
/** A row's translations: per language, the texts whose columns are in the file. */
export type RowTranslations = Map<MenuLanguage, { name?: string; description?: string }>;
export interface PlannedCreate {
  row: number;
  categoryKey: string;
  name: string;
  values: RowValues;
  translations: RowTranslations;
}
export interface PlannedUpdate {
  row: number;
  product: MenuProduct;
  values: RowValues;
  /** Only the languages whose text changes. */
  translations: RowTranslations;
}
export interface ImportPlan {
  errors: ImportError[];
  /** New categories: folded key → name as written in the first row that names it. */
  newCategories: Map<string, string>;
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  unchanged: number;
  changes: ImportChange[];
  /** The translations the plan was made against (product id → language → texts). */
  stored: ImportMenu['translations'];
}

const MAX_LEN: Partial<Record<SheetField, number>> = { category: 120, name: 150, description: 1000, allergen: 255 };
/** Translations: as the Çeviriler page allows. */
const TRANSLATION_MAX = { name: 150, description: 1000 } as const;

type Change = ImportChange['fields'][number];
interface TranslationCol {
  index: number;
  field: TranslationField;
  column: string;
  lang: MenuLanguage;
  part: 'name' | 'description';
}

export function buildPlan(rows: SheetRow[], menu: ImportMenu): ImportPlan {
  const plan: ImportPlan = { errors: [], newCategories: new Map(), creates: [], updates: [], unchanged: 0, changes: [], stored: menu.translations };
  const [header, ...data] = rows;
  const columns = new Map<SheetField, number>();
  const trColumns: TranslationCol[] = [];
  header?.cells.forEach((c, index) => {
    const h = headerField(c);
    if (h?.kind === 'sheet' && !columns.has(h.field)) columns.set(h.field, index);
    if (h?.kind === 'translation' && !trColumns.some((t) => t.field === h.field)) trColumns.push({ index, field: h.field, column: textOf(c), lang: h.lang, part: h.part });
  });
  if (!columns.has('category') || !columns.has('name')) {
    plan.errors.push({ row: null, field: 'file', message: BULK_MSG.noHeader });
    return plan;
  }
  // a language the business does not offer: its column would be lost, so the file is refused
  for (const t of trColumns) if (!menu.languages.includes(t.lang)) plan.errors.push({ row: null, field: t.column, message: BULK_MSG.languageOff(t.column, t.lang) });
  if (plan.errors.length > 0) return plan;
  if (data.length === 0) {
    plan.errors.push({ row: null, field: 'file', message: BULK_MSG.emptyFile });
    return plan;
  }

  const categoryByKey = new Map(menu.categories.map((c) => [foldName(c.name), c]));
  const categoryName = new Map(menu.categories.map((c) => [c.id, c.name]));
  const productByKey = new Map<string, MenuProduct>();
  for (const p of menu.products) {
    const key = `${p.category_id}\u0000${foldName(p.name)}`;
    if (!productByKey.has(key)) productByKey.set(key, p);
  }
  const seen = new Map<string, number>();

  for (const { row, cells } of data) {
    const err = (column: string, message: string) => plan.errors.push({ row, field: column, message });
    const before = plan.errors.length;
    const cell = (f: SheetField) => cells[columns.get(f)!] ?? null;
    for (const f of columns.keys()) {
      const c = cell(f);
      if (c && typeof c === 'object') err(SHEET_COLUMNS[f], BULK_MSG.formula);
    }
    for (const t of trColumns) {
      const c = cells[t.index];
      if (c && typeof c === 'object') err(t.column, BULK_MSG.formula);
    }
    if (plan.errors.length > before) continue;
    const text = (f: SheetField) => textOf(cell(f));
    const category = text('category');
    const name = text('name');
    if (!category) err(SHEET_COLUMNS.category, BULK_MSG.categoryRequired);
    if (!name) err(SHEET_COLUMNS.name, BULK_MSG.nameRequired);
    for (const f of ['category', 'name', 'description', 'allergen'] as const) {
      if (columns.has(f) && text(f).length > MAX_LEN[f]!) err(SHEET_COLUMNS[f], BULK_MSG.tooLong(MAX_LEN[f]!));
      else if (f !== 'allergen' && columns.has(f) && announcedCharge(text(f))) err(SHEET_COLUMNS[f], CHARGE_MESSAGE);
    }
    const values: RowValues = {};
    if (columns.has('description')) values.description = text('description') || null;
    if (columns.has('allergen')) values.allergen = text('allergen') || null;
    for (const f of ['selling_price', 'original_price'] as const) {
      if (!columns.has(f)) continue;
      const k = parsePriceCell(typeof cell(f) === 'string' ? textOf(cell(f)) : cell(f));
      if (Number.isNaN(k)) err(SHEET_COLUMNS[f], BULK_MSG.price);
      else values[f] = k;
    }
    if (columns.has('status')) {
      const s = foldName(text('status'));
      if (s === 'aktif' || s === '1') values.status = '1';
      else if (s === 'pasif' || s === '0') values.status = '0';
      else if (s !== '') err(SHEET_COLUMNS.status, BULK_MSG.status);
    }
    for (const f of ['allergens', 'labels'] as const) {
      if (!columns.has(f)) continue;
      const { value, unknown } = parseCodes(text(f), f);
      for (const code of unknown) err(SHEET_COLUMNS[f], f === 'allergens' ? BULK_MSG.allergenCode(code) : BULK_MSG.labelCode(code));
      values[f] = value;
    }
    if (columns.has('sold_out')) {
      const s = parseSoldOut(text('sold_out'));
      if (s === undefined) err(SHEET_COLUMNS.sold_out, BULK_MSG.soldOut);
      else if (s !== '') values.sold_out = s;
    }
    if (columns.has('amount')) {
      const a = parseAmountCell(typeof cell('amount') === 'number' ? `${cell('amount')}` : text('amount'));
      if (!a) err(SHEET_COLUMNS.amount, BULK_MSG.amount);
      else Object.assign(values, a);
    }
    const translations: RowTranslations = new Map();
    for (const t of trColumns) {
      const v = textOf(cells[t.index] ?? null);
      if (v.length > TRANSLATION_MAX[t.part]) err(t.column, BULK_MSG.tooLong(TRANSLATION_MAX[t.part]));
      else if (announcedCharge(v)) err(t.column, CHARGE_MESSAGE);
      translations.set(t.lang, { ...translations.get(t.lang), [t.part]: v });
    }
    if (plan.errors.length > before) continue;

    const catKey = foldName(category);
    const existingCat = categoryByKey.get(catKey);
    const key = `${existingCat ? existingCat.id : `new:${catKey}`}\u0000${foldName(name)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      err(SHEET_COLUMNS.name, BULK_MSG.duplicate(first));
      continue;
    }
    seen.set(key, row);
    const current = existingCat ? productByKey.get(key) : undefined;
    if (!current) {
      if (!existingCat && !plan.newCategories.has(catKey)) plan.newCategories.set(catKey, category);
      const given = sheetFields(values).filter((f) => values[f] != null && values[f] !== '');
      plan.creates.push({ row, categoryKey: catKey, name, values, translations });
      plan.changes.push({
        row, action: 'create', category: existingCat?.name ?? plan.newCategories.get(catKey)!, name, new_category: !existingCat,
        fields: [
          ...given.map((f) => ({ field: f, column: SHEET_COLUMNS[f], old: '', new: shown(f, values) })),
          ...translationChanges(trColumns, translations, undefined),
        ],
      });
      continue;
    }
    const fields: Change[] = sheetFields(values)
      .filter((f) => shown(f, values) !== shown(f, current))
      .map((f) => ({ field: f, column: SHEET_COLUMNS[f], old: shown(f, current), new: shown(f, values) }));
    const stored = menu.translations.get(current.id);
    const trFields = translationChanges(trColumns, translations, stored);
    // only the languages whose text changes are written
    const changedLangs = new Set(trFields.map((f) => trColumns.find((t) => t.field === f.field)!.lang));
    const trChanges: RowTranslations = new Map([...translations].filter(([lang]) => changedLangs.has(lang)));
    fields.push(...trFields);
    const display = { row, category: categoryName.get(current.category_id)!, name: current.name, new_category: false };
    if (fields.length === 0) {
      plan.unchanged++;
      plan.changes.push({ ...display, action: 'unchanged', fields });
    } else {
      plan.updates.push({ row, product: current, values, translations: trChanges });
      plan.changes.push({ ...display, action: 'update', fields });
    }
  }
  return plan;
}

/** The sheet columns a row gives (the Miktar column sets two values: amount and amount_unit). */
const sheetFields = (values: RowValues) => (Object.keys(values) as Array<keyof RowValues>).filter((f): f is Exclude<keyof RowValues, 'amount_unit'> => f !== 'amount_unit');
/** A value as the sheet and the preview show it. */
function shown(f: Exclude<keyof RowValues, 'amount_unit'>, v: RowValues | MenuProduct): string {
  if (f === 'amount') return formatAmount(v.amount == null ? null : Number(v.amount), v.amount_unit);
  return sheetText(f, v[f]);
}

/** The translation texts of a row that differ from the stored ones (none stored: ''). */
function translationChanges(columns: TranslationCol[], row: RowTranslations, stored: Map<string, StoredTranslation> | undefined): Change[] {
  const out: Change[] = [];
  for (const t of columns) {
    const next = row.get(t.lang)?.[t.part] ?? '';
    const old = stored?.get(t.lang)?.[t.part] ?? '';
    if (next !== old) out.push({ field: t.field, column: t.column, old, new: next });
  }
  return out;
}
