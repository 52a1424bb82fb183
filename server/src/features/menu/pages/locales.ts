import {
  FEEDBACK_LIMITS, LANGUAGE_LOCALES, ORDER_LIMITS, type OrderStatus, type AllergenCode, type CallType, type CriterionKey, type LabelCode, type MenuLanguage,
} from '@qrmenu/contract';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import ru from './locales/ru.json';
import { MENU_TEXT } from './texts.js';

/**
 * The diner's pages in each menu language. A language is data: one JSON file per language in
 * `locales/`, all in the shape of `LocaleData` (plain strings, `{name}`-style placeholders), turned
 * into page words (`MenuWords`) by one function. Turkish is the source: texts.ts, table-texts.ts.
 */

/** Words of a table's pages (the survey, the waiter call, the table label). */
interface TableData {
  table: string; callWaiter: string; askBill: string; shareOpinion: string; surveyTitle: string; surveyIntro: string;
  surveyDescription: string; ratingOf: string; criteria: Record<CriterionKey, string>; comment: string; contactTitle: string;
  name: string; tel: string; kvkk: string; privacy: string; honeypot: string; send: string; errorsTitle: string; thanksTitle: string;
  thanks: string; backToMenu: string; callSent: string; callHint: Record<CallType, string>; callRepeated: string; tooManyTitle: string;
  tooMany: string; tableTitle: string; tableInvalid: string;
  errors: { ratingsRequired: string; ratingInvalid: string; commentTooLong: string; nameTooLong: string; telInvalid: string; kvkkRequired: string };
}

/** Words of ordering at the table (features/orders): the `Sepete ekle` forms, the basket page, the statuses and the diner's errors. */
interface OrderData {
  addToBasket: string; portion: string; quantity: string; note: string; myBasket: string; basketTitle: string; basketEmptyHint: string;
  remove: string; total: string; send: string; ordersTitle: string; noOrders: string; orderNo: string; noteLine: string; cancelReason: string;
  tableTotal: string; refresh: string;
  statuses: Record<OrderStatus, string>;
  notices: { added: string; removed: string; sent: string };
  errors: {
    disabled: string; paused: string; noSeat: string; productInvalid: string; soldOut: string; passive: string; portionInvalid: string; quantityInvalid: string;
    noteTooLong: string; basketFull: string; basketEmpty: string; tooMany: string; invalid: string; tableInvalid: string; itemsRequired: string;
  };
}

/** The ordering words a page uses (placeholders filled). */
export interface OrderWords extends Omit<OrderData, 'orderNo' | 'noteLine' | 'cancelReason' | 'errors'> {
  orderNo: (n: number) => string;
  noteLine: (note: string) => string;
  cancelReason: (reason: string) => string;
  errors: Omit<OrderData['errors'], 'soldOut' | 'passive'> & { soldOut: (name: string) => string; passive: (name: string) => string };
}

/** One language as stored: every text a string; placeholders `{name}`, `{category}`, `{n}`, `{q}`, `{label}`, `{max}`. */
export interface LocaleData {
  menu: string; survey: string; welcome: string; redirecting: string; categoriesTitle: string; noCategories: string; noProducts: string;
  back: string; allergen: string; madeWith: string; priceList: string; soldOut: string; discount: string; oldPrice: string; allergens: string; labels: string; portions: string;
  undeclared: string; filterSummary: string; filterLegend: string; filterApply: string; filterClear: string; undeclaredNote: string; searchLabel: string;
  searchPlaceholder: string; searchButton: string; searchTitle: string; searchPrompt: string; language: string;
  landingDescription: string; categoriesDescription: string; productsDescription: string; searchDescription: string;
  hidden: string; hiddenNone: string; searchResults: string; searchNone: string; searchFirst: string;
  allergenNames: Record<AllergenCode, string>;
  labelNames: Record<LabelCode, string>;
  /** The short text mark beside each label's name (aria-hidden; the name is read). */
  labelMarks: Record<LabelCode, string>;
  table: TableData;
  order: OrderData;
}

/** The table words a page uses (placeholders filled). */
export interface TableWords extends Omit<TableData, 'table' | 'surveyDescription' | 'ratingOf' | 'errors'> {
  table: (n: number) => string;
  surveyDescription: (name: string) => string;
  ratingOf: (n: number) => string;
  errors: Omit<TableData['errors'], 'ratingInvalid'> & { ratingInvalid: (label: string) => string };
}

/** The page words of the diner's menu in one language (Turkish: texts.ts). */
export interface MenuWords extends Omit<LocaleData, 'landingDescription' | 'categoriesDescription' | 'productsDescription' | 'searchDescription' | 'hidden' | 'hiddenNone' | 'searchResults' | 'searchNone' | 'searchFirst' | 'table' | 'order'> {
  landingDescription: (name: string) => string;
  categoriesDescription: (name: string) => string;
  productsDescription: (name: string, category: string) => string;
  searchDescription: (name: string) => string;
  hidden: (n: number) => string;
  searchResults: (q: string, n: number) => string;
  searchNone: (q: string) => string;
  /** More products match than are shown: the first `n`. */
  searchFirst: (q: string, n: number) => string;
  table: TableWords;
  order: OrderWords;
}

/** `text` with its `{key}` placeholders replaced (values are not scanned again: a diner's `{q}` stays as typed). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));

/** Page words from a language's data. */
export function wordsOf(d: LocaleData, locale: string): MenuWords {
  const { hiddenNone, table: tb, order: od, ...rest } = d;
  const max = (n: number) => n.toLocaleString(locale);
  return {
    ...rest,
    landingDescription: (name) => fill(d.landingDescription, { name }),
    categoriesDescription: (name) => fill(d.categoriesDescription, { name }),
    productsDescription: (name, category) => fill(d.productsDescription, { name, category }),
    searchDescription: (name) => fill(d.searchDescription, { name }),
    hidden: (n) => (n > 0 ? fill(d.hidden, { n }) : hiddenNone),
    searchResults: (q, n) => fill(d.searchResults, { q, n }),
    searchNone: (q) => fill(d.searchNone, { q }),
    searchFirst: (q, n) => fill(d.searchFirst, { q, n }),
    table: {
      ...tb,
      table: (n) => fill(tb.table, { n }),
      surveyDescription: (name) => fill(tb.surveyDescription, { name }),
      ratingOf: (n) => fill(tb.ratingOf, { n }),
      errors: {
        ...tb.errors,
        ratingInvalid: (label) => fill(tb.errors.ratingInvalid, { label }),
        commentTooLong: fill(tb.errors.commentTooLong, { max: max(FEEDBACK_LIMITS.comment) }),
        nameTooLong: fill(tb.errors.nameTooLong, { max: max(FEEDBACK_LIMITS.name) }),
      },
    },
    order: {
      ...od,
      orderNo: (n) => fill(od.orderNo, { n }),
      noteLine: (note) => fill(od.noteLine, { note }),
      cancelReason: (reason) => fill(od.cancelReason, { reason }),
      errors: {
        ...od.errors,
        soldOut: (name) => fill(od.errors.soldOut, { name }),
        passive: (name) => fill(od.errors.passive, { name }),
        quantityInvalid: fill(od.errors.quantityInvalid, { max: max(ORDER_LIMITS.quantity) }),
        noteTooLong: fill(od.errors.noteTooLong, { max: max(ORDER_LIMITS.note) }),
        basketFull: fill(od.errors.basketFull, { max: max(ORDER_LIMITS.lines) }),
      },
    },
  };
}

const DATA: Record<MenuLanguage, LocaleData> = { en, de, ru, ar, fr };

export const LOCALES = Object.fromEntries(
  Object.entries(DATA).map(([code, d]) => [code, wordsOf(d, LANGUAGE_LOCALES[code as MenuLanguage])]),
) as Record<MenuLanguage, MenuWords>;

export { MENU_TEXT };
