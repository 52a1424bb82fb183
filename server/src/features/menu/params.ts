import { foldTurkish, isMenuLanguage, SLUG_PATTERN, type MenuLanguage } from '@qrmenu/contract';

/**
 * `{company}` as slugs are made: Turkish letters folded (Ç→c, Ğ→g, I/İ/ı→i, Ö→o, Ş→s, Ü→u), lower
 * case. Not a possible slug → undefined (answered 404 without a database query).
 */
export function slugParam(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 200) return undefined;
  const s = foldTurkish(raw.trim());
  return s.length <= 100 && SLUG_PATTERN.test(s) ? s : undefined;
}

export const firstOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
/** `?lang=`: a menu language code, else none (Turkish). Whether the business offers it is checked later. */
export const langParam = (v: string | string[] | undefined): MenuLanguage | undefined => {
  const l = firstOf(v).trim().toLowerCase();
  return isMenuLanguage(l) ? l : undefined;
};
