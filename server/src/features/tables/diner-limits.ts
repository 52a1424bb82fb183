import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who a diner's request comes from, for the waiter-call and survey limits. A restaurant's guests
 * share one Wi-Fi and so one public IP address: the limits are per table and per device (a
 * first-party cookie holding a random id, nothing else), under a per-business ceiling and a
 * generous per-IP ceiling. The id is kept server-side only as a counter key for the 10-minute
 * window (memory or Redis), never in the database: not personal data (KVKK).
 */
export interface Diner {
  ip: string;
  /** The device's random id from its cookie; undefined for a client that keeps no cookie (yet). */
  device?: string;
}

export const DEVICE_COOKIE = 'qrm_cihaz';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** An evening: the cookie lives 12 hours on the diner's phone. */
const DEVICE_MAX_AGE = 12 * 60 * 60;
export const LIMIT_WINDOW = 10 * 60_000;

/** The device id in the request's cookie, if it is one we could have set. */
export function deviceOf(request: FastifyRequest): string | undefined {
  const header = String(request.headers.cookie ?? '');
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return undefined;
}

/**
 * The diner behind a request; a device without our cookie gets one (HttpOnly, SameSite=Lax, Path=/,
 * Secure behind HTTPS) and is counted by it from its next request on.
 */
export function dinerOf(request: FastifyRequest, reply: FastifyReply): Diner {
  const device = deviceOf(request);
  if (!device) {
    const id = randomBytes(16).toString('base64url');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('Set-Cookie', `${DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
  return { ip: request.ip, device };
}

export interface DinerLimits {
  perTable: number;
  perDevice: number;
  perBusiness: number;
  perIp: number;
}

/**
 * Counts one request of `kind` (calls, survey) and tells whether it is within every limit: its
 * table's and device's first (a flood from one table or one phone stops there without eating the
 * business's ceiling), then the IP's and the business's. Fixed 10-minute windows.
 */
export async function withinLimits(app: FastifyInstance, kind: string, userId: number, masa: number | undefined, diner: Diner, limits: DinerLimits): Promise<boolean> {
  const count = (key: string) => app.dinerCounters.incr(`${kind}:${key}`, LIMIT_WINDOW);
  if (masa !== undefined && (await count(`table:${userId}:${masa}`)) > limits.perTable) return false;
  if (diner.device && (await count(`device:${diner.device}`)) > limits.perDevice) return false;
  if ((await count(`ip:${diner.ip}`)) > limits.perIp) return false;
  return (await count(`business:${userId}`)) <= limits.perBusiness;
}

export const callLimits = (app: FastifyInstance): DinerLimits => ({
  perTable: app.config.callsPerTable,
  perDevice: app.config.callsPerDevice,
  perBusiness: app.config.callsPerBusiness,
  perIp: app.config.callsPerIp,
});

export const feedbackLimits = (app: FastifyInstance): DinerLimits => ({
  perTable: app.config.feedbackPerTable,
  perDevice: app.config.feedbackPerDevice,
  perBusiness: app.config.feedbackPerBusiness,
  perIp: app.config.feedbackPerIp,
});
