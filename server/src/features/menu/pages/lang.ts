import {
  ALLERGENS, formatDateTime, formatNumber, formatPrice, LABELS, LANGUAGE_LOCALES, RTL_LANGUAGES, type AnyLanguage, type MenuLanguage,
} from '@qrmenu/contract';
import { LOCALES, type MenuWords } from './locales.js';
import { TABLE_TEXT } from './table-texts.js';
import { ORDER_TEXT } from './order-texts.js';
import { LABEL_MARK, MENU_TEXT } from './texts.js';

/**
 * Made on first use, not at module load: TABLE_TEXT comes from the tables feature, which imports
 * this feature back (an entry point that loads tables first met an unfinished binding).
 */
let turkish: MenuWords | undefined;
const turkishWords = () => (turkish ??= { ...MENU_TEXT, language: 'Dil', allergenNames: ALLERGENS, labelNames: LABELS, labelMarks: LABEL_MARK, table: TABLE_TEXT, order: ORDER_TEXT });

/** The language a menu page is in: its words, price format, and how its links keep it. */
export interface PageLang {
  code: AnyLanguage;
  dir: 'ltr' | 'rtl';
  t: MenuWords;
  /** The business's languages, `tr` first (the switcher and hreflang links); only tr: no switcher. */
  offered: AnyLanguage[];
  price: (tl: number | null | undefined) => string;
  /** A count (a quantity) in the language's locale. */
  number: (n: number) => string;
  /** A moment (ISO 8601) as a short date and time in Türkiye (Europe/Istanbul), in the language's locale. */
  dateTime: (iso: string | null | undefined) => string;
  /** `path` in this page's language (`?lang=` / `&lang=` added unless Turkish). */
  link: (path: string) => string;
}

/** A language's formatter, made at its first use and kept. */
function perLanguage<F>(make: (locale: string) => F): (code: AnyLanguage) => F {
  const made = new Map<AnyLanguage, F>();
  return (code) => {
    let f = made.get(code);
    if (!f) {
      f = make(LANGUAGE_LOCALES[code]);
      made.set(code, f);
    }
    return f;
  };
}
const priceFormat = perLanguage((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' }));
const numberFormat = perLanguage((locale) => new Intl.NumberFormat(locale));
const dateTimeFormat = perLanguage((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' }));

/** `path` in language `code` (Turkish: the path as it is). */
export const withLang = (path: string, code: AnyLanguage) => (code === 'tr' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${code}`);

/** A page in `code` when the business offers it, else Turkish. */
export function pageLang(requested: MenuLanguage | undefined, enabled: readonly MenuLanguage[] = []): PageLang {
  const code: AnyLanguage = requested && enabled.includes(requested) ? requested : 'tr';
  return {
    code,
    dir: RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr',
    get t() {
      return code === 'tr' ? turkishWords() : LOCALES[code];
    },
    offered: enabled.length ? ['tr', ...enabled] : [],
    price: code === 'tr' ? formatPrice : (tl) => (tl == null ? '' : priceFormat(code).format(tl)),
    number: code === 'tr' ? formatNumber : (n) => numberFormat(code).format(n),
    dateTime: code === 'tr' ? formatDateTime : (iso) => (iso ? dateTimeFormat(code).format(new Date(iso)) : ''),
    link: (path) => withLang(path, code),
  };
}

export const TURKISH_PAGE = pageLang(undefined);

/**
 * On a right-to-left page, an owner's text keeps its own direction (`dir="auto"`): a Turkish
 * fallback ("ekmek.") reads left to right, not ".ekmek". Left-to-right pages need nothing.
 */
export const ownText = (L: PageLang): { dir?: 'auto' } => (L.dir === 'rtl' ? { dir: 'auto' } : {});

/**
 * The same page language whose links keep the diner's allergen filter (`?haric=gluten,sut`), so it
 * stays on between categories, the list and the search (the filter's own "clear" link uses `L`).
 */
export function keepFilter(L: PageLang, haric: readonly string[]): PageLang {
  if (haric.length === 0) return L;
  return { ...L, link: (path) => L.link(`${path}${path.includes('?') ? '&' : '?'}haric=${haric.join(',')}`) };
}
