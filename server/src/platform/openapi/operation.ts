import type { z } from 'zod';

/** Who may call an operation: no token, any signed-in account, an owner, an admin. */
export type Access = 'public' | 'any' | 'user' | 'admin';

/** How one route is described. The request and response schemas are the contract's zod schemas. */
export interface OperationDoc {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Request body: JSON, multipart form (with an optional file field), or either. */
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
  /** A 204 without a body. */
  noContent?: boolean;
}

