import type { FastifyPluginAsync } from 'fastify';
import { ordersReportResponseSchema, REPORT_MAX_DAYS, REPORT_MSG } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { ordersReport } from './orders-report.js';
import { exportReport } from './report-export.js';
import { exportRequest, reportRange } from './report-query.js';
import { branchScope } from '../branches/index.js';

const RANGE_QUERY = {
  from: 'Başlangıç günü, YYYY-AA-GG (İstanbul; varsayılan: bitişten 6 gün önce)',
  to: 'Bitiş günü, YYYY-AA-GG (dahil; varsayılan: bugün)',
  branch: 'Yalnızca bir şubenin: 0 ana şube, diğerleri şube numarası (yoksa: bütün şubeler); başka işletmenin şubesi: gövde `status: 404`',
};
type Q = { Querystring: { branch?: string } };
const RANGE_DOC = `En fazla ${REPORT_MAX_DAYS} gün. Geçersiz gün, ters ya da uzun aralık: gövde \`status: 422\` ve \`errors\`. İşletme sahibi ve Yönetici rolündeki personel çağırabilir (Garson, Mutfak: HTTP 403).`;

/** The owner's `Raporlar`: the orders report over a date range, and its CSV/XLSX export. */
const reportsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get<Q>('/api/reports/orders', {
    ...guard,
    config: {
      doc: {
        tag: TAG.reports, access: 'user', query: RANGE_QUERY, response: ordersReportResponseSchema, summary: 'Sipariş raporu (gün gün)',
        description: `İptal edilmemiş siparişler İstanbul günlerine göre: sipariş, ürün adedi, ciro (KDV dahil, sipariş anındaki fiyatlarla), masa başına ortalama, en çok satanlar, saat başına sipariş; aralığın toplamı ve nakit/kart dağılımı. ${RANGE_DOC}`,
      },
    },
  }, async (request) => {
    const { from, to } = reportRange(request.query, app.clock);
    const scope = await branchScope(app, request, request.query.branch);
    return { status: 200, message: REPORT_MSG.loaded, report: await ordersReport(app.db, authOf(request).userId, from, to, scope) };
  });

  app.get<Q>('/api/reports/orders/export', {
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
    const asked = exportRequest(request.query, app.clock);
    const { body, contentType, name } = await exportReport(app.db, authOf(request).userId, asked, await branchScope(app, request, request.query.branch));
    return reply
      .header('Content-Type', contentType)
      .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
};

export default reportsRoutes;
