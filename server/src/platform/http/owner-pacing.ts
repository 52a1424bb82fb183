import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@qrmenu/contract';
import { AppError } from '../errors.js';

/**
 * A share of the server for each business's own work while diners are reading menus (README, "A
 * business's share of the server"). Every business's diners are served by the same event loop as
 * every owner's screens; a script that saves, imports or exports back to back would otherwise fill
 * the loop and slow every menu on the process. So while diners are being served (a request without
 * a sign-in token reached the server in the last `dinersWindowMs`), each business's signed-in
 * requests (its owner's and its staff's; not the admin's, not the diners') may keep the server busy
 * for at most `share` of the time, measured as the wall time from admission to the answer, after a
 * free `burst`. A request over the share is delayed, not refused — as nginx's `limit_req … delay`
 * does — until its turn; only one that would wait longer than `maxWaitMs` gets HTTP 429 with
 * `Retry-After` (nothing done). With nobody reading a menu there is nobody to give way to: nothing
 * is charged or delayed.
 *
 * The accounting is GCRA (the generic cell rate algorithm of rate limiters) with a variable cost:
 * each business has a theoretical time `tat`; an answer that took `c` ms moves it by `c / share`
 * (from now, when it lags); a request may start once `tat − burst / share` has passed. One request
 * is charged at most `chargeCapMs`, so a single long export never delays the next click by more
 * than `chargeCapMs / share`. People never meet it: a person's clicks keep a business busy a few
 * per cent of the time. Per process: with several processes (REDIS_URL) each keeps its own.
 */
export interface PacingOptions {
  /** The share of the time one business may keep the server busy, 0–1 (OWNER_SHARE %); 0 turns pacing off. */
  share: number;
  /** Work free of pacing after a quiet spell, in ms (OWNER_BURST_MS). */
  burstMs: number;
  /** Longest delay before a request is refused with HTTP 429 instead, in ms. */
  maxWaitMs: number;
  /** Most work one request is charged, in ms (a slow download is not the server's work). */
  chargeCapMs: number;
  /** Diners count as present this long after the last request without a token, in ms. */
  dinersWindowMs: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

export const DEFAULT_PACING = { maxWaitMs: 10_000, chargeCapMs: 250, dinersWindowMs: 1_000 } as const;

/** A request may start after `waitMs` (0: now), or is refused: it would wait `refuseMs`. */
export type Admission = { waitMs: number; refuseMs?: undefined } | { waitMs?: undefined; refuseMs: number };

export class OwnerPacing {
  private readonly tat = new Map<number, number>();
  private readonly now: () => number;
  /** Requests delayed and refused since start (the metrics read them). */
  delayed = 0;
  refused = 0;
  /** Requests without a token since start (the server's request listener counts them: `sawDiner`). */
  private diners = 0;
  private dinersSeen = 0;
  private dinersSeenAt = -Infinity;
  private lastLook = -Infinity;

  constructor(private readonly opts: PacingOptions) {
    this.now = opts.now ?? (() => performance.now());
  }

  get enabled(): boolean {
    return this.opts.share > 0;
  }

  /** A request without a sign-in token reached the server (a diner, or a visitor): one increment, on the menu's path. */
  sawDiner(): void {
    this.diners++;
  }

  /**
   * Whether a diner was served within `dinersWindowMs`, looked at when an owner's request comes or
   * ends. The listener only counts (no clock on the menu's path), so a diner counted since the last
   * look is dated at that look, the earliest it can have come: a diner long gone never makes the
   * owner wait; a script's back-to-back requests look often enough to see the diners at once.
   */
  dinersPresent(now = this.now()): boolean {
    if (this.diners !== this.dinersSeen) {
      this.dinersSeen = this.diners;
      this.dinersSeenAt = this.lastLook;
    }
    this.lastLook = now;
    return now - this.dinersSeenAt < this.opts.dinersWindowMs;
  }

  /** When `business` may start its next request, or that it is refused (it would wait past `maxWaitMs`). */
  admission(business: number): Admission {
    const tat = this.tat.get(business);
    if (tat === undefined || !this.dinersPresent()) return { waitMs: 0 };
    const waitMs = Math.max(0, tat - this.opts.burstMs / this.opts.share - this.now());
    if (waitMs > this.opts.maxWaitMs) {
      this.refused++;
      return { refuseMs: waitMs };
    }
    if (waitMs > 0) this.delayed++;
    return { waitMs };
  }

  /** Charges `business` for a request that kept the server `ms` busy. */
  charge(business: number, ms: number): void {
    const now = this.now();
    if (!this.dinersPresent(now)) return;
    const cost = Math.min(Math.max(ms, 0), this.opts.chargeCapMs) / this.opts.share;
    this.tat.set(business, Math.max(this.tat.get(business) ?? now, now) + cost);
    if (this.tat.size > 10_000) this.forgetPaidUp(now);
  }

  /** Businesses whose work is paid up carry no state. */
  private forgetPaidUp(now: number): void {
    for (const [business, tat] of this.tat) if (tat <= now) this.tat.delete(business);
  }

  /** Businesses with a debt (tests and metrics). */
  get tracked(): number {
    return this.tat.size;
  }

  time(): number {
    return this.now();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    ownerPacing: OwnerPacing;
  }
  interface FastifyRequest {
    /** Set when a business's request was admitted by the pacing: whose, and since when (monotonic ms). */
    paced?: { business: number; since: number };
  }
}

/**
 * The guards call this once they know the business (platform/auth/guards.ts): it waits out the
 * business's turn, or refuses past `maxWaitMs`.
 */
export async function awaitTurn(request: FastifyRequest, reply: FastifyReply, business: number): Promise<void> {
  const pacing = request.server.ownerPacing;
  if (!pacing?.enabled) return;
  const { waitMs, refuseMs } = pacing.admission(business);
  if (refuseMs !== undefined) {
    const seconds = Math.ceil(refuseMs / 1000);
    void reply.header('Retry-After', String(seconds));
    throw new AppError(429, 429, MSG.ownerPaced(seconds));
  }
  if (waitMs > 0) await sleep(waitMs);
  request.paced = { business, since: pacing.time() };
}

function chargeOnResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const paced = request.paced;
  // a live stream (the waiter calls' and the kitchen's events) is a connection held open, not work
  if (paced && !String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
    request.server.ownerPacing.charge(paced.business, request.server.ownerPacing.time() - paced.since);
  }
  done();
}

export default fp<PacingOptions>(async (app, opts) => {
  app.decorate('ownerPacing', new OwnerPacing(opts));
  app.addHook('onResponse', chargeOnResponse);
}, { name: 'owner-pacing' });
