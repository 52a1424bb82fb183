import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../auth/guards.js';
import { listAllCategories, listAllProducts } from '../repositories/admin-catalog.repository.js';

/**
 * Every business's menu, read-only, for the admin (admin only):
 *   GET /api/admin/categories → { status, categories }
 *   GET /api/admin/products   → { status, products }   prices in TL
 */
const adminCatalogRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };

  app.get('/api/admin/categories', admin, async () => ({ status: 200, categories: await listAllCategories(app.db) }));

  app.get('/api/admin/products', admin, async () => ({ status: 200, products: await listAllProducts(app.db) }));
};

export default adminCatalogRoutes;
