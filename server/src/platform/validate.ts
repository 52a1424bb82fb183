import type { z } from 'zod';
import { ADMIN_LIST_MSG, adminListQuerySchema, fieldErrors, type AdminListName, type AdminListQuery } from '@qrmenu/contract';
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

/** An admin list's query string (page, per_page, q, sort, dir, filters); bad values → body 422 in Turkish. */
export function parseListQuery<L extends AdminListName>(list: L, query: unknown): AdminListQuery<L> {
  return parseBody(adminListQuerySchema(list), query, { status: 422, message: ADMIN_LIST_MSG.invalid });
}
