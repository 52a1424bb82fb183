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
