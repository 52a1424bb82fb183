import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent, WaiterCallsResponse } from '@qrmenu/contract';
import { findTokenOwner } from '../../platform/auth/tokens.repository.js';
import { isoNow } from '../../platform/clock.js';

/** Heartbeat of the live stream; each one also checks that the token still holds. */
const HEARTBEAT_MS = 20_000;

/**
 * The owner's live stream of waiter calls (Server-Sent Events on the hijacked answer): a `snapshot`
 * event (the open calls), then `call` and `done` events as they happen, a comment line every 20 s
 * while the token still holds. `streams` holds the open ones (ended when the server closes).
 */
export function streamWaiterCalls(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  snapshot: () => Promise<WaiterCallsResponse>,
  streams: Set<ServerResponse>,
  shows: (call: { branch_id: number }) => boolean = () => true,
): Promise<void> {
  // a call of another branch than the stream's is not sent; `done` always is (the panel ignores an unknown id)
  const pick = (e: LiveEvent): [string, unknown] | undefined =>
    e.type === 'call' ? (shows(e.call) ? ['call', e.call] : undefined) : e.type === 'done' ? ['done', { id: e.id }] : undefined;
  return streamLive(app, request, reply, { userId, snapshot, streams, pick });
}

/**
 * A business's live stream (Server-Sent Events on the hijacked answer): a `snapshot` event, then
 * the events `pick` names (others are skipped), a comment line every 20 s while the token still
 * holds (`holds`: by default, the token is still the business owner's). Shared by the waiter calls
 * and the orders (features/orders).
 */
export async function streamLive(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    userId: number;
    snapshot: () => Promise<unknown>;
    streams: Set<ServerResponse>;
    pick: (e: LiveEvent) => [string, unknown] | undefined;
    holds?: (tokenUserId: number) => boolean;
  },
): Promise<void> {
  const { userId, snapshot, streams, pick } = opts;
  const holds = opts.holds ?? ((u: number) => u === userId);
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'keep-alive',
  });
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  // subscribed before the snapshot is read: nothing falls between the two
  const unsubscribe = app.tablesLive.subscribe(userId, (e: LiveEvent) => {
    const picked = pick(e);
    if (picked) send(picked[0], picked[1]);
  });
  const token = String(request.headers.authorization ?? '').split(' ')[1] ?? '';
  const beat = setInterval(() => {
    findTokenOwner(app.db, token, isoNow(app.clock)).then(
      (o) => (o && holds(o.userId) ? res.write(': canlı\n\n') : res.end()),
      () => res.end(),
    );
  }, HEARTBEAT_MS);
  streams.add(res);
  res.on('close', () => {
    clearInterval(beat);
    unsubscribe();
    streams.delete(res);
  });
  res.write('retry: 2000\n\n');
  send('snapshot', await snapshot());
}
