import type { FastifyPluginAsync } from 'fastify';
import { categorySchema, OWNER_MSG, categoriesResponseSchema, categoryNamesResponseSchema, categoryResponseSchema, okSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError, NotFoundError } from '../../platform/errors.js';
import { deleteImage } from '../../platform/images/images.js';
import { storeUpload } from '../../platform/images/uploads.js';
import { readForm } from '../../platform/http/multipart.js';
import {
  countProductsInCategory, createCategory, deleteEmptyCategory, findCategory, listCategories, listCategoryNames, updateCategory,
} from './categories.repository.js';
import { presentCategory } from './presenters.js';
import { parseBody, parseId } from '../../platform/validate.js';
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
