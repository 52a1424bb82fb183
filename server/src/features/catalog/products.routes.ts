import type { FastifyPluginAsync } from 'fastify';
import { kurusToTl, OWNER_MSG, planLimitMessage, planOf, productSchema, tlToKurus, type ProductInput, okSchema, productResponseSchema, productsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors.js';
import { deleteImage } from '../../platform/images/images.js';
import { storeUpload } from '../../platform/images/uploads.js';
import { readForm } from '../../platform/http/multipart.js';
import { findCategory } from './categories.repository.js';
import {
  countProducts, createProductWithinLimit, deleteProduct, findProduct, listProducts, updateProduct, type ProductRow, type ProductValues,
} from './products.repository.js';
import { findSettings } from '../settings/index.js';
import { recordPriceChanges } from '../menu-io/index.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { storeVariants } from './product-content.js';
import { presentProduct } from './presenters.js';
import type { DB } from '../../platform/db/database.js';
import { TAG, photoField, OWNER_NOT_FOUND } from '../../platform/openapi/fragments.js';


async function usage(db: DB, userId: number) {
  const plan = planOf((await findSettings(db, userId))?.userlevel);
  return { count: await countProducts(db, userId), limit: plan.productLimit, plan: plan.name };
}

/** The category must be one of this owner's; otherwise a field error (never someone else's). */
async function assertOwnCategory(db: DB, userId: number, categoryId: number) {
  if (!(await findCategory(db, userId, categoryId))) {
    throw new ValidationError({ category_id: [OWNER_MSG.productCategoryUnknown] }, { status: 422 });
  }
}

/** Content fields: absent → kept on update (`current`), none on create; '' clears. */
function values(input: ProductInput, image: string | null, status: string, current?: ProductRow): ProductValues {
  return {
    category_id: input.category_id,
    name: input.name,
    // spec §5: optional fields are sent only when non-empty — absent means cleared
    description: input.description ?? null,
    selling_price: tlToKurus(input.selling_price),
    original_price: tlToKurus(input.original_price),
    allergen: input.allergen ?? null,
    image,
    status,
    sold_out: input.sold_out ?? current?.sold_out ?? '0',
    allergens: input.allergens ? input.allergens.join(',') : (current?.allergens ?? ''),
    labels: input.labels ? input.labels.join(',') : (current?.labels ?? ''),
    variants: input.variants ? storeVariants(input.variants) : (current?.variants ?? '[]'),
  };
}

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
    const { userId } = authOf(request);
    const form = await readForm(request);
    const input = parseBody(productSchema, form.fields, { status: 422 });
    await assertOwnCategory(app.db, userId, input.category_id);
    const image = (await storeUpload(app.storage, form, 422)) ?? null;
    let created: Awaited<ReturnType<typeof createProductWithinLimit>>;
    try {
      created = await createProductWithinLimit(app.db, userId, values(input, image, input.status ?? '1'));
    } catch (err) {
      await deleteImage(app.storage, image);
      throw err;
    }
    if ('full' in created) {
      await deleteImage(app.storage, image);
      throw new AppError(200, 422, planLimitMessage(created.full), { limit: created.full.productLimit, plan: created.full.name });
    }
    const row = await findProduct(app.db, userId, created.id);
    return { status: 200, message: OWNER_MSG.productCreated, product: presentProduct(row!) };
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
    const form = await readForm(request);
    const current = id ? await findProduct(app.db, userId, id) : undefined;
    if (!id || !current) throw new NotFoundError(OWNER_MSG.productNotFound);
    const input = parseBody(productSchema, form.fields, { status: 422 });
    await assertOwnCategory(app.db, userId, input.category_id);
    const image = await storeUpload(app.storage, form, 422);
    let ok = false;
    try {
      ok = await updateProduct(app.db, userId, id, values(input, image ?? current.image, input.status ?? current.status, current));
    } catch (err) {
      await deleteImage(app.storage, image);
      throw err;
    }
    if (!ok) {
      await deleteImage(app.storage, image);
      throw new NotFoundError(OWNER_MSG.productNotFound);
    }
    if (image) await deleteImage(app.storage, current.image);
    const row = await findProduct(app.db, userId, id);
    if (row && (row.selling_price !== current.selling_price || row.original_price !== current.original_price)) {
      await recordPriceChanges(app.db, userId, [{ product_id: id, old_selling: current.selling_price, new_selling: row.selling_price, old_original: current.original_price, new_original: row.original_price }], 'form');
    }
    return { status: 200, message: OWNER_MSG.productUpdated, product: presentProduct(row!) };
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
