import { BULK_MSG, PRICE_MAX_KURUS, SHEET_COLUMNS, STATUS_WORDS, lowerTr, type ImportChange, type ImportError, type SheetField } from '@qrmenu/contract';
import { unescapeFormula, type InCell, type SheetRow } from './spreadsheet.js';

/**
 * Turns the rows of an uploaded sheet into a plan against the owner's current menu: which
 * categories to create, which products to create or update, and every row error. Pure: the
 * caller reads the menu (inside its transaction when applying) and writes the plan.
 */

export interface MenuCategory {
  id: number;
  name: string;
}
export interface MenuProduct {
  id: number;
  category_id: number;
  name: string;
  description: string | null;
  selling_price: number | null;
  original_price: number | null;
  allergen: string | null;
  status: string;
}
/** Values of a row; a field is absent when its column is not in the file. */
export interface RowValues {
  description?: string | null;
  selling_price?: number | null;
  original_price?: number | null;
  allergen?: string | null;
  status?: string;
}
export interface PlannedCreate {
  row: number;
  categoryKey: string;
  name: string;
  values: RowValues;
}
export interface PlannedUpdate {
  row: number;
  product: MenuProduct;
  values: RowValues;
}
export interface ImportPlan {
  errors: ImportError[];
  /** New categories: folded key → name as written in the first row that names it. */
  newCategories: Map<string, string>;
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  unchanged: number;
  changes: ImportChange[];
}

const MAX_LEN: Partial<Record<SheetField, number>> = { category: 120, name: 150, description: 1000, allergen: 255 };
const MAX_PRICE_KURUS = PRICE_MAX_KURUS;

/** Turkish case folding for matching names: "ÇORBALAR", "çorbalar " and "Çorbalar" are one category. */
export const foldName = (s: string) => lowerTr(s.normalize('NFC').trim().replace(/\s+/g, ' '));

/** Header cell → field (the export's own headers, plus a few names owners write by hand). */
const HEADER_ALIASES: Record<string, SheetField> = {
  ...Object.fromEntries(Object.entries(SHEET_COLUMNS).map(([f, h]) => [foldName(h), f as SheetField])),
  'kategori adı': 'category', 'ürün': 'name', 'ürün adi': 'name', 'fiyat': 'selling_price', 'satış fiyati': 'selling_price',
  'indirimsiz fiyati': 'original_price', 'aktif': 'status',
};

/** A price cell → kuruş; '1.234,50', '1234,5', '1234.50', '₺85', '85 TL' and XLSX numbers. NaN when wrong. */
export function parsePriceCell(c: InCell): number | null {
  if (c == null) return null;
  if (typeof c === 'number') {
    const k = c * 100;
    return Number.isFinite(c) && c >= 0 && Math.abs(Math.round(k) - k) < 1e-6 && Math.round(k) <= MAX_PRICE_KURUS ? Math.round(k) : NaN;
  }
  if (typeof c !== 'string') return NaN;
  let s = c.trim().replace(/^₺|₺$|\s*(TL|tl)$/g, '').replace(/\s/g, '');
  if (s === '') return null;
  if (s.includes(',') && s.includes('.')) s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  else if (s.includes(',')) s = s.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, ''); // "1.234": Turkish thousands
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return NaN;
  const [lira, kr = ''] = s.split('.');
  const k = Number(lira) * 100 + Number(kr.padEnd(2, '0'));
  return k <= MAX_PRICE_KURUS ? k : NaN;
}

const textOf = (c: InCell): string => (c == null || typeof c === 'object' ? '' : unescapeFormula(String(c)).trim());

function sheetText(field: SheetField, v: string | number | null | undefined): string {
  if (v == null) return '';
  if (field === 'status') return STATUS_WORDS[v === '0' ? '0' : '1'];
  if (field === 'selling_price' || field === 'original_price') return (Number(v) / 100).toFixed(2).replace('.', ',');
  return String(v);
}

export function buildPlan(rows: SheetRow[], menu: { categories: MenuCategory[]; products: MenuProduct[] }): ImportPlan {
  const plan: ImportPlan = { errors: [], newCategories: new Map(), creates: [], updates: [], unchanged: 0, changes: [] };
  const [header, ...data] = rows;
  const columns = new Map<SheetField, number>();
  header?.cells.forEach((c, i) => {
    const f = HEADER_ALIASES[foldName(textOf(c))];
    if (f && !columns.has(f)) columns.set(f, i);
  });
  if (!columns.has('category') || !columns.has('name')) {
    plan.errors.push({ row: null, field: 'file', message: BULK_MSG.noHeader });
    return plan;
  }
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
    const err = (field: SheetField, message: string) => plan.errors.push({ row, field: SHEET_COLUMNS[field], message });
    const before = plan.errors.length;
    const cell = (f: SheetField) => cells[columns.get(f)!] ?? null;
    for (const f of columns.keys()) {
      const c = cell(f);
      if (c && typeof c === 'object') err(f, BULK_MSG.formula);
    }
    if (plan.errors.length > before) continue;
    const text = (f: SheetField) => textOf(cell(f));
    const category = text('category');
    const name = text('name');
    if (!category) err('category', BULK_MSG.categoryRequired);
    if (!name) err('name', BULK_MSG.nameRequired);
    for (const f of ['category', 'name', 'description', 'allergen'] as const) {
      if (columns.has(f) && text(f).length > MAX_LEN[f]!) err(f, BULK_MSG.tooLong(MAX_LEN[f]!));
    }
    const values: RowValues = {};
    if (columns.has('description')) values.description = text('description') || null;
    if (columns.has('allergen')) values.allergen = text('allergen') || null;
    for (const f of ['selling_price', 'original_price'] as const) {
      if (!columns.has(f)) continue;
      const k = parsePriceCell(typeof cell(f) === 'string' ? textOf(cell(f)) : cell(f));
      if (Number.isNaN(k)) err(f, BULK_MSG.price);
      else values[f] = k;
    }
    if (columns.has('status')) {
      const s = foldName(text('status'));
      if (s === 'aktif' || s === '1') values.status = '1';
      else if (s === 'pasif' || s === '0') values.status = '0';
      else if (s !== '') err('status', BULK_MSG.status);
    }
    if (plan.errors.length > before) continue;

    const catKey = foldName(category);
    const existingCat = categoryByKey.get(catKey);
    const key = `${existingCat ? existingCat.id : `new:${catKey}`}\u0000${foldName(name)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      err('name', BULK_MSG.duplicate(first));
      continue;
    }
    seen.set(key, row);
    const current = existingCat ? productByKey.get(key) : undefined;
    if (!current) {
      if (!existingCat && !plan.newCategories.has(catKey)) plan.newCategories.set(catKey, category);
      plan.creates.push({ row, categoryKey: catKey, name, values });
      plan.changes.push({
        row, action: 'create', category: existingCat?.name ?? plan.newCategories.get(catKey)!, name, new_category: !existingCat,
        fields: (Object.keys(values) as Array<keyof RowValues>)
          .filter((f) => values[f] != null)
          .map((f) => ({ field: f, column: SHEET_COLUMNS[f], old: '', new: sheetText(f, values[f]) })),
      });
      continue;
    }
    const fields = (Object.keys(values) as Array<keyof RowValues>)
      .filter((f) => (values[f] ?? null) !== (current[f] ?? null))
      .map((f) => ({ field: f, column: SHEET_COLUMNS[f], old: sheetText(f, current[f]), new: sheetText(f, values[f]) }));
    const display = { row, category: categoryName.get(current.category_id)!, name: current.name, new_category: false };
    if (fields.length === 0) {
      plan.unchanged++;
      plan.changes.push({ ...display, action: 'unchanged', fields });
    } else {
      plan.updates.push({ row, product: current, values });
      plan.changes.push({ ...display, action: 'update', fields });
    }
  }
  return plan;
}
