import type { FastifyPluginAsync } from 'fastify';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { ownerTableCards } from './qr-cards.js';
import { TAG } from '../../platform/openapi/fragments.js';

/**
 * `GET /api/qr-cards.pdf[?tables=1-10]`: the owner's printable table cards. Each QR code encodes
 * `PUBLIC_URL/qr/{slug}?masa=N`, so it scans back to its table. No table count: one card without a
 * table. Errors come as JSON (body 404 / 422) like every owner call.
 */
const qrCardsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { tables?: string } }>('/api/qr-cards.pdf', {
    preHandler: requireAuth('user'), compress: false,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', query: { tables: 'Masa aralığı, ör. 1-10 (varsayılan: tüm masalar)' },
        file: { types: ['application/pdf'], description: 'Masa kartları (PDF).' }, summary: 'Masa kartlarını PDF olarak indir',
      },
    },
  }, async (request, reply) => {
    const pdf = await ownerTableCards(app.db, authOf(request).userId, app.config.publicUrl, request.query.tables);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'attachment; filename="masa-kartlari.pdf"')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
};

export default qrCardsRoutes;
