import type { FastifyPluginAsync } from 'fastify';
import { adminDashboardResponseSchema } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { dashboardFigures } from './admin-dashboard.repository.js';
import { countAllFeedback } from '../tables/index.js';
import { TAG } from '../../platform/openapi/fragments.js';

/** GET /api/admin/dashboard → { status, dashboard }: the figures of the admin home page (admin only). */
const adminDashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/dashboard', {
    preHandler: requireAuth('admin'),
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminDashboardResponseSchema, summary: 'Platform özeti' } },
  }, async () => ({ status: 200, dashboard: { ...(await dashboardFigures(app.db, app.clock.now())), feedback: await countAllFeedback(app.db) } }));
};

export default adminDashboardRoutes;
