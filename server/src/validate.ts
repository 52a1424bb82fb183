import type { z } from 'zod';
import { fieldErrors } from '@qrmenu/contract';
import { ValidationError } from './errors.js';

/**
 * Validates a request body against a contract schema. Failure → ValidationError with
 * Laravel-style field errors; the handler stops before touching the database.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  opts: { status?: 400 | 422; key?: 'errors' | 'validation_errors'; message?: string } = {},
): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ValidationError(fieldErrors(result.error), opts);
  return result.data;
}

/** Route id parameter: a positive integer, else the resource is simply not found. */
export function parseId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 && String(n) === String(value) ? n : undefined;
}
