import type { FastifyPluginAsync } from 'fastify';
import { TABLE_MSG, type ViewFeedbackResponse, feedbackSchema, okSchema, readFeedbackResponseSchema, viewFeedbackResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import { listFeedback, markFeedbackRead } from './feedback.repository.js';
import { branchFilter, findDinerBusiness } from './diner-business.js';
import { dinerOf } from './diner-limits.js';
import { submitFeedback } from './submit-feedback.js';
import { parseId } from '../../platform/validate.js';
import { TAG, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';

/**
 * The survey (Anket): the diner's JSON twin of the form, and the owner's reading of it.
 * `POST /api/store-feedback/{company}` → body 200, 400 with `errors`, 404 (unknown or passive
 * business); HTTP 429 past a limit (features/tables/diner-limits.ts). Owner routes see only the owner's own entries.
 */
const feedbackRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { company: string } }>('/api/store-feedback/:company', {
    bodyLimit: 16 * 1024,
    config: {
      cache: 'none',
      doc: {
        tag: TAG.menu, access: 'public', throttled: true, body: { as: 'json', schema: feedbackSchema }, response: okSchema,
        summary: 'Anket (geri bildirim) gönder',
        description: 'Sunucuda işlenen HTML formunun JSON ikizi. Masa, cihaz ve işletme başına sınırlı (HTTP 429).',
      },
    },
  }, async (request, reply) => {
    const business = await findDinerBusiness(app.db, request.params.company);
    if (!business) throw new NotFoundError(TABLE_MSG.businessNotFound);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const outcome = await submitFeedback(app, business, body, dinerOf(request, reply));
    if (outcome.kind === 'invalid') throw new ValidationError(outcome.errors, { status: 400, message: TABLE_MSG.feedbackInvalid });
    if (outcome.kind === 'limited') throw new AppError(429, 429, TABLE_MSG.tooMany);
    return { status: 200, message: TABLE_MSG.feedbackSaved };
  });

  app.get<{ Querystring: { page?: string; branch?: string } }>('/api/view-feedback', {
    preHandler: requireAuth('user'),
    config: { doc: { tag: TAG.tables, access: 'user', response: viewFeedbackResponseSchema, query: { page: 'Sayfa (1’den)', branch: 'Yalnızca bir şubenin: 0 ana şube, diğerleri şube numarası' }, summary: 'Anket cevapları, ortalamalar ve eğilim' } },
  }, async (request): Promise<ViewFeedbackResponse> => {
    const page = Math.min(parseId(request.query.page) ?? 1, 100_000);
    const data = await listFeedback(app.db, authOf(request).userId, page, app.clock.now(), branchFilter(request.query.branch));
    return { status: 200, message: TABLE_MSG.feedbackListed, ...data };
  });

  app.post<{ Params: { id: string } }>('/api/read-feedback/:id', {
    preHandler: requireAuth('user'),
    config: { cache: 'none', doc: { tag: TAG.tables, access: 'user', response: readFeedbackResponseSchema, summary: 'Anket cevabını okundu işaretle', description: OWNER_NOT_FOUND } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const item = id ? await markFeedbackRead(app.db, authOf(request).userId, id, app.clock.now()) : undefined;
    if (!item) throw new NotFoundError();
    return { status: 200, message: TABLE_MSG.feedbackRead, feedback: item };
  });
};

export default feedbackRoutes;
