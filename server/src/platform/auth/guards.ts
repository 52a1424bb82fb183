import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { findTokenOwner, type TokenOwner } from './tokens.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards: the signed-in account, taken from the bearer token. */
    auth?: TokenOwner;
  }
}

export type Access = 'any' | 'user' | 'admin';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * preHandler factory: no/invalid/expired token or a passive account → HTTP 401;
 * a role that may not call the route → HTTP 403.
 */
export function requireAuth(access: Access) {
  return async function guard(this: { db: import('../db/database.js').DB }, request: FastifyRequest, _reply: FastifyReply) {
    const token = bearer(request);
    if (!token) throw new UnauthorizedError();
    const owner = await findTokenOwner(request.server.db, token);
    if (!owner || owner.status !== 1) throw new UnauthorizedError();
    if (access !== 'any' && owner.role !== access) throw new ForbiddenError();
    request.auth = owner;
  };
}

/** The signed-in account (only inside a guarded route). */
export function authOf(request: FastifyRequest): TokenOwner {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
