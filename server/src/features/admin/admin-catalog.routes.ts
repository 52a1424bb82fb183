import type { FastifyPluginAsync } from 'fastify';
import { adminCategoriesResponseSchema, adminProductsResponseSchema } from '@qrmenu/contract';
import { requireAuth } from '../../platform/auth/guards.js';
import { listAllCategories, listAllProducts } from './admin-catalog.repository.js';
import { parseListQuery } from '../../platform/validate.js';
import { TAG, adminListQuery } from '../../platform/openapi/fragments.js';

/**
 * Every business's menu, read-only, for the admin (admin only), one page at a time
 * (?page, per_page, q, sort, dir, status — contract/src/admin-lists.ts):
 *   GET /api/admin/categories → { status, categories, total, page, per_page }
 *   GET /api/admin/products   → { status, products, total, page, per_page }   prices in TL
 * A search past ADMIN_TOTAL_CAP matches answers total = the cap and total_capped: true.
 */
const adminCatalogRoutes: FastifyPluginAsync = async (app) => {
  const admin = { preHandler: requireAuth('admin') };

  app.get('/api/admin/categories', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminCategoriesResponseSchema, query: adminListQuery('categories'), summary: 'Tüm işletmelerin kategorileri (salt okunur)' } },
  }, async (request) => {
    const query = parseListQuery('categories', request.query);
    const { categories, total, capped, next, prev } = await listAllCategories(app.db, query);
    return { status: 200, categories, total, ...(capped ? { total_capped: true } : {}), page: query.page, per_page: query.per_page, next, prev };
  });

  app.get('/api/admin/products', {
    ...admin,
    config: { doc: { tag: TAG.admin, access: 'admin', response: adminProductsResponseSchema, query: adminListQuery('products'), summary: 'Tüm işletmelerin ürünleri (salt okunur)' } },
  }, async (request) => {
    const query = parseListQuery('products', request.query);
    const { products, total, capped, next, prev } = await listAllProducts(app.db, query);
    return { status: 200, products, total, ...(capped ? { total_capped: true } : {}), page: query.page, per_page: query.per_page, next, prev };
  });
};

export default adminCatalogRoutes;
