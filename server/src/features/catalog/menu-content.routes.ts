import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { applyAllergenSuggestionsSchema, allergenSuggestionsResponseSchema, applyAllergenSuggestionsResponseSchema, CONTENT_MSG, OWNER_MSG, soldOutSchema, sortCategoriesSchema, sortProductsSchema, categoriesResponseSchema, productResponseSchema, sortProductsResponseSchema } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { findCategory, listCategories } from './categories.repository.js';
import { findProduct, setSoldOut, sortCategories, sortProducts } from './products.repository.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { isoNow } from '../../platform/clock.js';
import { readForm } from '../../platform/http/multipart.js';
import { presentCategory, presentProduct } from './presenters.js';
import { applyAllergenSuggestions, listAllergenSuggestions } from './allergen-suggestions.js';
import { OWNER_NOT_FOUND, TAG } from '../../platform/openapi/fragments.js';

/** The owner's menu order (drag and drop) and the one-click sold-out switch. */
const menuContentRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };
  // JSON as designed; a multipart form is read the same way (`ids` repeated or comma-separated)
  const bodyOf = async (request: FastifyRequest) => (request.isMultipart() ? (await readForm(request)).fields : request.body);

  app.post('/api/sort-categories', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.categories, access: 'user', body: { as: 'json-or-multipart', schema: sortCategoriesSchema }, response: categoriesResponseSchema,
        summary: 'Kategorileri sırala', description: '`ids`: kategorilerinizin tamamı, yeni sırasıyla.',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const { ids } = parseBody(sortCategoriesSchema, await bodyOf(request), { status: 422 });
    if (!(await sortCategories(app.db, userId, ids))) throw new ValidationError({ ids: [CONTENT_MSG.sortCategoriesIds] }, { status: 422 });
    const rows = await listCategories(app.db, userId);
    return { status: 200, message: CONTENT_MSG.categoriesSorted, category: rows.map(presentCategory) };
  });

  app.post('/api/sort-products', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.products, access: 'user', body: { as: 'json-or-multipart', schema: sortProductsSchema }, response: sortProductsResponseSchema,
        summary: 'Bir kategorideki ürünleri sırala',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const { category_id, ids } = parseBody(sortProductsSchema, await bodyOf(request), { status: 422 });
    if (!(await findCategory(app.db, userId, category_id))) throw new ValidationError({ category_id: [CONTENT_MSG.sortCategory] }, { status: 422 });
    if (!(await sortProducts(app.db, userId, category_id, ids))) throw new ValidationError({ ids: [CONTENT_MSG.sortProductsIds] }, { status: 422 });
    return { status: 200, message: CONTENT_MSG.productsSorted, category_id, ids };
  });

  app.post<{ Params: { id: string } }>('/api/sold-out-product/:id', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.products, access: 'user', body: { as: 'json-or-multipart', schema: soldOutSchema }, response: productResponseSchema,
        summary: 'Tükendi / satışta', description: '`sold_out` gönderilmezse durum tersine döner.',
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const id = parseId(request.params.id);
    const current = id ? await findProduct(app.db, userId, id) : undefined;
    if (!id || !current) throw new NotFoundError(OWNER_MSG.productNotFound);
    const input = parseBody(soldOutSchema, await bodyOf(request), { status: 422 });
    const sold_out = input.sold_out ?? (current.sold_out === '1' ? '0' : '1');
    if (!(await setSoldOut(app.db, userId, id, sold_out, isoNow(app.clock)))) throw new NotFoundError(OWNER_MSG.productNotFound);
    const row = await findProduct(app.db, userId, id);
    return { status: 200, message: sold_out === '1' ? CONTENT_MSG.markedSoldOut : CONTENT_MSG.markedAvailable, product: presentProduct(row!) };
  });

  // free-text allergen notes that name one of the 14: offered, converted only when the owner chooses
  app.get('/api/allergen-suggestions', {
    ...guard,
    config: {
      doc: {
        tag: TAG.products, access: 'user', response: allergenSuggestionsResponseSchema,
        summary: 'Alerjen notundan kod önerileri',
        description: 'Serbest metin alerjen notu 14 alerjenden birini adlandıran ürünler (Türkçe katlanarak eşlenir: "gluten, süt" → gluten, sut) ve dönüşümden sonra kalan metin. Hiçbir şey değişmez.',
      },
    },
  }, async (request) => {
    const suggestions = await listAllergenSuggestions(app.db, authOf(request).userId);
    return { status: 200, message: CONTENT_MSG.allergenSuggestions(suggestions.length), suggestions };
  });

  app.post('/api/apply-allergen-suggestions', {
    ...guard,
    config: {
      cache: 'owner',
      doc: {
        tag: TAG.products, access: 'user', body: { as: 'json-or-multipart', schema: applyAllergenSuggestionsSchema }, response: applyAllergenSuggestionsResponseSchema,
        summary: 'Seçilen ürünlerin alerjen notunu kodlara dönüştür',
        description: `Nottaki alerjenler ürünün kodlarına eklenir, kalan metin notta kalır. ${OWNER_NOT_FOUND} Hiçbir ürün değişmez.`,
      },
    },
  }, async (request) => {
    const { userId } = authOf(request);
    const { ids } = parseBody(applyAllergenSuggestionsSchema, await bodyOf(request), { status: 422 });
    const r = await applyAllergenSuggestions(app.db, userId, ids, isoNow(app.clock));
    if (r.kind === 'not-found') throw new NotFoundError(OWNER_MSG.productNotFound);
    return { status: 200, message: CONTENT_MSG.allergensConverted(r.converted.length), converted: r.converted };
  });
};

export default menuContentRoutes;
