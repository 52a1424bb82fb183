import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  foldTurkish, isExcluded, isMenuLanguage, languagePreference, matchesWords, pickLanguage, type MenuLanguage, parseExcluded, PUBLIC_MSG, searchWords, SLUG_PATTERN, type AllergenCode, type GetCategoryResponse, type GetProductResponse,
  getCategoryResponseSchema, getProductResponseSchema,
} from '@qrmenu/contract';
import type { ComputedResponse } from './cache/menu-cache.js';
import {
  findBusinessBySlug, findBusinessByUserId, findPublicCategory, listAllPublicProducts, listPublicCategories, listPublicProducts,
} from './public-menu.repository.js';
import { translateBusiness, translateCategories, translateProducts } from './public-menu-i18n.js';
import { pageLang, withLang } from './pages/lang.js';
import { renderSearch } from './pages/search-page.js';
import { renderCategories, renderLanding, renderNotFound, renderProducts } from './pages/pages.js';
import { MENU_TEXT } from './pages/texts.js';
import { seoSite } from './pages/seo.js';
import { firstMenuPhoto } from '../branding/index.js';
import type { PublicBusiness } from './public-menu.repository.js';
import { parseId } from '../../platform/validate.js';
import { firstOf, langParam, slugParam } from './params.js';
import { masaKey, masaQuery, tablePage } from '../tables/index.js';
import { withMasa } from '../tables/index.js';
import { openStateExpiry } from './pages/brand-blocks.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { orderFormsAt, seatOnMenu, withOrdering } from '../orders/index.js';
import { ORDER_CSS } from './pages/order-form.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The view this response counts when it is a 2xx (set by the public menu routes). */
    menuView: { business?: number; category?: number } | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';


const json = (body: unknown, extra: Partial<ComputedResponse> = {}): ComputedResponse => ({
  statusCode: 200,
  contentType: JSON_TYPE,
  body: JSON.stringify(body),
  cacheable: true,
  ...extra,
});
const page = (body: string, extra: Partial<ComputedResponse> = {}): ComputedResponse => ({
  statusCode: 200,
  contentType: HTML_TYPE,
  body,
  cacheable: true,
  ...extra,
});

/** The allergen filter (`?haric=gluten,sut` or repeated `haric=`): what stays and how many it hid. */
function applyFilter<T extends { allergens: readonly string[] }>(products: T[], haric: AllergenCode[]) {
  if (haric.length === 0) return { shown: products, hidden: 0 };
  const shown = products.filter((p) => !isExcluded(p.allergens, haric));
  return { shown, hidden: products.length - shown.length };
}
/** Cache key part of a filter (codes normalised: known ones, in the list's order). */
const filterKey = (haric: AllergenCode[]) => (haric.length ? `:h:${haric.join(',')}` : '');
const filterQuery = (haric: AllergenCode[]) => (haric.length ? `haric=${haric.join(',')}` : '');
type MenuQuery = { Querystring: { haric?: string | string[]; q?: string | string[]; lang?: string | string[] } };
const langKey = (lang: MenuLanguage | undefined) => (lang ? `:l:${lang}` : '');
/** The languages of a public answer, `tr` first. */
const languagesOf = (enabled: readonly MenuLanguage[]) => ['tr', ...enabled];

const apiNotFound = (message: string) => json({ status: 404, message }, { cacheable: false });
const pageNotFound = (title: string, text: string) => page(renderNotFound(title, text), { statusCode: 404, cacheable: false });
const NO_BUSINESS = () => pageNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound);
const PASSIVE = () => pageNotFound(MENU_TEXT.passiveTitle, MENU_TEXT.passive);
const NO_CATEGORY = () => pageNotFound(MENU_TEXT.categoryNotFoundTitle, MENU_TEXT.categoryNotFound);
const redirect = (location: string): ComputedResponse => ({ statusCode: 301, contentType: HTML_TYPE, body: '', location, cacheable: true });

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
  /** What the pages' description, link preview and JSON-LD come from (branding: cover, logo, hours). */
  const siteOf = async (b: PublicBusiness) => seoSite(app.config.publicUrl, await firstMenuPhoto(db, b.userId), b.company.branding);

  const serve = async (request: FastifyRequest, reply: FastifyReply, key: string | undefined, compute: () => Promise<ComputedResponse>) => {
    const entry = key ? await cache.resolve(key, compute) : await cache.resolve('', async () => ({ ...(await compute()), cacheable: false }));
    if (entry.view && (entry.statusCode === 200 || entry.statusCode === 302) && request.method === 'GET') request.menuView = entry.view;
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
    return serve(request, reply, `api:c:${slug}${langKey(requested)}`, async () => {
      const found = await findBusinessBySlug(db, slug);
      if (!found || !found.business.active) return apiNotFound(PUBLIC_MSG.businessNotFound);
      const { redirected } = found;
      const L = pageLang(requested, found.business.languages);
      const lang = L.code === 'tr' ? undefined : L.code;
      const business = await translateBusiness(db, lang, found.business);
      const body: GetCategoryResponse = {
        status: 200,
        message: PUBLIC_MSG.menuListed,
        company: business.company,
        category: await translateCategories(db, lang, await listPublicCategories(db, business.userId)),
        languages: languagesOf(business.languages),
        lang: L.code,
      };
      // an old address answers for no business: whoever changes it, every edit ends this answer
      return json(body, { view: { business: business.userId }, business: redirected ? undefined : business.userId });
    });
  });

  app.get<{ Params: { id: string } } & MenuQuery>('/api/getProduct/:id', {
    ...opts,
    config: {
      doc: {
        tag: TAG.menu, access: 'public', response: getProductResponseSchema,
        query: { haric: 'Gizlenecek alerjen kodları, virgülle (gluten,sut)', lang: 'Menü dili' },
        summary: 'Bir kategorinin etkin ürünleri',
      },
    },
  }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!id) return serve(request, reply, undefined, async () => apiNotFound(PUBLIC_MSG.categoryNotFound));
    const haric = parseExcluded(request.query.haric);
    const requested = langParam(request.query.lang);
    return serve(request, reply, `api:p:${id}${filterKey(haric)}${langKey(requested)}`, async () => {
      const category = await findPublicCategory(db, id);
      const owner = category ? await findBusinessByUserId(db, category.userId) : undefined;
      if (!category || !owner || !owner.active) return apiNotFound(PUBLIC_MSG.categoryNotFound);
      const L = pageLang(requested, owner.languages);
      const lang = L.code === 'tr' ? undefined : L.code;
      const business = await translateBusiness(db, lang, owner);
      const { userId, ...source } = category;
      const [cat] = await translateCategories(db, lang, [source]);
      const body: GetProductResponse = {
        status: 200,
        message: PUBLIC_MSG.menuListed,
        company: business.company,
        product_data: { product: [], category: cat! },
        languages: languagesOf(business.languages),
        lang: L.code,
      };
      const { shown, hidden } = applyFilter(await translateProducts(db, lang, await listPublicProducts(db, userId, id)), haric);
      body.product_data = haric.length ? { product: shown, category: cat!, haric, hidden } : { product: shown, category: cat! };
      return json(body, { view: { category: id }, business: userId });
    });
  });

  /** Resolves `{company}` for a page: the business, or the answer (404 page, 301 to the current address). */
  const businessFor = async (slug: string | undefined, rest: string) => {
    if (!slug) return { answer: NO_BUSINESS() };
    const found = await findBusinessBySlug(db, slug);
    if (!found) return { answer: NO_BUSINESS() };
    if (!found.business.active) return { answer: PASSIVE() };
    if (found.redirected) return { answer: redirect(`/qr/${found.business.company.slug}${rest}`) };
    return { business: found.business };
  };
  /** The business's own texts (about, menu note, Wi-Fi name) in the page's language. */
  const inLanguage = (business: PublicBusiness, L: { code: string }) => translateBusiness(db, L.code === 'tr' ? undefined : (L.code as MenuLanguage), business);

  // The landing forwards to the category list in the browser's language when the business offers
  // it (302, Vary: Accept-Language); otherwise the Turkish landing. Keyed by the preference
  // (languagePreference, as the fast path keys it); `?lang=` shows the landing in that language.
  app.get<{ Params: { company: string } } & MenuQuery>('/qr/:company', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    const pref = request.query.lang === undefined ? languagePreference(request.headers['accept-language']) : '';
    const key = slug && `qr:l:${slug}${requested ? `:=${requested}` : pref ? `:${pref}` : ''}${masaKey(masa)}`;
    await seatOnMenu(app, request, reply, slug, masa);
    return serve(request, reply, key, async () => {
      const query = [requested ? `lang=${requested}` : '', masa ? `masa=${masa}` : ''].filter(Boolean).join('&');
      const r = await businessFor(slug, query ? `?${query}` : '');
      if (!r.business) return r.answer;
      const { company, userId, languages } = r.business;
      const counted = { view: { business: userId }, business: userId, varyLanguage: true };
      const picked = requested ? undefined : pickLanguage(pref, languages);
      if (picked) {
        const location = withMasa(withLang(`/qr/${company.slug}/category`, picked), masa);
        return { ...page(''), statusCode: 302, location, ...counted, cacheable: masa === undefined };
      }
      const L = pageLang(requested, languages);
      // the open/closed line holds until the next opening or closing: the cached page ends then
      const now = app.clock.now().getTime();
      const categories = await translateCategories(db, L.code === 'tr' ? undefined : L.code, await listPublicCategories(db, userId));
      const shown = (await inLanguage(r.business, L)).company;
      const t = await tablePage(db, r.business, renderLanding(shown, L, now, await siteOf(r.business), categories), masa, L, { landing: true });
      return page(withOrdering(t.html, await orderFormsAt(app, r.business, masa), ORDER_CSS), { ...counted, cacheable: t.cacheable, expiresAt: openStateExpiry(company, now) });
    });
  });

  app.get<{ Params: { company: string } } & MenuQuery>('/qr/:company/category', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    // the allergen filter chosen on a category page rides along to the other categories
    const haric = parseExcluded(request.query.haric);
    await seatOnMenu(app, request, reply, slug, masa);
    return serve(request, reply, slug && `qr:c:${slug}${filterKey(haric)}${langKey(requested)}${masaKey(masa)}`, async () => {
      const r = await businessFor(slug, withMasa(withLang(`/category${haric.length ? `?${filterQuery(haric)}` : ''}`, requested ?? 'tr'), masa));
      if (!r.business) return r.answer;
      const L = pageLang(requested, r.business.languages);
      const categories = await translateCategories(db, L.code === 'tr' ? undefined : L.code, await listPublicCategories(db, r.business.userId));
      const now = app.clock.now().getTime();
      const t = await tablePage(db, r.business, renderCategories((await inLanguage(r.business, L)).company, categories, L, now, await siteOf(r.business), haric), masa, L);
      return page(withOrdering(t.html, await orderFormsAt(app, r.business, masa), ORDER_CSS), { business: r.business.userId, cacheable: t.cacheable, expiresAt: openStateExpiry(r.business.company, now) });
    });
  });

  app.get<{ Params: { company: string; id: string } } & MenuQuery>('/qr/:company/category/:id', opts, async (request, reply) => {
    const slug = slugParam(request.params.company);
    const id = parseId(request.params.id);
    const haric = parseExcluded(request.query.haric);
    const requested = langParam(request.query.lang);
    const masa = masaQuery(request.query);
    await seatOnMenu(app, request, reply, slug, masa);
    return serve(request, reply, slug && id ? `qr:p:${slug}:${id}${filterKey(haric)}${langKey(requested)}${masaKey(masa)}` : undefined, async () => {
      const r = await businessFor(slug, withMasa(withLang(id ? `/category/${id}${haric.length ? `?${filterQuery(haric)}` : ''}` : '/category', requested ?? 'tr'), masa));
      if (!r.business) return r.answer;
      const category = id ? await findPublicCategory(db, id) : undefined;
      // a category of another business is not found here, whatever its id
      if (!category || category.userId !== r.business.userId) return NO_CATEGORY();
      const L = pageLang(requested, r.business.languages);
      const lang = L.code === 'tr' ? undefined : L.code;
      const { userId, ...source } = category;
      const [cat] = await translateCategories(db, lang, [source]);
      const { shown, hidden } = applyFilter(await translateProducts(db, lang, await listPublicProducts(db, userId, source.id)), haric);
      const order = await orderFormsAt(app, r.business, masa);
      const t = await tablePage(db, r.business, renderProducts((await inLanguage(r.business, L)).company, cat!, shown, { haric, hidden }, L, await siteOf(r.business), order), masa, L);
      return page(withOrdering(t.html, order, ORDER_CSS), { view: { category: source.id }, business: userId, cacheable: t.cacheable });
    });
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
    await seatOnMenu(app, request, reply, slug, masa);
    return serve(request, reply, key, async () => {
      const query = [q ? `q=${encodeURIComponent(q)}` : '', filterQuery(haric), requested ? `lang=${requested}` : '', masa ? `masa=${masa}` : ''].filter(Boolean).join('&');
      const r = await businessFor(slug, `/ara${query ? `?${query}` : ''}`);
      if (!r.business) return r.answer;
      const L = pageLang(requested, r.business.languages);
      const source = q ? await listAllPublicProducts(db, r.business.userId) : [];
      const all = await translateProducts(db, L.code === 'tr' ? undefined : L.code, source);
      // a word matches the Turkish or the translated text
      const matching = words.length
        ? all.filter((p, i) => matchesWords(`${source[i]!.name} ${source[i]!.description ?? ''} ${p.name} ${p.description ?? ''}`, words))
        : [];
      const { shown, hidden } = applyFilter(matching, haric);
      const order = await orderFormsAt(app, r.business, masa);
      const t = await tablePage(db, r.business, renderSearch((await inLanguage(r.business, L)).company, q, shown, { haric, hidden }, L, await siteOf(r.business), order), masa, L);
      return page(withOrdering(t.html, order, ORDER_CSS), { business: r.business.userId, cacheable: t.cacheable });
    });
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
