import type { FieldErrors } from '@qrmenu/contract';
import { CHARGE_MESSAGE, MSG } from '@qrmenu/contract';

/**
 * One error path: handlers throw these, `app.ts` maps them to responses.
 * Application outcomes travel in the body with HTTP 200 (the spec's client reads `status`);
 * transport outcomes (401, 403, 413, 429) use the HTTP status.
 */
export class AppError extends Error {
  constructor(
    /** HTTP status of the response. */
    readonly httpStatus: number,
    /** `status` in the JSON body. */
    readonly bodyStatus: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Body status 400/422 with field errors under `errors` (or `validation_errors` on login/register). */
export class ValidationError extends AppError {
  constructor(
    errors: FieldErrors,
    opts: { status?: 400 | 422; message?: string; key?: 'errors' | 'validation_errors' } = {},
  ) {
    // an announced service or cover charge is always body 422 (the rule, not a malformed form)
    const charge = Object.values(errors).some((list) => list.includes(CHARGE_MESSAGE));
    super(200, charge ? 422 : (opts.status ?? 422), opts.message ?? MSG.validation, { [opts.key ?? 'errors']: errors });
  }
}

/** Not found — or not yours: the two are indistinguishable on purpose. */
export class NotFoundError extends AppError {
  constructor(message: string = MSG.notFound) {
    super(200, 404, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = MSG.unauthorized) {
    super(401, 401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = MSG.forbidden) {
    super(403, 403, message);
  }
}
