import type { FastifyPluginAsync } from 'fastify';
import { isMenuLanguage, MSG } from '@qrmenu/contract';
import { authOf, requireAuth } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { parseId } from '../../platform/validate.js';
import { findBusinessBySlug, MENU_TEXT, renderNotFound, slugParam } from '../menu/index.js';
import { priceListCheck, priceListVersions, printPriceList, referencePrice } from './price-list.js';
import { renderPriceListPage } from './price-list-page.js';
import { syncVersion } from './versions.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The price lists the law asks for (issue 41): the printed lists for the door and the tables, their
 * dated versions, the compliance check, the "was" price reference of the product form, and the
 * public printable page.
 */
const priceListRoutes: FastifyPluginAsync = async (app) => {
  const guard = { preHandler: requireAuth('user') };
  const now = () => app.clock.now();

  app.get('/api/price-list.pdf', { ...guard, compress: false }, async (request, reply) => {
    const { pdf, name } = await printPriceList(app.db, authOf(request).userId, request.query, now(), app.config.publicUrl);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').send(pdf);
  });

  app.get('/api/price-list/versions', guard, async (request) => priceListVersions(app.db, authOf(request).userId, now(), app.config.publicUrl));

  app.get('/api/price-list/check', guard, async (request) => priceListCheck(app.db, authOf(request).userId, now()));

  app.get<{ Params: { id: string } }>('/api/price-list/reference-price/:id', guard, async (request) => {
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
    const list = await syncVersion(app.db, business.userId, now());
    if (!list) return reply.code(404).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));
    const lang = isMenuLanguage(request.query.lang) && business.languages.includes(request.query.lang) ? request.query.lang : undefined;
    return reply.send(renderPriceListPage(list.content, { updatedAt: list.version.created_at, lang, offered: business.languages, menuPath: `/qr/${business.company.slug}/category` }));
  });
};

export default priceListRoutes;
