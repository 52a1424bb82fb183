import type { FastifyPluginAsync } from 'fastify';
import { isMenuLanguage, MSG, priceListCheckResponseSchema, priceListVersionsResponseSchema, referencePriceResponseSchema } from '@qrmenu/contract';
import { OWNER_NOT_FOUND, TAG } from '../../platform/openapi/fragments.js';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { parseId } from '../../platform/validate.js';
import { findBusinessBySlug, MENU_TEXT, renderNotFound, slugParam } from '../menu/index.js';
import { dinerListAt, listAt, priceListCheck, priceListVersions, printPriceList, referencePrice } from './price-list.js';
import { renderPriceListPage } from './price-list-page.js';
import { readList } from './versions.js';

const HTML = 'text/html; charset=utf-8';
/** `?branch=` of the owner's price-list calls (issue 43). */
const BRANCH_QUERY = 'Şube (GET /api/branches): o şubenin fiyatları, ürünleri, adı ve adresi, kendi sürümleri (yok veya 0: ana şube)';

/**
 * The price lists the law asks for (issue 41): the printed lists for the door and the tables, their
 * dated versions, the compliance check, the "was" price reference of the product form, and the
 * public printable page.
 */
const priceListRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };
  const now = () => app.clock.now();

  app.get('/api/price-list.pdf', {
    ...guard,
    compress: false,
    config: {
      doc: {
        tag: TAG.priceList, access: 'user',
        query: { format: 'kapi (giriş kapısı, A4/A3) veya masa (A5/A6, QR kodlu)', size: 'a4, a3 (kapi) / a5, a6 (masa)', lang: 'İkinci dil: en, de, ru, ar, fr', version: 'Geçmiş bir sürüm (yazdırıldığı gibi)', branch: BRANCH_QUERY },
        file: { types: ['application/pdf'], description: 'Fiyat listesi (PDF).' }, summary: 'Fiyat listesini PDF olarak indir',
        description: 'Geçersiz parametre: gövde `status: 422`. Bilinmeyen sürüm, adresi olmayan işletme veya başka bir hesabın şubesi: gövde `status: 404`.',
      },
    },
  }, async (request, reply) => {
    const { pdf, name } = await printPriceList(app.db, authOf(request).userId, request.query, now(), app.config.publicUrl);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').send(pdf);
  });

  app.get<{ Querystring: { branch?: string } }>('/api/price-list/versions', {
    ...guard,
    config: {
      doc: { tag: TAG.priceList, access: 'user', query: { branch: BRANCH_QUERY }, response: priceListVersionsResponseSchema, summary: 'Fiyat listesinin tarihli sürümleri (iki yıl saklanır)', description: OWNER_NOT_FOUND },
    },
  }, async (request) => priceListVersions(app.db, await listAt(app.db, authOf(request).userId, request.query.branch), now(), app.config.publicUrl));

  app.get<{ Querystring: { branch?: string } }>('/api/price-list/check', {
    ...guard,
    config: {
      doc: { tag: TAG.priceList, access: 'user', query: { branch: BRANCH_QUERY }, response: priceListCheckResponseSchema, summary: 'Fiyat Etiketi Yönetmeliği denetimi: bulgular', description: OWNER_NOT_FOUND },
    },
  }, async (request) => priceListCheck(app.db, await listAt(app.db, authOf(request).userId, request.query.branch), now()));

  app.get<{ Params: { id: string } }>('/api/price-list/reference-price/:id', {
    ...guard,
    config: {
      doc: { tag: TAG.priceList, access: 'user', response: referencePriceResponseSchema, summary: 'Kampanya için son 30 günün en düşük fiyatı', description: OWNER_NOT_FOUND },
    },
  }, async (request) => {
    const id = parseId(request.params.id);
    if (!id) throw new NotFoundError(MSG.notFound);
    return referencePrice(app.db, authOf(request).userId, id, now());
  });

  app.get<{ Params: { company: string }; Querystring: { lang?: string } }>('/qr/:company/fiyat-listesi', async (request, reply) => {
    const slug = slugParam(request.params.company);
    const found = slug ? await findBusinessBySlug(app.db, slug) : undefined;
    reply.type(HTML).header('Cache-Control', 'no-cache');
    if (!found) return reply.code(404).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));
    const { business } = found;
    if (!business.active) return reply.code(404).send(renderNotFound(MENU_TEXT.passiveTitle, MENU_TEXT.passive));
    if (found.redirected) return reply.redirect(`/qr/${business.company.slug}/fiyat-listesi`, 301);
    // read-only: versions are recorded by the owner's writes (version-hook.ts), not by diners' visits
    const list = await readList(app.db, await dinerListAt(app.db, business), now());
    if (!list) return reply.code(404).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));
    const lang = isMenuLanguage(request.query.lang) && business.languages.includes(request.query.lang) ? request.query.lang : undefined;
    return reply.send(renderPriceListPage(list.content, { updatedAt: list.updatedAt, lang, offered: business.languages, menuPath: `/qr/${business.company.slug}/category` }));
  });
};

export default priceListRoutes;
