import { z } from 'zod';
import { foldTurkish } from './slug.js';

/**
 * The rules of the Turkish price-list regulation (Fiyat Etiketi Yönetmeliği) that the product
 * enforces, in one place: the menu note, texts and translations (issue 38) and the price list's
 * compliance check (issue 41) all use these.
 */
export const PRICE_RULES = {
  /** Art. 8(6), Resmî Gazete 33153, in force 30 January 2026. */
  noCharge: 'Fiyat Etiketi Yönetmeliği md. 8/6 (30 Ocak 2026)',
} as const;

/**
 * Words that announce a service, table or cover charge, Turkish-folded (`foldTurkish`): Turkish,
 * English, German, French, Russian and Arabic as owners and their translators write them.
 */
export const CHARGE_TERMS: readonly string[] = [
  'servis ucreti', 'servis bedeli', 'servis ucret', 'hizmet bedeli', 'hizmet ucreti', 'kuver', 'couvert', 'cover charge',
  'masa ucreti', 'masa bedeli', 'oturma ucreti', 'service charge', 'service fee', 'table charge', 'table fee', 'cover fee',
  'bedienungsgeld', 'bedienungszuschlag', 'servicegebuhr', 'gedeck', 'frais de service', 'supplement service',
  'плата за обслуживание', 'сервисный сбор', 'رسوم الخدمة', 'رسم الخدمة',
];

/** Words that contain a term but announce nothing (couverture chocolate: "bitter kuvertür"), folded. */
const NOT_CHARGES = /\b(kuvertur\w*|couverture\w*)/g;

/** A sentence that says no such charge is taken ("Kuver ücreti alınmaz.", "No service charge."). */
const NEGATIONS = [
  /\b(alinmaz|alinmamaktadir|yoktur|yok|alinmiyor|talep edilmez|uygulanmaz|uygulanmamaktadir)\b/,
  /\b(no|without|free of|not)\b/, /\b(kein|keine|ohne)\b/, /\b(pas de|sans|aucun)\b/, /(без|нет)/, /(بدون|لا)/,
];

/**
 * The charge a text announces (the matched term, folded), or null when it announces none. A
 * sentence that mentions a charge only to say none is taken is allowed.
 */
export function announcedCharge(text: string | null | undefined): string | null {
  if (!text) return null;
  const folded = foldTurkish(text).replace(/\s+/g, ' ').replace(NOT_CHARGES, ' ');
  for (const sentence of folded.split(/[.!?\n;]+/)) {
    const term = CHARGE_TERMS.find((t) => sentence.includes(t));
    if (term && !NEGATIONS.some((n) => n.test(sentence))) return term;
  }
  return null;
}

/** The Turkish error for such a text, citing the rule. */
export const CHARGE_MESSAGE = `Servis, masa veya kuver ücreti duyurulamaz: ${PRICE_RULES.noCharge} menü ve fiyat listelerinde bu ücretleri yasaklar.`;

/**
 * A contract text field that refuses an announced charge with CHARGE_MESSAGE (a text that is not a
 * string, or absent, is left to the field's own checks).
 */
export const chargeFree = <T extends z.ZodType>(schema: T) =>
  schema.refine((v: unknown) => typeof v !== 'string' || announcedCharge(v) === null, { message: CHARGE_MESSAGE });
/** Citations of the other rules the price list's compliance check (issue 41) applies. */
export const PRICE_LIST_RULES = {
  /** Art. 8: every product served, its price in TL with taxes included, at the door and on the tables. */
  listAll: 'Fiyat Etiketi Yönetmeliği md. 8 (1 Ocak 2024)',
  /** The Ministry's gram rule for döner, iskender and hamburger meat (late 2024). */
  gram: 'Ticaret Bakanlığı gramaj duyurusu (Fiyat Etiketi Yönetmeliği md. 8)',
  /** A discount must be shown against the lowest price of the 30 days before it began. */
  campaign: 'Fiyat Etiketi Yönetmeliği md. 11 (indirimli satışlarda önceki fiyat)',
  /** The list at the door must match what is served and charged. */
  current: 'Fiyat Etiketi Yönetmeliği md. 8 (listenin güncel tutulması)',
} as const;

/**
 * Products whose gram amount the list must give (Turkish-folded, matched with `foldTurkish`): the
 * one list of them, used by the compliance check and the product form.
 */
export const GRAM_REQUIRED_TERMS: readonly string[] = ['doner', 'iskender', 'hamburger', 'burger', 'kofte ekmek'];

/** The matched term when a product name needs a gram amount ("Et Döner Dürüm" → 'doner'), else null. */
export function gramRequiredTerm(name: string | null | undefined): string | null {
  if (!name) return null;
  const folded = ` ${foldTurkish(name).replace(/[^a-z0-9]+/g, ' ').trim()} `;
  return GRAM_REQUIRED_TERMS.find((t) => folded.includes(t)) ?? null;
}
