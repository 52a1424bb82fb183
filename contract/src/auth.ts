import { z } from 'zod';
import { FIELD_MSG } from './messages.js';
import { optionalText, requiredText } from './validation.js';

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: FIELD_MSG.emailRequired }).min(1, FIELD_MSG.emailRequired).max(191, FIELD_MSG.tooLong(191)).email(FIELD_MSG.emailInvalid),
);

export const loginSchema = z.object({
  email,
  password: z.string({ error: FIELD_MSG.passwordRequired }).min(1, FIELD_MSG.passwordRequired).max(200, FIELD_MSG.tooLong(200)),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: requiredText(120, FIELD_MSG.nameRequired),
  email,
  password: z.string({ error: FIELD_MSG.passwordRequired }).min(8, FIELD_MSG.passwordMin).max(200, FIELD_MSG.tooLong(200)),
  company: optionalText(150),
  address: optionalText(255),
  number: optionalText(30),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Canonical form of an e-mail for uniqueness and sign-in: trimmed, NFKC, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase();
}
