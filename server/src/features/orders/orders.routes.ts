import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  closeTableBodySchema, ORDER_MSG, orderBranchesResponseSchema, orderPlacedResponseSchema, orderResponseSchema, orderSettingsResponseSchema, orderSettingsSchema, ordersResponseSchema,
  orderStatusBodySchema, placeOrderSchema, tableClosedResponseSchema, TABLE_MSG, type LiveEvent, type OrderStatus,
} from '@qrmenu/contract';
import { authOf, requireAuth, requireStaff } from '../../platform/auth/guards.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { TAG, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';
import { findDinerBusiness, streamLive } from '../tables/index.js';
import { branchesInScope, branchScope, inScope, type BranchScope } from '../branches/index.js';
import { placeOrder } from './diner-orders.js';
import { findDeskcount, findOrderSettings, listOpenOrders } from './orders.repository.js';
import { changeStatus, closeTable, statusesOf, updateOrderSettings } from './staff-orders.js';
import { logClose, logSettings, logStatus } from './order-activity.js';

/** Who works a business's orders: its owner and staff (kitchen, waiters, managers); tables close by waiters and managers. */
const staffGuard = requireStaff(['garson', 'mutfak', 'yonetici']);
const closeGuard = requireStaff(['garson', 'yonetici']);
const STAFF_DOC = 'İşletme sahibi ile Garson, Mutfak ve Yönetici rolündeki personel çağırabilir.';
const businessOf = (request: FastifyRequest) => authOf(request).userId;
const BRANCH_ALL = { branch: 'Yalnızca bir şubenin: 0 ana şube, diğerleri şube numarası (yoksa: bütün şubeler; şubelere atanmış personel yalnızca kendi şubelerini görür)' };
const BRANCH_ONE = { branch: 'Masanın şubesi: 0 ana şube (varsayılan), diğerleri şube numarası' };
const BRANCH_PAUSED = { branch: 'Duraklatılan masaların şubesi: 0 ana şube (varsayılan), diğerleri şube numarası' };
const NOT_THEIRS = 'Başka işletmenin şubesi veya personelin çalışmadığı şube: gövde `status: 404`.';

/** Which of a business's live events a stream of `scope` shows (a call's `done` always: the screen ignores an unknown call). */
const pickIn = (scope: BranchScope) => (e: LiveEvent): [string, unknown] | undefined => {
  if (e.type === 'order') return inScope(scope, e.order.branch_id) ? ['order', e.order] : undefined;
  if (e.type === 'table-closed') return inScope(scope, e.branch_id) ? ['table-closed', { masa: e.masa, branch_id: e.branch_id }] : undefined;
  if (e.type === 'call') return inScope(scope, e.call.branch_id) ? ['call', e.call] : undefined;
  return ['done', { id: e.id }];
};

/**
 * Orders at the table, the API: the owner's ordering settings, the diner's JSON order
 * (`POST /api/orders/{company}`, same rules as the basket), and the staff's orders, status steps,
 * table closing and live stream (the waiter calls' channel, features/tables/tables-live.ts).
 */
const ordersRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const streams = new Set<import('node:http').ServerResponse>();
  app.addHook('preClose', (next) => {
    for (const s of streams) s.end();
    next();
  });

  app.get<{ Querystring: { branch?: string } }>('/api/order-settings', {
    preHandler: requireAuth('user'),
    config: {
      doc: {
        tag: TAG.tables, access: 'user', query: BRANCH_PAUSED, response: orderSettingsResponseSchema, summary: 'Masadan sipariş ayarları',
        description: `Hesabın anahtarı (\`enabled\`) ile bir şubenin duraklatılan masaları ve masa sayısı. ${NOT_THEIRS}`,
      },
    },
  }, async (request) => {
    const userId = authOf(request).userId;
    const branch = (await branchScope(app, request, request.query.branch, 'main')).branch!;
    const s = await findOrderSettings(app.db, userId, branch);
    return { status: 200, message: ORDER_MSG.settingsLoaded, ...s, deskcount: await findDeskcount(app.db, userId, branch), branch_id: branch };
  });

  app.post<{ Querystring: { branch?: string } }>('/api/order-settings', {
    preHandler: requireAuth('user'),
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.tables, access: 'user', query: BRANCH_PAUSED, body: { as: 'json', schema: orderSettingsSchema }, response: orderSettingsResponseSchema,
        summary: 'Masadan siparişi aç/kapat, masaları duraklat',
        description: `Kapalıyken (varsayılan) menüde \`Sepete ekle\` görünmez; anahtar bütün şubelerindir. \`paused\`: şubenin sipariş almayan masaları (şubenin masa sayısının ötesindekiler atılır; diğer şubelerinkiler değişmez). Yalnızca bazı şubelerde çalışan yönetici anahtarı değiştiremez: gövde \`status: 422\` (\`errors.enabled\`), hiçbir şey kaydedilmez. ${NOT_THEIRS}`,
      },
    },
  }, async (request) => {
    const userId = authOf(request).userId;
    const scope = await branchScope(app, request, request.query.branch, 'main');
    const input = parseBody(orderSettingsSchema, request.body, { status: 422 });
    const deskcount = await findDeskcount(app.db, userId, scope.branch);
    const r = await updateOrderSettings(app, userId, input, deskcount, scope);
    if (r.kind === 'refused') throw new ValidationError({ enabled: [ORDER_MSG.switchAllBranches] }, { status: 422, message: ORDER_MSG.switchAllBranches });
    await logSettings(app, request, r.before, r.saved, scope.branch);
    return { status: 200, message: ORDER_MSG.settingsSaved, ...r.saved, deskcount, branch_id: scope.branch! };
  });

  app.post<{ Params: { company: string } }>('/api/orders/:company', {
    bodyLimit: 16 * 1024,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.menu, access: 'public', throttled: true, body: { as: 'json', schema: placeOrderSchema }, response: orderPlacedResponseSchema,
        statuses: { 403: 'Sipariş alınmıyor, masa duraklatıldı veya cihaz masanın QR adresini açmadı.', 409: 'Ürün tükendi veya menüde yok.', 422: 'Geçersiz masa veya ürünler (`errors`).' },
        summary: 'Masadan sipariş ver',
        description: 'Cihaz, masanın QR adresini son 3 saatte açmış olmalı (`qrm_masa` çerezi), yoksa HTTP 403. Tükenmiş veya menüde olmayan ürün: HTTP 409; geçersiz girdi: HTTP 422 (`errors`). Fiyatlar gönderildiği andaki fiyatlardır.',
      },
    },
  }, async (request) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) throw new NotFoundError(TABLE_MSG.businessNotFound);
    const outcome = await placeOrder(app, request, b, request.body);
    if (outcome.kind === 'refused') throw new AppError(outcome.status, outcome.status, outcome.message, outcome.errors ? { errors: outcome.errors } : {});
    return { status: 200, message: ORDER_MSG.sent, order: outcome.order };
  });

  const snapshot = async (userId: number, scope: BranchScope, statuses?: OrderStatus[]) => ({
    status: 200 as const,
    message: ORDER_MSG.ordersListed,
    orders: await listOpenOrders(app.db, userId, scope, statuses),
    now: app.clock.now().toISOString(),
  });

  app.get<{ Querystring: { status?: string; branch?: string } }>('/api/orders', {
    preHandler: staffGuard,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', response: ordersResponseSchema, summary: 'Açık masaların siparişleri', description: `${STAFF_DOC} ${NOT_THEIRS}`,
        query: { status: 'Durum süzgeci, virgülle: yeni, hazirlaniyor, hazir, servis, iptal', ...BRANCH_ALL },
      },
    },
  }, async (request) => snapshot(businessOf(request), await branchScope(app, request, request.query.branch), statusesOf(request.query.status)));

  app.get('/api/orders/branches', {
    preHandler: staffGuard,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', response: orderBranchesResponseSchema, summary: 'Mutfak ve garson ekranlarının şubeleri',
        description: `Çağıranın çalıştığı şubeler (ana şube 0, önce): işletme sahibi ve şubeye atanmamış personel için hepsi. ${STAFF_DOC}`,
      },
    },
  }, async (request) => {
    const scope = await branchScope(app, request, undefined);
    return { status: 200, message: ORDER_MSG.branchesListed, branches: await branchesInScope(app, businessOf(request), scope.only) };
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/status', {
    preHandler: staffGuard,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.tables, access: 'user', body: { as: 'json', schema: orderStatusBodySchema }, response: orderResponseSchema,
        summary: 'Sipariş durumunu ilerlet veya iptal et',
        description: `Yeni → Hazırlanıyor → Hazır → Servis edildi; İptal bir neden (\`reason\`) ister. Geçersiz adım: gövde \`status: 422\`. ${OWNER_NOT_FOUND} ${STAFF_DOC}`,
      },
    },
  }, async (request) => {
    const input = parseBody(orderStatusBodySchema, request.body, { status: 422 });
    const id = parseId(request.params.id);
    const r = id ? await changeStatus(app, businessOf(request), id, input.status, input.reason, await branchScope(app, request, undefined)) : { kind: 'not-found' as const };
    if (r.kind === 'not-found') throw new NotFoundError();
    if (r.kind === 'refused') throw new ValidationError({ [r.field]: [r.message] }, { status: 422, message: r.message });
    await logStatus(app, request, r.from, r.order);
    return { status: 200, message: ORDER_MSG.statusChanged, order: r.order };
  });

  app.post<{ Params: { n: string }; Querystring: { branch?: string } }>('/api/tables/:n/close', {
    preHandler: closeGuard,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.tables, access: 'user', query: BRANCH_ONE, body: { as: 'json', schema: closeTableBodySchema }, response: tableClosedResponseSchema,
        summary: 'Masayı kapat (hesap ödendi)',
        description: 'Masanın açık hesabını ödeme türüyle (nakit, kart) kapatır; hazırlanan siparişler varsa gövde `status: 409`. Açık hesap yoksa gövde `status: 404`. ' + NOT_THEIRS + ' İşletme sahibi ile Garson ve Yönetici rolündeki personel çağırabilir.',
      },
    },
  }, async (request) => {
    const input = parseBody(closeTableBodySchema, request.body, { status: 422 });
    const { branch } = await branchScope(app, request, request.query.branch, 'main');
    const masa = parseId(request.params.n);
    const r = masa ? await closeTable(app, { userId: businessOf(request), branch: branch!, masa }, input.payment) : { kind: 'none' as const };
    if (r.kind === 'none') throw new NotFoundError(ORDER_MSG.noSession);
    if (r.kind === 'pending') throw new AppError(200, 409, ORDER_MSG.openOrders);
    await logClose(app, request, { branch: branch!, masa: masa! }, input.payment, r.total);
    return { status: 200, message: ORDER_MSG.tableClosed, masa: masa!, branch_id: branch!, payment: input.payment, total: r.total };
  });

  app.get<{ Querystring: { branch?: string } }>('/api/orders/stream', {
    preHandler: staffGuard, compress: false,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', response: ordersResponseSchema, query: BRANCH_ALL,
        events: 'Server-Sent Events: önce `snapshot` (açık masaların siparişleri), sonra `order` (yeni veya durumu değişen sipariş), `table-closed` (`{masa}`), `call` ve `done` (garson çağrıları); 20 saniyede bir yorum satırı.',
        summary: 'Canlı siparişler ve çağrılar (SSE)',
        description: `\`Accept: text/event-stream\` ile olay akışı; başka bir Accept ile siparişler JSON olarak. \`?branch=\` ile yalnızca o şubenin siparişleri ve çağrıları. ${STAFF_DOC} ${NOT_THEIRS}`,
      },
    },
  }, async (request, reply) => {
    const userId = businessOf(request);
    const scope = await branchScope(app, request, request.query.branch);
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) return snapshot(userId, scope);
    await streamLive(app, request, reply, { userId, snapshot: () => snapshot(userId, scope), streams, pick: pickIn(scope) });
  });
  done();
};

export default ordersRoutes;
