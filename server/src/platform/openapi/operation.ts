import type { z } from 'zod';

/**
 * Who may call an operation: no token, any signed-in account, a business (its owner or a `yonetici`
 * staff member; staff screens name their roles), the owner only, an admin, or whoever holds
 * the operator's METRICS_TOKEN (`/metrics`: its own bearer scheme, not an account's token).
 */
export type Access = 'public' | 'any' | 'user' | 'owner' | 'admin' | 'metrics';

/** How one route is described. The request and response schemas are the contract's zod schemas. */
export interface OperationDoc {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * Request body: JSON, multipart form (with an optional file field), or either. A `multipart` form
   * whose file is optional is read by `readForm`, which takes the same fields as JSON: the document
   * then offers both content types (JSON without the file).
   */
  body?: {
    schema?: z.ZodType;
    as: 'json' | 'multipart' | 'json-or-multipart';
    /** Name and description of the file field of a multipart body. */
    file?: { name: string; description: string; required?: boolean };
    /** Fields of a multipart body beside the file, when there is no schema. */
    description?: string;
  };
  /** Query parameters: name → description (all strings, all optional). */
  query?: Record<string, string>;
  /**
   * The success body (HTTP 200, body `status: 200`). Absent on a JSON route: the answer is
   * described only as the envelope and counted as "undocumented response".
   */
  response?: z.ZodType;
  /** A file answer instead of JSON: its media types. */
  file?: { types: string[]; description: string };
  /** Server-Sent Events (with `Accept: text/event-stream`). */
  events?: string;
  /** The answer is HTML, not JSON. */
  html?: string;
  /**
   * The route answers HTTP 429 past a limit of its own (beside the routes with a `rateLimit`
   * config, which the document finds by itself).
   */
  throttled?: boolean;
  /** The route may answer HTTP 503 (a dependency down): its description. */
  unavailable?: string;
  /** Other HTTP statuses the route answers (status → description), e.g. 409 for a conflict told by the HTTP status. */
  statuses?: Record<string, string>;
  /** A 204 without a body. */
  noContent?: boolean;
}

