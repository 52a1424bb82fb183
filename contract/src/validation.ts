import { z } from 'zod';

/** Every zod default message in Turkish (zod ships a Turkish locale). */
z.config(z.locales.tr());

/** Laravel-style field errors: `{ field: ['message', …] }`. */
export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Trimmed string; empty / missing / null become undefined (for optional fields). */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v == null ? undefined : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string().max(max, `En fazla ${max} karakter girebilirsiniz.`).optional(),
  );

/** Required trimmed string with a Turkish message when missing or empty. */
export const requiredText = (max: number, requiredMsg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: requiredMsg })
      .min(1, requiredMsg)
      .max(max, `En fazla ${max} karakter girebilirsiniz.`),
  );

/**
 * A Turkish phone number: 10 digits (area or operator code first, 2–5 or 8) after 0, +90 or
 * nothing; spaces, dots, dashes and parentheses are ignored. Returns it as Turks write it,
 * "0532 123 45 67", or null ("12345", a foreign number, letters).
 */
export function formatTrPhone(input: string): string | null {
  const m = /^(?:\+90|0090|90|0)?([2-58]\d{9})$/.exec(input.replace(/[\s().\-/]/g, ''));
  if (!m) return null;
  const d = m[1];
  return `0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`;
}
export const TEL_INVALID = 'Geçerli bir Türkiye telefon numarası girin: 0 veya +90 ile başlayan 10 haneli numara (örneğin 0532 123 45 67).';

/**
 * A Turkish phone number (see formatTrPhone), kept as the person typed it (trimmed); screens show
 * it formatted with formatTrPhone. Required, with its own message.
 */
export const trPhone = (requiredMsg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: requiredMsg }).min(1, requiredMsg).max(30, TEL_INVALID).refine((v) => formatTrPhone(v) != null, TEL_INVALID),
  );
/** The same, optional: empty = none. */
export const optionalTrPhone = () =>
  z.preprocess(
    (v) => (v == null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string().max(30, TEL_INVALID).refine((v) => formatTrPhone(v) != null, TEL_INVALID).optional(),
  );
