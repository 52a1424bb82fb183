import type { FastifyPluginAsync } from 'fastify';
import { adminDashboardResponseSchema } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { dashboardFigures } from './admin-dashboard.repository.js';
import { countAllFeedback } from '../tables/index.js';
import { platformOrders } from '../reports/index.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** GET /api/admin/dashboard → { status, dashboard }: the figures of the admin home page, with the platform's orders (admin only). */
const adminDashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/dashboard', {
    preHandler: requireAuth('admin'),
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminDashboardResponseSchema, summary: 'Platform özeti' } },
  }, async () => {
    const now = app.clock.now();
    const figures = await dashboardFigures(app.db, now);
    return { status: 200, dashboard: { ...figures, feedback: await countAllFeedback(app.db), orders: await platformOrders(app.db, now) } };
  });
};

export default adminDashboardRoutes;
