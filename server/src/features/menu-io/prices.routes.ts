import type { FastifyPluginAsync } from 'fastify';
import { BULK_MSG, bulkPriceSchema, kurusToTl, OWNER_MSG, undoSchema, bulkPriceResponseSchema, lastPriceOperationResponseSchema, priceHistoryResponseSchema, undoResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError, NotFoundError } from '../../platform/errors.js';
import { lastOperation } from './bulk-price.repository.js';
import { writeBulkPriceUndo } from './owner-work.js';
import { bulkPrice } from './bulk-price.js';
import { listPriceHistory } from './price-history.repository.js';
import { findProduct } from '../catalog/index.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { TAG, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';
import { isoNow } from '../../platform/clock.js';

/** `?branch=` of the price history: null the main branch (absent or 0), a branch id, undefined when not a number. */
const historyBranch = (raw: string | undefined): number | null | undefined => (raw === undefined || raw === '' || raw === '0' ? null : parseId(raw));

/** Bulk price updates (with preview and undo) and the price history of a product. */
const pricesRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.post('/api/bulk-price', {
    ...guard,
    config: { cache: 'owner', doc: { tag: TAG.bulk, access: 'user', body: { as: 'json', schema: bulkPriceSchema }, response: bulkPriceResponseSchema, summary: 'Toplu fiyat güncelle (önizleme: dry_run)' } },
  }, async (request) => bulkPrice(app.db, authOf(request).userId, request.body, isoNow(app.clock)));

  app.post('/api/bulk-price/undo', {
    ...guard,
    config: { cache: 'owner', doc: { tag: TAG.bulk, access: 'user', body: { as: 'json', schema: undoSchema }, response: undoResponseSchema, summary: 'Son toplu fiyat güncellemesini geri al' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const { operation_id } = parseBody(undoSchema, request.body, { status: 422 });
    const r = await writeBulkPriceUndo(app.db, userId, operation_id, isoNow(app.clock));
    if (r.kind === 'not-found') throw new NotFoundError(BULK_MSG.operationNotFound);
    if (r.kind === 'undone-already') throw new AppError(200, 409, BULK_MSG.alreadyUndone);
    if (r.kind === 'conflict') throw new AppError(200, 409, BULK_MSG.undoConflict(r.names), { products: r.names });
    return { status: 200, message: BULK_MSG.undone(r.count), operation_id };
  });

  app.get('/api/bulk-price/last', {
    ...guard,
    config: { doc: { tag: TAG.bulk, access: 'user', response: lastPriceOperationResponseSchema, summary: 'Son toplu fiyat güncellemesi' } },
  }, async (request) => {
    const op = await lastOperation(app.db, authOf(request).userId);
    return {
      status: 200,
      message: BULK_MSG.lastOperation,
      operation: op
        ? {
          id: op.id, at: op.created_at, scope: op.scope === 'all' ? 'all' : Number(op.scope), mode: op.mode, value: Number(op.value),
          round: Number(op.round), count: op.product_count, undone: op.undone_at != null,
        }
        : null,
    };
  });

  app.get<{ Params: { product_id: string }; Querystring: { branch?: string } }>('/api/price-history/:product_id', {
    ...guard,
    config: { doc: { tag: TAG.bulk, access: 'user', query: { branch: 'Şube: 0 veya yok = ana şube (ürünün kendi fiyatı), diğerleri şube numarası' }, response: priceHistoryResponseSchema, summary: 'Bir ürünün fiyat geçmişi', description: OWNER_NOT_FOUND } },
  }, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.product_id);
    const branch = historyBranch(request.query.branch);
    if (!id || branch === undefined || !(await findProduct(app.db, userId, id))) throw new NotFoundError(OWNER_MSG.productNotFound);
    const rows = await listPriceHistory(app.db, userId, id, 100, branch);
    return {
      status: 200,
      message: BULK_MSG.history,
      history: rows.map((h) => ({
        old: kurusToTl(h.old_selling), new: kurusToTl(h.new_selling), old_original: kurusToTl(h.old_original), new_original: kurusToTl(h.new_original),
        at: h.created_at, source: h.source, ...(h.branch_id != null ? { branch_id: h.branch_id } : {}),
      })),
    };
  });
};

export default pricesRoutes;
