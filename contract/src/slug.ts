/**
 * Slugs of public menu addresses are ASCII. Turkish letters are folded first (Ç→c, Ğ→g, I/İ/ı→i,
 * Ö→o, Ş→s, Ü→u), other accents are stripped, everything else becomes '-'.
 * The same fold is applied to a requested `{company}` before lookup, so `/qr/ÇINAR-KAFE` opens
 * `cinar-kafe`.
 */
const TURKISH_FOLD: Record<string, string> = {
  Ç: 'c', ç: 'c', Ğ: 'g', ğ: 'g', I: 'i', İ: 'i', ı: 'i', Ö: 'o', ö: 'o', Ş: 's', ş: 's', Ü: 'u', ü: 'u',
};

export function foldTurkish(input: string): string {
  return input
    .replace(/[ÇçĞğIİıÖöŞşÜü]/g, (ch) => TURKISH_FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function slugify(input: string): string {
  return foldTurkish(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** A valid slug: lower-case ASCII letters and digits in groups joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
