import { randomBytes } from 'node:crypto';
import { SEAT_HOURS } from '@qrmenu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TableRef } from './orders.repository.js';

/**
 * A diner's seat at a table: opening the table's QR address (a menu page with `?masa=N` of a
 * business that takes orders) gives the device a random id in the `qrm_masa` cookie, remembered
 * server-side for 3 hours as bound to that business and table (of that branch: table 2 of one branch is not table 2 of another) (the diner counters: memory or
 * Redis, shared by every process). Only a device with a seat at the table adds to its basket and
 * sends it. The id is a random key, never stored in the database: not personal data (KVKK).
 */
export const SEAT_COOKIE = 'qrm_masa';
const SEAT_ID = /^[A-Za-z0-9_-]{22}$/;
const SEAT_MS = SEAT_HOURS * 60 * 60_000;
/** A table of the main branch keeps the key it always had; an extra branch's table has its own. */
const key = (t: TableRef, id: string) => (t.branch === 0 ? `seat:${t.userId}:${t.masa}:${id}` : `seat:${t.userId}:b${t.branch}:${t.masa}:${id}`);

export function seatIdOf(request: FastifyRequest): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SEAT_COOKIE && value && SEAT_ID.test(value)) return value;
  }
  return undefined;
}

/** Gives (or renews) the device's seat at this table: a fresh 3-hour window, the cookie to match. */
export async function giveSeat(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, t: TableRef): Promise<void> {
  // a device coming from another table gets a new id: a seat is bound to one table
  const id = (await seatAt(app, request, t)) ?? randomBytes(16).toString('base64url');
  await app.dinerCounters.del(key(t, id));
  await app.dinerCounters.incr(key(t, id), SEAT_MS);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${SEAT_COOKIE}=${id}; Max-Age=${SEAT_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${secure}`);
}

/** The device's seat id when it holds a seat at this table (opened its QR address in the last 3 hours). */
export async function seatAt(app: FastifyInstance, request: FastifyRequest, t: TableRef): Promise<string | undefined> {
  const id = seatIdOf(request);
  if (!id) return undefined;
  return (await app.dinerCounters.get(key(t, id))) > 0 ? id : undefined;
}
