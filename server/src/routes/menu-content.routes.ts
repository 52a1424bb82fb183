import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_MSG, OWNER_MSG, soldOutSchema, sortCategoriesSchema, sortProductsSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../auth/guards.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { findCategory, listCategories } from '../repositories/categories.repository.js';
import { findProduct, setSoldOut, sortCategories, sortProducts } from '../repositories/products.repository.js';
import { parseBody, parseId } from '../validate.js';
import { presentCategory } from './categories.routes.js';
import { presentProduct } from './products.routes.js';

/** The owner's menu order (drag and drop) and the one-click sold-out switch. */
const menuContentRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.post('/api/sort-categories', guard, async (request) => {
    const { userId } = authOf(request);
    const { ids } = parseBody(sortCategoriesSchema, request.body, { status: 422 });
    if (!(await sortCategories(app.db, userId, ids))) throw new ValidationError({ ids: [CONTENT_MSG.sortCategoriesIds] }, { status: 422 });
    const rows = await listCategories(app.db, userId);
    return { status: 200, message: CONTENT_MSG.categoriesSorted, category: rows.map(presentCategory) };
  });

  app.post('/api/sort-products', guard, async (request) => {
    const { userId } = authOf(request);
    const { category_id, ids } = parseBody(sortProductsSchema, request.body, { status: 422 });
    if (!(await findCategory(app.db, userId, category_id))) throw new ValidationError({ category_id: [CONTENT_MSG.sortCategory] }, { status: 422 });
    if (!(await sortProducts(app.db, userId, category_id, ids))) throw new ValidationError({ ids: [CONTENT_MSG.sortProductsIds] }, { status: 422 });
    return { status: 200, message: CONTENT_MSG.productsSorted, category_id, ids };
  });

  app.post<{ Params: { id: string } }>('/api/sold-out-product/:id', guard, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    if (!id || !(await findProduct(app.db, userId, id))) throw new NotFoundError(OWNER_MSG.productNotFound);
    const { sold_out } = parseBody(soldOutSchema, request.body, { status: 422 });
    if (!(await setSoldOut(app.db, userId, id, sold_out))) throw new NotFoundError(OWNER_MSG.productNotFound);
    const row = await findProduct(app.db, userId, id);
    return { status: 200, message: sold_out === '1' ? CONTENT_MSG.markedSoldOut : CONTENT_MSG.markedAvailable, product: presentProduct(row!) };
  });
};

export default menuContentRoutes;
