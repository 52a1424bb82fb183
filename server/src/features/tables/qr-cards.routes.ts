import type { FastifyPluginAsync } from 'fastify';
import { MAX_CARDS, TABLE_MSG } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findSettings } from '../settings/index.js';
import { parseTableRange, renderTableCards, type Card } from './table-cards.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** Owner without a public address yet (settings never saved): the QR screen sends them to settings. */
const NO_ADDRESS = 'Menü adresiniz henüz yok. Lütfen önce Ayarlar sayfasından işletme bilgilerinizi kaydedin.';

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
    const s = await findSettings(app.db, authOf(request).userId);
    if (!s?.companyengname) throw new NotFoundError(NO_ADDRESS);
    const menu = `${app.config.publicUrl}/qr/${s.companyengname}`;
    const deskcount = Number(s.deskcount ?? 0);
    const raw = typeof request.query.tables === 'string' ? request.query.tables.trim() : '';
    let tables: number[] = [];
    if (raw) {
      const parsed = deskcount > 0 ? parseTableRange(raw, deskcount) : undefined;
      if (!parsed) throw new ValidationError({ tables: [TABLE_MSG.rangeInvalid] });
      tables = parsed;
    } else if (deskcount > 0) {
      tables = Array.from({ length: deskcount }, (_, i) => i + 1);
    }
    if (tables.length > MAX_CARDS) throw new ValidationError({ tables: [TABLE_MSG.tooManyCards] });
    const cards: Card[] = tables.length ? tables.map((masa) => ({ masa, url: `${menu}?masa=${masa}` })) : [{ url: menu }];
    const pdf = await renderTableCards(s.companyname || 'QR Menü', cards);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'attachment; filename="masa-kartlari.pdf"')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
};

export default qrCardsRoutes;
