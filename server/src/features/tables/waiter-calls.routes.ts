import type { FastifyPluginAsync } from 'fastify';
import { TABLE_MSG, type WaiterCallsResponse, callSchema, callSentResponseSchema, okSchema, waiterCallsResponseSchema } from '@qrmenu/contract';
import { authOf, requireStaff } from '../../platform/auth/guards.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import { closeCall, listOpenCalls } from './waiter-calls.repository.js';
import { streamWaiterCalls } from './waiter-stream.js';
import { callWaiter } from './call-waiter.js';
import { findDinerBusiness } from './diner-business.js';
import { dinerOf } from './diner-limits.js';
import { parseId } from '../../platform/validate.js';
import { TAG, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';
import { branchScope, inScope, type BranchScope } from '../branches/index.js';

/**
 * Calling the waiter. The diner's JSON twin (`POST /api/call-waiter/{company}` {masa, type}); the
 * owner's open calls, closing one, and the live stream of new and closed calls (Server-Sent
 * Events, authenticated by the usual `Authorization: Bearer` header: the token never goes in a URL).
 */
const waiterCallsRoutes: FastifyPluginAsync = async (app) => {
  // open streams end as the server begins to close (else close() would wait for every panel to leave)
  const streams = new Set<import('node:http').ServerResponse>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  app.post<{ Params: { company: string } }>('/api/call-waiter/:company', {
    bodyLimit: 4 * 1024,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.menu, access: 'public', throttled: true, body: { as: 'json', schema: callSchema }, response: callSentResponseSchema,
        summary: 'Garson veya hesap çağır',
        description: 'Sunucuda işlenen HTML formunun JSON ikizi. `masa` işletmenin masa sayısı içinde olmalı.',
      },
    },
  }, async (request, reply) => {
    const business = await findDinerBusiness(app.db, request.params.company);
    if (!business) throw new NotFoundError(TABLE_MSG.businessNotFound);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const outcome = await callWaiter(app, business, body, dinerOf(request, reply));
    if (outcome.kind === 'invalid') throw new ValidationError(outcome.errors, { status: 422, message: TABLE_MSG.tableInvalid });
    if (outcome.kind === 'limited') throw new AppError(429, 429, TABLE_MSG.tooMany);
    return { status: 200, message: TABLE_MSG.callSent, masa: outcome.masa, type: outcome.type };
  });

  const STAFF_DOC = 'İşletme sahibi ile Garson ve Yönetici rolündeki personel çağırabilir.';
  const BRANCH = { branch: 'Yalnızca bir şubenin: 0 ana şube, diğerleri şube numarası (yoksa: bütün şubeler; şubelere atanmış personel yalnızca kendi şubelerini görür)' };
  const NOT_THEIRS = 'Başka işletmenin şubesi veya personelin çalışmadığı şube: gövde `status: 404`; geçersiz şube numarası: gövde `status: 422`.';
  const snapshot = async (userId: number, scope: BranchScope): Promise<WaiterCallsResponse> => ({
    status: 200,
    message: TABLE_MSG.callsListed,
    calls: await listOpenCalls(app.db, userId, app.clock.now(), scope.branch === undefined ? undefined : scope.branch || null, scope.only),
    now: app.clock.now().toISOString(),
  });

  app.get<{ Querystring: { branch?: string } }>('/api/waiter-calls', {
    preHandler: requireStaff(['garson', 'yonetici']),
    config: { doc: { tag: TAG.tables, access: 'user', query: BRANCH, response: waiterCallsResponseSchema, summary: 'Açık garson çağrıları', description: `${STAFF_DOC} ${NOT_THEIRS}` } },
  }, async (request) => {
    // a staff member who works at some branches sees their calls (features/branches)
    return snapshot(authOf(request).userId, await branchScope(app, request, request.query.branch));
  });

  app.post<{ Params: { id: string } }>('/api/waiter-calls/:id/done', {
    preHandler: requireStaff(['garson', 'yonetici']),
    config: { cache: 'none', doc: { tag: TAG.tables, access: 'user', response: okSchema, summary: 'Çağrıyı tamamla', description: `${OWNER_NOT_FOUND} ${STAFF_DOC}` } },
  }, async (request) => {
    const userId = authOf(request).userId;
    const id = parseId(request.params.id);
    const r = id ? await closeCall(app.db, userId, id, app.clock.now()) : undefined;
    if (!r) throw new NotFoundError();
    if (r.closed) await app.tablesLive.publish(userId, { type: 'done', id: id! });
    return { status: 200, message: TABLE_MSG.callDone };
  });

  /**
   * `Accept: text/event-stream`: a `snapshot` event (the open calls), then `call` and `done` events
   * as they happen, a comment line every 20 s. Any other Accept: the snapshot as JSON.
   */
  app.get<{ Querystring: { branch?: string } }>('/api/waiter-calls/stream', {
    preHandler: requireStaff(['garson', 'yonetici']), compress: false,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', response: waiterCallsResponseSchema, query: BRANCH,
        events: 'Server-Sent Events: önce `snapshot` (açık çağrılar, JSON), sonra `call` (yeni çağrı) ve `done` (`{id}`) olayları; 20 saniyede bir yorum satırı.',
        summary: 'Canlı garson çağrıları (SSE)',
        description: `\`Accept: text/event-stream\` ile olay akışı; başka bir Accept ile açık çağrılar JSON olarak. \`?branch=\` ile yalnızca o şubenin çağrıları. ${STAFF_DOC} ${NOT_THEIRS}`,
      },
    },
  }, async (request, reply) => {
    const owner = authOf(request);
    const scope = await branchScope(app, request, request.query.branch);
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) return snapshot(owner.userId, scope);
    const shows = (call: { branch_id: number }) => inScope(scope, call.branch_id);
    await streamWaiterCalls(app, request, reply, owner.userId, () => snapshot(owner.userId, scope), streams, shows);
  });
};

export default waiterCallsRoutes;
