import type { FastifyPluginAsync } from 'fastify';
import { categorySchema, OWNER_MSG } from '@qrmenu/contract';
import { authOf, requireAuth } from '../auth/guards.js';
import { AppError, NotFoundError } from '../errors.js';
import { deleteImage } from '../images/images.js';
import { storeUpload } from '../images/uploads.js';
import { readForm } from '../multipart.js';
import {
  countProductsInCategory, createCategory, deleteEmptyCategory, findCategory, listCategories, listCategoryNames, updateCategory,
} from '../repositories/categories.repository.js';
import type { Category } from '../db/schema.js';
import { parseBody, parseId } from '../validate.js';

/** Never a raw row: the fields of spec §3. */
export function presentCategory(c: Pick<Category, 'id' | 'name' | 'description' | 'image' | 'count' | 'status' | 'sort_order'> & { product_count?: number | null }) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: c.image,
    count: Number(c.count),
    status: c.status === '0' ? '0' : '1',
    sort_order: Number(c.sort_order),
    ...(c.product_count != null ? { product_count: Number(c.product_count) } : {}),
  };
}

/** Owner categories (spec §7). The owner always comes from the token. */
const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get('/api/view-category', guard, async (request) => {
    const rows = await listCategories(app.db, authOf(request).userId);
    return { status: 200, message: OWNER_MSG.categoriesListed, category: rows.map(presentCategory) };
  });

  app.get('/api/all-category', guard, async (request) => {
    const rows = await listCategoryNames(app.db, authOf(request).userId);
    return { status: 200, message: OWNER_MSG.categoriesListed, category: rows };
  });

  app.post('/api/store-category', guard, async (request) => {
    const { userId } = authOf(request);
    const form = await readForm(request);
    // fields first, so a form error never leaves a stored photo behind
    const input = parseBody(categorySchema, form.fields, { status: 400 });
    const image = await storeUpload(app.storage, form, 400);
    try {
      const id = await createCategory(app.db, userId, {
        name: input.name,
        description: input.description ?? null,
        image: image ?? null,
        status: input.status ?? '1',
      });
      const row = await findCategory(app.db, userId, id);
      return { status: 200, message: OWNER_MSG.categoryCreated, category: presentCategory(row!) };
    } catch (err) {
      await deleteImage(app.storage, image);
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/api/edit-category/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    const row = id ? await findCategory(app.db, authOf(request).userId, id) : undefined;
    if (!row) throw new NotFoundError(OWNER_MSG.categoryNotFound);
    return { status: 200, message: OWNER_MSG.categoryLoaded, category: presentCategory(row) };
  });

  app.post<{ Params: { id: string } }>('/api/update-category/:id', guard, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const current = id ? await findCategory(app.db, userId, id) : undefined;
    if (!id || !current) throw new NotFoundError(OWNER_MSG.categoryNotFound);
    const input = parseBody(categorySchema, form.fields, { status: 422 });
    const image = await storeUpload(app.storage, form, 422);
    let ok = false;
    try {
      ok = await updateCategory(app.db, userId, id, {
        name: input.name,
        // spec §5: the description is sent only when present — absent means cleared
        description: input.description ?? null,
        image: image ?? current.image,
        status: input.status ?? current.status,
      });
    } catch (err) {
      await deleteImage(app.storage, image);
      throw err;
    }
    if (!ok) {
      await deleteImage(app.storage, image);
      throw new NotFoundError(OWNER_MSG.categoryNotFound);
    }
    if (image) await deleteImage(app.storage, current.image);
    const row = await findCategory(app.db, userId, id);
    return { status: 200, message: OWNER_MSG.categoryUpdated, category: presentCategory(row!) };
  });

  app.delete<{ Params: { id: string } }>('/api/delete-category/:id', guard, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const current = id ? await findCategory(app.db, userId, id) : undefined;
    if (!id || !current) throw new NotFoundError(OWNER_MSG.categoryNotFound);
    // Decision: a category that still has products is not deleted (no silent loss of products).
    const products = await countProductsInCategory(app.db, userId, id);
    if (products > 0 || !(await deleteEmptyCategory(app.db, userId, id))) {
      const n = products || (await countProductsInCategory(app.db, userId, id));
      if (n === 0) throw new NotFoundError(OWNER_MSG.categoryNotFound);
      throw new AppError(200, 409, OWNER_MSG.categoryHasProducts(n), { product_count: n });
    }
    await deleteImage(app.storage, current.image);
    return { status: 200, message: OWNER_MSG.categoryDeleted };
  });
};

export default categoriesRoutes;
