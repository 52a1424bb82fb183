import type { FastifyPluginAsync } from 'fastify';
import { OWNER_MSG, productSchema, okSchema, productResponseSchema, productsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { deleteImage } from '../../platform/images/images.js';
import { readForm } from '../../platform/http/multipart.js';
import { deleteProduct, findProduct, listProducts } from './products.repository.js';
import { parseId } from '../../platform/validate.js';
import { isoNow } from '../../platform/clock.js';
import { createProductFromForm, updateProductFromForm, usage } from './product-writes.js';
import { presentProduct } from './presenters.js';
import { TAG, photoField, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';

/** Owner products (spec §7), with the plan's product limit (spec §9). */
const productsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };

  app.get('/api/view-product', {
    ...guard,
    config: { doc: { tag: TAG.products, access: 'user', response: productsResponseSchema, summary: 'Ürünleri listele (plan sınırıyla)' } },
  }, async (request) => {
    const { userId } = authOf(request);
    const rows = await listProducts(app.db, userId);
    return { status: 200, message: OWNER_MSG.productsListed, products: rows.map(presentProduct), usage: await usage(app.db, userId) };
  });

  app.post('/api/store-product', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.products, access: 'user', body: { as: 'multipart', schema: productSchema, file: photoField }, response: productResponseSchema,
        summary: 'Ürün ekle',
        description: 'Doğrulama hatası: gövde `status: 422`. Plan sınırı doluysa gövde `status: 422` ile `limit` ve `plan`. `variants`: `[{name, price}]` JSON metni.',
      },
    },
  }, async (request) => {
    const product = await createProductFromForm(app.db, app.storage, authOf(request).userId, await readForm(request), isoNow(app.clock));
    return { status: 200, message: OWNER_MSG.productCreated, product };
  });

  app.get<{ Params: { id: string } }>('/api/edit-product/:id', {
    ...guard,
    config: { doc: { tag: TAG.products, access: 'user', response: productResponseSchema, summary: 'Bir ürün', description: OWNER_NOT_FOUND } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const row = id ? await findProduct(app.db, authOf(request).userId, id) : undefined;
    if (!row) throw new NotFoundError(OWNER_MSG.productNotFound);
    return { status: 200, message: OWNER_MSG.productLoaded, product: presentProduct(row) };
  });

  app.post<{ Params: { id: string } }>('/api/update-product/:id', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.products, access: 'user', body: { as: 'multipart', schema: productSchema, file: photoField }, response: productResponseSchema,
        summary: 'Ürünü güncelle', description: `Gönderilmeyen isteğe bağlı alanlar temizlenir; tükendi, alerjen, etiket ve porsiyonlar gönderilmezse korunur. ${OWNER_NOT_FOUND}`,
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const product = await updateProductFromForm(app.db, app.storage, userId, id, await readForm(request), isoNow(app.clock));
    return { status: 200, message: OWNER_MSG.productUpdated, product };
  });

  app.delete<{ Params: { id: string } }>('/api/delete-product/:id', {
    ...guard,
    config: { cache: 'owner', doc: { tag: TAG.products, access: 'user', response: okSchema, summary: 'Ürünü sil', description: OWNER_NOT_FOUND } },
  }, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const current = id ? await findProduct(app.db, userId, id) : undefined;
    if (!id || !current || !(await deleteProduct(app.db, userId, id))) throw new NotFoundError(OWNER_MSG.productNotFound);
    await deleteImage(app.storage, current.image);
    return { status: 200, message: OWNER_MSG.productDeleted };
  });
};

export default productsRoutes;
