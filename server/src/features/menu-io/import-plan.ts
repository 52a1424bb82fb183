import {
  formatAmount, announcedCharge,
  CHARGE_MESSAGE,
  BULK_MSG, PORTION_COLUMNS, SHEET_COLUMNS, VARIANT_NAME_MAX, type ImportChange, type ImportError, type MenuLanguage, type SheetField, type TranslationField,
} from '@qrmenu/contract';
import { canonicalVariants, foldName, headerField, parseAmountCell, parseCodes, parsePriceCell, parseSoldOut, portionsText, sheetText, textOf } from './sheet-cells.js';
import type { InCell, SheetRow } from './sheet-types.js';
import type { ProductValues } from '../catalog/index.js';

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
  | 'amount' | 'amount_unit' | 'variants'
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
  /** Portions as stored (JSON, kuruş; '[]' = none); absent when the file has no portion columns. */
  variants?: string;
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

/** The columns of portion n: where its name and its price are (either may be missing). */
type PortionCols = Map<number, { name?: number; price?: number }>;

/** A row's portions (stored JSON) from its portion cells, or the errors of the cells that are wrong. */
function rowPortions(cells: InCell[], cols: PortionCols, err: (column: string, message: string) => void): string {
  const list: Array<{ name: string; price: number }> = [];
  for (const [n, col] of [...cols].sort((a, b) => a[0] - b[0])) {
    const name = col.name === undefined ? '' : textOf(cells[col.name] ?? null);
    const raw = col.price === undefined ? null : (cells[col.price] ?? null);
    const price = parsePriceCell(typeof raw === 'string' ? textOf(raw) : raw);
    if (!name && price == null) continue;
    if (Number.isNaN(price)) err(PORTION_COLUMNS.price(n), BULK_MSG.price);
    else if (!name) err(PORTION_COLUMNS.name(n), BULK_MSG.portionName(n));
    else if (price == null) err(PORTION_COLUMNS.price(n), BULK_MSG.portionPrice(n));
    else if (name.length > VARIANT_NAME_MAX) err(PORTION_COLUMNS.name(n), BULK_MSG.portionNameLong(n, VARIANT_NAME_MAX));
    else list.push({ name, price });
  }
  return JSON.stringify(list);
}


export function buildPlan(rows: SheetRow[], menu: ImportMenu): ImportPlan {
  const plan: ImportPlan = { errors: [], newCategories: new Map(), creates: [], updates: [], unchanged: 0, changes: [], stored: menu.translations };
  const [header, ...data] = rows;
  const columns = new Map<SheetField, number>();
  const trColumns: TranslationCol[] = [];
  const portionCols: PortionCols = new Map();
  header?.cells.forEach((c, index) => {
    const h = headerField(c);
    if (h?.kind === 'portion' && portionCols.get(h.n)?.[h.part] === undefined) portionCols.set(h.n, { ...portionCols.get(h.n), [h.part]: index });
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
    for (const [n, col] of portionCols) {
      for (const part of ['name', 'price'] as const) {
        const c = col[part] === undefined ? null : cells[col[part]];
        if (c && typeof c === 'object') err(PORTION_COLUMNS[part](n), BULK_MSG.formula);
      }
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
    if (portionCols.size > 0) values.variants = rowPortions(cells, portionCols, err);
    if (columns.has('sold_out')) {
      const s = parseSoldOut(text('sold_out'));
      if (s === undefined) err(SHEET_COLUMNS.sold_out, BULK_MSG.soldOut);
      else if (s !== '') values.sold_out = s;
    }
    if (columns.has('amount')) {
      const raw = cell('amount');
      const a = parseAmountCell(typeof raw === 'number' ? String(raw) : text('amount'));
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
      const given = sheetFields(values).filter((f) => values[f] != null && values[f] !== '' && values[f] !== '[]');
      plan.creates.push({ row, categoryKey: catKey, name, values, translations });
      plan.changes.push({
        row, action: 'create', category: existingCat?.name ?? plan.newCategories.get(catKey)!, name, new_category: !existingCat,
        fields: [
          ...given.map((f) => ({ field: f, column: columnOf(f), old: '', new: shown(f, values) })),
          ...translationChanges(trColumns, translations, undefined),
        ],
      });
      continue;
    }
    // the sheet's portions are names and prices: a portion keeps the amount it has under the same name
    if (values.variants !== undefined) values.variants = withStoredAmounts(values.variants, current.variants);
    const fields: Change[] = sheetFields(values)
      .filter((f) => differs(f, values, current))
      .map((f) => ({ field: f, column: columnOf(f), old: shown(f, current), new: shown(f, values) }));
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

type ShownField = Exclude<keyof RowValues, 'amount_unit'>;
/** The sheet columns a row gives (the Miktar column sets two values: amount and amount_unit). */
const sheetFields = (values: RowValues) => (Object.keys(values) as Array<keyof RowValues>).filter((f): f is ShownField => f !== 'amount_unit');
const columnOf = (f: ShownField) => (f === 'variants' ? PORTION_COLUMNS.all : SHEET_COLUMNS[f]);
/** A value as the sheet and the preview show it. */
function shown(f: ShownField, v: RowValues | MenuProduct): string {
  if (f === 'amount') return formatAmount(v.amount == null ? null : Number(v.amount), v.amount_unit);
  if (f === 'variants') return portionsText(v.variants);
  return sheetText(f, v[f]);
}
/** Whether a row's value differs from the product's (portions by name and price, the amount as shown). */
function differs(f: ShownField, v: RowValues, p: MenuProduct): boolean {
  if (f === 'variants') return canonicalVariants(v.variants) !== canonicalVariants(p.variants);
  if (f === 'amount') return shown(f, v) !== shown(f, p);
  return (v[f] ?? null) !== (p[f] ?? null);
}
/** The sheet's portions (names and prices) with the amounts the stored portions of the same name have. */
function withStoredAmounts(sheet: string, stored: string | null | undefined): string {
  const amounts = new Map<string, { amount?: unknown; unit?: unknown }>();
  try {
    for (const v of JSON.parse(stored || '[]') as Array<{ name?: unknown; amount?: unknown; unit?: unknown }>) {
      if (typeof v?.name === 'string' && v.amount != null) amounts.set(v.name, { amount: v.amount, unit: v.unit });
    }
  } catch {
    return sheet;
  }
  const list = JSON.parse(sheet) as Array<{ name: string; price: number }>;
  return JSON.stringify(list.map((v) => ({ ...v, ...(amounts.get(v.name) ?? {}) })));
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
