import type { FastifyPluginAsync } from 'fastify';
import { categorySchema, OWNER_MSG, categoriesResponseSchema, categoryNamesResponseSchema, categoryResponseSchema, okSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { readForm } from '../../platform/http/multipart.js';
import { findCategory, listCategories, listCategoryNames } from './categories.repository.js';
import { createCategoryFromForm, deleteCategoryIfEmpty, updateCategoryFromForm } from './category-writes.js';
import { presentCategory } from './presenters.js';
import { parseId } from '../../platform/validate.js';
import { isoNow } from '../../platform/clock.js';
import { TAG, photoField, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';

/** Owner categories (spec §7). The owner always comes from the token. */
const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get('/api/view-category', {
    ...guard,
    config: { doc: { tag: TAG.categories, access: 'user', response: categoriesResponseSchema, summary: 'Kategorileri listele (ürün sayılarıyla)' } },
  }, async (request) => {
    const rows = await listCategories(app.db, authOf(request).userId);
    return { status: 200, message: OWNER_MSG.categoriesListed, category: rows.map(presentCategory) };
  });

  app.get('/api/all-category', {
    ...guard,
    config: { doc: { tag: TAG.categories, access: 'user', response: categoryNamesResponseSchema, summary: 'Kategori adları (ürün formu için)' } },
  }, async (request) => {
    const rows = await listCategoryNames(app.db, authOf(request).userId);
    return { status: 200, message: OWNER_MSG.categoriesListed, category: rows };
  });

  app.post('/api/store-category', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.categories, access: 'user', body: { as: 'multipart', schema: categorySchema, file: photoField }, response: categoryResponseSchema,
        summary: 'Kategori ekle', description: 'Doğrulama hatası: gövde `status: 400` ve `errors`.',
      },
    },
  }, async (request) => {
    const category = await createCategoryFromForm(app.db, app.storage, authOf(request).userId, await readForm(request), isoNow(app.clock));
    return { status: 200, message: OWNER_MSG.categoryCreated, category };
  });

  app.get<{ Params: { id: string } }>('/api/edit-category/:id', {
    ...guard,
    config: { doc: { tag: TAG.categories, access: 'user', response: categoryResponseSchema, summary: 'Bir kategori', description: OWNER_NOT_FOUND } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const row = id ? await findCategory(app.db, authOf(request).userId, id) : undefined;
    if (!row) throw new NotFoundError(OWNER_MSG.categoryNotFound);
    return { status: 200, message: OWNER_MSG.categoryLoaded, category: presentCategory(row) };
  });

  app.post<{ Params: { id: string } }>('/api/update-category/:id', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.categories, access: 'user', body: { as: 'multipart', schema: categorySchema, file: photoField }, response: categoryResponseSchema,
        summary: 'Kategoriyi güncelle', description: `Fotoğraf gönderilmezse eskisi kalır. Doğrulama hatası: gövde \`status: 422\`. ${OWNER_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const category = await updateCategoryFromForm(app.db, app.storage, userId, id, await readForm(request), isoNow(app.clock));
    return { status: 200, message: OWNER_MSG.categoryUpdated, category };
  });

  app.delete<{ Params: { id: string } }>('/api/delete-category/:id', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.categories, access: 'user', response: okSchema, summary: 'Boş kategoriyi sil',
        description: `Ürünü olan kategori silinmez: gövde \`status: 409\` ve \`product_count\`. ${OWNER_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    await deleteCategoryIfEmpty(app.db, app.storage, authOf(request).userId, parseId(request.params.id));
    return { status: 200, message: OWNER_MSG.categoryDeleted };
  });
};

export default categoriesRoutes;
