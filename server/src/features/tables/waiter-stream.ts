import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WaiterCallsResponse, WaiterEvent } from '@qrmenu/contract';
import { findTokenOwner } from '../../platform/auth/tokens.repository.js';

/** Heartbeat of the live stream; each one also checks that the token still holds. */
const HEARTBEAT_MS = 20_000;

/**
 * The owner's live stream of waiter calls (Server-Sent Events on the hijacked answer): a `snapshot`
 * event (the open calls), then `call` and `done` events as they happen, a comment line every 20 s
 * while the token still holds. `streams` holds the open ones (ended when the server closes).
 */
export async function streamWaiterCalls(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  snapshot: () => Promise<WaiterCallsResponse>,
  streams: Set<ServerResponse>,
): Promise<void> {
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
  const unsubscribe = app.tablesLive.subscribe(userId, (e: WaiterEvent) => send(e.type, e.type === 'call' ? e.call : { id: e.id }));
  const token = String(request.headers.authorization ?? '').split(' ')[1] ?? '';
  const beat = setInterval(() => {
    findTokenOwner(app.db, token).then(
      (o) => (o && o.userId === userId ? res.write(': canlı\n\n') : res.end()),
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
