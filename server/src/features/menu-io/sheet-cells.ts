import {
  type AmountUnit, isAmountUnit, parseAmountUnit, parseAmountValue,
  ALLERGEN_CODES, ALLERGENS, isMenuLanguage, LABEL_CODES, LABELS, lowerTr, MAX_VARIANTS, PRICE_MAX_KURUS, SHEET_COLUMNS, SOLD_OUT_WORDS, STATUS_WORDS,
  type MenuLanguage, type SheetField, type TranslationField,
} from '@qrmenu/contract';
import { storedPortions } from '../../platform/db/stored-portions.js';
import { unescapeFormula, type InCell } from './sheet-types.js';

/** Reading the cells of the menu sheet: headers, text, prices, codes, and how a value is shown back. */

/** Turkish case folding for matching names: "ÇORBALAR", "çorbalar " and "Çorbalar" are one category. */
export const foldName = (s: string) => lowerTr(s.normalize('NFC').trim().replace(/\s+/g, ' '));

/** A cell's text, without the formula mark of the export; '' for empty (and for a formula). */
export const textOf = (c: InCell): string => (c == null || typeof c === 'object' ? '' : unescapeFormula(String(c)).trim());

/** Header cell → field (the export's own headers, plus a few names owners write by hand). */
const HEADER_ALIASES: Record<string, SheetField> = {
  ...Object.fromEntries(Object.entries(SHEET_COLUMNS).map(([f, h]) => [foldName(h), f as SheetField])),
  'kategori adı': 'category', 'ürün': 'name', 'ürün adi': 'name', 'fiyat': 'selling_price', 'satış fiyati': 'selling_price',
  'indirimsiz fiyati': 'original_price', 'aktif': 'status', 'alerjen kodları': 'allergens', 'etiket': 'labels',
};

export type HeaderField =
  | { kind: 'sheet'; field: SheetField }
  | { kind: 'translation'; field: TranslationField; lang: MenuLanguage; part: 'name' | 'description' }
  | { kind: 'portion'; n: number; part: 'name' | 'price' };

/** What a header cell names: a sheet column, a portion column (`Porsiyon 2 Fiyatı`), a translation column (`Ürün Adı (en)`), or nothing. */
export function headerField(cell: InCell): HeaderField | undefined {
  const h = foldName(textOf(cell));
  const field = HEADER_ALIASES[h];
  if (field) return { kind: 'sheet', field };
  const portion = /^porsiyon (\d)( adı| adi)?( fiyatı| fiyati)?$/.exec(h);
  const n = Number(portion?.[1]);
  if (portion && n >= 1 && n <= MAX_VARIANTS && !(portion[2] && portion[3])) return { kind: 'portion', n, part: portion[3] ? 'price' : 'name' };
  const m = /^(ürün adı|ürün adi|açıklama|aciklama) ?\(([a-z]{2})\)$/.exec(h);
  const lang = m?.[2];
  if (!m || !isMenuLanguage(lang)) return undefined;
  const part = m[1].startsWith('ü') ? 'name' : 'description';
  return { kind: 'translation', field: `${part}_${lang}`, lang, part };
}

/** A price cell → kuruş; '1.234,50', '1234,5', '1234.50', '₺85', '85 TL' and XLSX numbers. NaN when wrong. */
export function parsePriceCell(c: InCell): number | null {
  if (c == null) return null;
  if (typeof c === 'number') {
    const k = c * 100;
    return Number.isFinite(c) && c >= 0 && Math.abs(Math.round(k) - k) < 1e-6 && Math.round(k) <= PRICE_MAX_KURUS ? Math.round(k) : NaN;
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
  return k <= PRICE_MAX_KURUS ? k : NaN;
}

/** Folded code or Turkish name → code ("sut", "Süt", "SÜT" → sut). */
const codeLookup = (codes: readonly string[], names: Record<string, string>) =>
  new Map(codes.flatMap((c) => [[foldName(c), c], [foldName(names[c]), c]] as Array<[string, string]>));
const ALLERGEN_LOOKUP = codeLookup(ALLERGEN_CODES, ALLERGENS);
const LABEL_LOOKUP = codeLookup(LABEL_CODES, LABELS);

/**
 * A comma-separated list of codes (`gluten, sut`; a Turkish name is taken too) → the stored form:
 * codes in the list's order, joined by commas ('' = none). The unknown ones are returned apart.
 */
export function parseCodes(text: string, kind: 'allergens' | 'labels'): { value: string; unknown: string[] } {
  const [lookup, order] = kind === 'allergens' ? [ALLERGEN_LOOKUP, ALLERGEN_CODES] : [LABEL_LOOKUP, LABEL_CODES];
  const found = new Set<string>();
  const unknown: string[] = [];
  for (const part of text.split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const code = lookup.get(foldName(part));
    if (code) found.add(code);
    else unknown.push(part);
  }
  return { value: (order as readonly string[]).filter((c) => found.has(c)).join(','), unknown };
}

/** `Evet`/`Hayır` (or 1/0) → '1'/'0'; '' empty; undefined when neither. */
export function parseSoldOut(text: string): '1' | '0' | '' | undefined {
  const s = foldName(text);
  if (s === '') return '';
  if (s === 'evet' || s === '1' || s === 'tükendi') return '1';
  if (s === 'hayır' || s === 'hayir' || s === '0') return '0';
  return undefined;
}

/** A stored value as the sheet shows it (export and the preview). */
export function sheetText(field: SheetField, v: string | number | null | undefined): string {
  if (v == null) return '';
  if (field === 'status') return STATUS_WORDS[v === '0' ? '0' : '1'];
  if (field === 'sold_out') return SOLD_OUT_WORDS[v === '1' ? '1' : '0'];
  if (field === 'allergens' || field === 'labels') return String(v).split(',').filter(Boolean).join(', ');
  if (field === 'selling_price' || field === 'original_price') return (Number(v) / 100).toFixed(2).replace('.', ',');
  return String(v);
}

/** A Miktar cell → value and unit ("250 g", "0,5 L", "250gr"); '' none; undefined when unreadable. */
export function parseAmountCell(text: string): { amount: number | null; amount_unit: AmountUnit | null } | undefined {
  if (text === '') return { amount: null, amount_unit: null };
  const m = /^(\d{1,6}(?:[.,]\d{1,3})?)\s*(\p{L}+)$/u.exec(text.trim());
  if (!m) return undefined;
  const amount = parseAmountValue(m[1]);
  const unit = parseAmountUnit(m[2]);
  return typeof amount === 'number' && !Number.isNaN(amount) && isAmountUnit(unit) ? { amount, amount_unit: unit } : undefined;
}

/** Stored portions (JSON, kuruş) in one comparable form: `[{"name","price"}]`, '[]' for none or unreadable. */
export function canonicalVariants(stored: string | null | undefined): string {
  return JSON.stringify(storedPortions(stored).map((v) => ({ name: v.name, price: v.price })));
}

/** Stored portions as the preview shows them: "Tek: 120,00; Duble: 180,00" ('' for none). */
export function portionsText(stored: string | null | undefined): string {
  return (JSON.parse(canonicalVariants(stored)) as Array<{ name: string; price: number }>)
    .map((v) => `${v.name}: ${sheetText('selling_price', v.price)}`)
    .join('; ');
}
