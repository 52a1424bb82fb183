import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { isoNow } from '../clock.js';
import { awaitTurn } from '../http/owner-pacing.js';
import { findTokenOwner, type TokenOwner } from './tokens.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards: the signed-in account, taken from the bearer token. */
    auth?: TokenOwner;
  }
}

/**
 * Who may call a route:
 *   any   — every signed-in account (owners, staff, admins)
 *   user  — a business: its owner, or a staff member with role `yonetici`
 *   owner — the business's owner only (the plan, the owner's own account and its deletion, staff management)
 *   admin — an administrator
 */
export type Access = 'any' | 'user' | 'owner' | 'admin';
export type StaffRole = NonNullable<TokenOwner['staffRole']>;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

async function signedIn(request: FastifyRequest): Promise<TokenOwner> {
  const token = bearer(request);
  if (!token) throw new UnauthorizedError();
  const owner = await findTokenOwner(request.server.db, token, isoNow(request.server.clock));
  if (!owner || owner.status !== 1) throw new UnauthorizedError();
  return owner;
}

function admits(access: Access, who: TokenOwner): boolean {
  if (access === 'any') return true;
  if (access === 'admin') return who.role === 'admin';
  if (who.role !== 'user') return false;
  if (access === 'owner') return who.staffRole == null;
  return who.staffRole == null || who.staffRole === 'yonetici';
}

/**
 * preHandler factory: no/invalid/expired token or a passive account → HTTP 401;
 * a role that may not call the route → HTTP 403. A staff member admitted here acts for their
 * business: `request.auth.userId` is the business's id, `request.auth.actor` the staff member.
 */
export function requireAuth(access: Access) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const who = await signedIn(request);
    if (!admits(access, who)) throw new ForbiddenError();
    request.auth = who;
    // a business's work waits its turn (platform/http/owner-pacing.ts); the admin's does not
    if (who.role === 'user') await awaitTurn(request, reply, who.userId);
  };
}

/**
 * preHandler factory for the staff screens (kitchen, waiter, bills): admits the business's owner
 * and its staff members whose role is in `roles`; everyone else signed in (another role, an admin)
 * → HTTP 403, no token → 401. Scope every query by `authOf(request).userId` (the business) as owner
 * routes do; `authOf(request).actor` is who acted (for the activity log), `staffRole` their role
 * (undefined for the owner).
 *
 *   app.get('/api/orders', { preHandler: requireStaff(['garson', 'mutfak', 'yonetici']), config: {…} }, …)
 *
 * In the OpenAPI `doc` declare `access: 'user'` (a business account) and name the roles in the description.
 */
export function requireStaff(roles: readonly StaffRole[]) {
  return async function staffGuard(request: FastifyRequest, reply: FastifyReply) {
    const who = await signedIn(request);
    if (who.role !== 'user' || (who.staffRole != null && !roles.includes(who.staffRole))) throw new ForbiddenError();
    request.auth = who;
    await awaitTurn(request, reply, who.userId);
  };
}

/** The signed-in account (only inside a guarded route). */
export function authOf(request: FastifyRequest): TokenOwner {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
