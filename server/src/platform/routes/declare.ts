import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@qrmenu/contract';
import type { DB } from '../db/database.js';
import type { OperationDoc } from '../openapi/operation.js';

/**
 * What a write does to the diners' menus, declared by every non-GET /api route:
 *  - `none`: never changes what a diner sees (sign-in, contact form, surveys, waiter calls);
 *  - `owner`: changes the menu of the signed-in owner (an administrator's call of it: every menu);
 *  - `all`: may change any business's menu (administrator writes).
 * The menu cache (features/menu/cache/menu-cache.ts) invalidates from it after a write.
 */
export type CacheEffect = 'none' | 'owner' | 'all';

/**
 * How an administrator's write is recorded in the audit log (platform/audit/). The handler runs
 * its write through `request.audited(trx => …)`: the record is read before and after the write and
 * the entry inserted, all in the write's transaction.
 */
export interface AuditRule {
  action: AuditAction;
  /** The audited record as it is (read before, then after the write, in its transaction); its `fields` are compared. */
  snapshot(db: DB, request: FastifyRequest): Promise<Record<string, unknown>>;
  fields: readonly string[];
  target(request: FastifyRequest): { user?: number; message?: number };
}

/** What is true of one route, declared beside its handler (route option `config`). */
export interface RouteDeclaration {
  /** Its OpenAPI operation (platform/openapi/document.ts builds the document from these). */
  doc?: OperationDoc;
  /** Its effect on the menu caches (required of every non-GET /api route). */
  cache?: CacheEffect;
  /** How it is audited, when it is an audited administrator write. */
  audit?: AuditRule;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: OperationDoc;
    cache?: CacheEffect;
    audit?: AuditRule;
  }
}

/** One registered route and its declaration (collected by an onRoute hook in app.ts: `app.routeList`). */
export interface DeclaredRoute extends RouteDeclaration {
  method: string;
  url: string;
  /** It has a rate limit (`config.rateLimit`): its document lists HTTP 429. */
  throttled?: boolean;
}
