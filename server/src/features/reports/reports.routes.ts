import type { FastifyPluginAsync } from 'fastify';
import { ordersReportResponseSchema, REPORT_MAX_DAYS, REPORT_MSG } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { ordersReport } from './orders-report.js';
import { exportReport } from './report-export.js';
import { exportRequest, reportRange } from './report-query.js';

const RANGE_QUERY = {
  from: 'Başlangıç günü, YYYY-AA-GG (İstanbul; varsayılan: bitişten 6 gün önce)',
  to: 'Bitiş günü, YYYY-AA-GG (dahil; varsayılan: bugün)',
};
const RANGE_DOC = `En fazla ${REPORT_MAX_DAYS} gün. Geçersiz gün, ters ya da uzun aralık: gövde \`status: 422\` ve \`errors\`. İşletme sahibi ve Yönetici rolündeki personel çağırabilir (Garson, Mutfak: HTTP 403).`;

/** The owner's `Raporlar`: the orders report over a date range, and its CSV/XLSX export. */
const reportsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get('/api/reports/orders', {
    ...guard,
    config: {
      doc: {
        tag: TAG.reports, access: 'user', query: RANGE_QUERY, response: ordersReportResponseSchema, summary: 'Sipariş raporu (gün gün)',
        description: `İptal edilmemiş siparişler İstanbul günlerine göre: sipariş, ürün adedi, ciro (KDV dahil, sipariş anındaki fiyatlarla), masa başına ortalama, en çok satanlar, saat başına sipariş; aralığın toplamı ve nakit/kart dağılımı. ${RANGE_DOC}`,
      },
    },
  }, async (request) => {
    const { from, to } = reportRange(request.query, app.clock);
    return { status: 200, message: REPORT_MSG.loaded, report: await ordersReport(app.db, authOf(request).userId, from, to) };
  });

  app.get('/api/reports/orders/export', {
    ...guard,
    config: {
      doc: {
        tag: TAG.reports, access: 'user', query: { ...RANGE_QUERY, format: 'xlsx (varsayılan) veya csv' },
        file: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], description: 'Rapor dosyası (ek olarak indirilir): XLSX her bölüm için bir sayfa, CSV bölümler alt alta (UTF-8 BOM, `;`).' },
        summary: 'Sipariş raporunu Excel/CSV olarak indir',
        description: RANGE_DOC,
      },
    },
  }, async (request, reply) => {
    const { body, contentType, name } = await exportReport(app.db, authOf(request).userId, exportRequest(request.query, app.clock));
    return reply
      .header('Content-Type', contentType)
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};

export default reportsRoutes;
