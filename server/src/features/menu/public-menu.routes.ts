import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { languagePreference, parseExcluded, PUBLIC_MSG, searchWords, getCategoryResponseSchema, getProductResponseSchema } from '@qrmenu/contract';
import type { ComputedResponse } from './cache/menu-cache.js';
import { MENU_TEXT } from './pages/texts.js';
import { photoBaseOf } from './pages/photo.js';
import { parseId } from '../../platform/validate.js';
import { firstOf, langParam, slugParam } from './params.js';
import { masaKey, masaQuery } from '../tables/index.js';
import { seatOnMenu } from '../orders/index.js';
import { TAG } from '../../platform/openapi/fragments.js';
import {
  apiNotFound, categoriesPage, categoryListAnswer, filterKey, landingPage, langKey, pageNotFound, productListAnswer, productsPage, searchPage, type MenuContext, type PageRequest,
} from './public-menu.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The view this response counts when it is a 2xx (set by the public menu routes). */
    menuView: { business?: number; category?: number; branch?: number } | null;
  }
}

const noop = () => undefined;

type MenuQuery = { Querystring: { haric?: string | string[]; q?: string | string[]; lang?: string | string[]; sube?: string | string[] } };

/**
 * The diner's menu (spec §2, §7): the JSON API (`getCategory`, `getProduct`) and the
 * server-rendered pages under `/qr/{company}`. Every answer goes through the menu cache
 * (features/menu/cache/menu-cache.ts) and counts its view (features/menu/views/views.ts) when it is a 2xx or 304 GET.
 * API outcomes travel in the body (`status: 404` with HTTP 200, like the owner routes); pages use
 * the HTTP status (404 page, 301 from an old address).
 */
const publicMenuRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.menuCache;
  const db = app.db;
  app.decorateRequest('menuView', null);
  const ctx: MenuContext = { db, publicUrl: app.config.publicUrl, photoBase: photoBaseOf(app.config.storagePublicUrl), now: () => app.clock.now() };

  const serve = async (request: FastifyRequest, reply: FastifyReply, key: string | undefined, compute: () => Promise<ComputedResponse>) => {
    const entry = key ? await cache.resolve(key, compute) : await cache.resolve('', async () => ({ ...(await compute()), cacheable: false }));
    if (entry.view && (entry.statusCode === 200 || entry.statusCode === 302) && request.method === 'GET') request.menuView = entry.view;
    // a table's page of a business that takes orders: the device's seat (decided with the page: no query here)
    if (entry.seat) await seatOnMenu(app, request, reply, entry.seat);
    return cache.send(request, reply, entry, key);
  };

  // A 2xx answer counts its view just before it is sent (journaled: it survives a crash after the
  // diner got the page). So does a 304: the diner opened the menu again and the browser showed its
  // copy after asking us (one open, one view). HEAD and errors do not count.
  app.addHook('onSend', (request, reply, payload, done) => {
    const v = request.menuView;
    if (v && ((reply.statusCode >= 200 && reply.statusCode < 300) || reply.statusCode === 304 || reply.statusCode === 302)) {
      // group commit: the answer leaves once this turn's views are in the journal (one write)
      const send = () => done(null, payload);
      // a branch's menu counts for the branch too (grouped in the same journal write)
      if (v.branch != null) app.views.branch(v.branch, noop);
      if (v.business != null) app.views.business(v.business, v.category != null ? undefined : send);
      if (v.category != null) app.views.category(v.category, send);
      return;
    }
    done(null, payload);
  });

  const opts = { compress: false } as const;

  app.get<{ Params: { company: string } } & MenuQuery>('/api/getCategory/:company', {
    ...opts,
    config: {
      doc: {
        tag: TAG.menu, access: 'public', response: getCategoryResponseSchema,
        query: { lang: 'Menü dili (en, de, ru, ar, fr); işletme sunmuyorsa Türkçe' },
        summary: 'İşletmenin menüsü: işletme ve etkin kategoriler',
        description: '`{company}` menü adresindeki ad (slug). Bilinmeyen veya pasif işletme: gövde `status: 404`.',
      },
    },
  }, async (request, reply) => {
    const slug = slugParam(request.params.company);
    if (!slug) return serve(request, reply, undefined, async () => apiNotFound(PUBLIC_MSG.businessNotFound));
    const requested = langParam(request.query.lang);
    return serve(request, reply, `api:c:${slug}${langKey(requested)}`, () => categoryListAnswer(ctx, slug, requested));
  });

  app.get<{ Params: { id: string } } & MenuQuery>('/api/getProduct/:id', {
    ...opts,
    config: {
      doc: {
        tag: TAG.menu, access: 'public', response: getProductResponseSchema,
        query: { haric: 'Gizlenecek alerjen kodları, virgülle (gluten,sut)', lang: 'Menü dili', sube: 'Şubenin menü adresi (slug): o şubenin fiyatları ve durumları' },
        summary: 'Bir kategorinin etkin ürünleri',
      },
    },
  }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!id) return serve(request, reply, undefined, async () => apiNotFound(PUBLIC_MSG.categoryNotFound));
    const haric = parseExcluded(request.query.haric);
    const requested = langParam(request.query.lang);
    const sube = request.query.sube === undefined ? undefined : slugParam(firstOf(request.query.sube));
    if (request.query.sube !== undefined && !sube) return serve(request, reply, undefined, async () => apiNotFound(PUBLIC_MSG.businessNotFound));
    return serve(request, reply, `api:p:${id}${filterKey(haric)}${langKey(requested)}${sube ? `:b:${sube}` : ''}`, () => productListAnswer(ctx, id, haric, requested, sube));
  });

  // The landing forwards to the category list in the browser's language when the business offers
  // it (302, Vary: Accept-Language); otherwise the Turkish landing. Keyed by the preference
  // (languagePreference, as the fast path keys it); `?lang=` shows the landing in that language.
  app.get<{ Params: { company: string } } & MenuQuery>('/qr/:company', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    const pref = request.query.lang === undefined ? languagePreference(request.headers['accept-language']) : '';
    const key = slug && `qr:l:${slug}${requested ? `:=${requested}` : pref ? `:${pref}` : ''}${masaKey(masa)}`;
    return serve(request, reply, key, () => landingPage(ctx, { slug, requested, masa, haric: [] }, pref));
  });

  app.get<{ Params: { company: string } } & MenuQuery>('/qr/:company/category', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    // the allergen filter chosen on a category page rides along to the other categories
    const haric = parseExcluded(request.query.haric);
    const req: PageRequest = { slug, requested, masa, haric };
    return serve(request, reply, slug && `qr:c:${slug}${filterKey(haric)}${langKey(requested)}${masaKey(masa)}`, () => categoriesPage(ctx, req));
  });

  app.get<{ Params: { company: string; id: string } } & MenuQuery>('/qr/:company/category/:id', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const id = parseId(request.params.id);
    const haric = parseExcluded(request.query.haric);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    const key = slug && id ? `qr:p:${slug}:${id}${filterKey(haric)}${langKey(requested)}${masaKey(masa)}` : undefined;
    return serve(request, reply, key, () => productsPage(ctx, { slug, requested, masa, haric }, id));
  });

  // Search of the whole menu: name or description contains every word, Turkish letters folded as
  // slugs are. Results with a query are not cached (their key space is unbounded).
  app.get<{ Params: { company: string } } & MenuQuery>('/qr/:company/ara', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const q = firstOf(request.query.q).trim().slice(0, 100);
    const haric = parseExcluded(request.query.haric);
    const masa = masaQuery(request.query);
    const words = searchWords(q);
    const requested = langParam(request.query.lang);
    const key = slug && !q ? `qr:s:${slug}${filterKey(haric)}${langKey(requested)}${masaKey(masa)}` : undefined;
    return serve(request, reply, key, () => searchPage(ctx, { slug, requested, masa, haric }, q, words));
  });

  // Anything else under /qr/ is a Turkish 404 page of the menu, not the SPA.
  app.get('/qr/*', opts, async (request, reply) =>
    serve(request, reply, undefined, async () => pageNotFound(MENU_TEXT.pageNotFoundTitle, MENU_TEXT.pageNotFound)),
  );
  app.get('/qr', opts, async (request, reply) =>
    serve(request, reply, undefined, async () => pageNotFound(MENU_TEXT.pageNotFoundTitle, MENU_TEXT.pageNotFound)),
  );
};

export default publicMenuRoutes;
