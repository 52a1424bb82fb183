import {
  isExcluded, matchesWords, pickLanguage, PUBLIC_MSG, type AllergenCode, type GetCategoryResponse, type GetProductResponse, type MenuLanguage,
} from '@qrmenu/contract';
import type { DB } from '../../platform/db/database.js';
import type { ComputedResponse } from './cache/menu-cache.js';
import {
  findBusinessBySlug, findBusinessByUserId, findPublicCategory, listPublicCategories, listPublicProducts, searchPublicProducts, type PublicBusiness,
} from './public-menu.repository.js';
import { translateBusiness, translateCategories, translateProducts } from './public-menu-i18n.js';
import { pageLang, withLang } from './pages/lang.js';
import { renderSearch, SEARCH_LIMIT } from './pages/search-page.js';
import { renderCategories, renderLanding, renderNotFound, renderProducts } from './pages/pages.js';
import { MENU_TEXT } from './pages/texts.js';
import { seoSite } from './pages/seo.js';
import { openStateExpiry } from './pages/brand-blocks.js';
import { firstMenuPhoto } from '../branding/index.js';
import { tableAt, withMasa } from '../tables/index.js';
import { orderFormsAt } from '../orders/index.js';
import { categoryService, MenuMoment, servedCategories, servedProducts, servedSearch } from './service/service-hours.js';

/**
 * The diner's menu as answers (the act of features/menu/public-menu.routes.ts): the JSON API's
 * bodies and the server-rendered pages, each a `ComputedResponse` for the menu cache.
 */

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
export const filterKey = (haric: AllergenCode[]) => (haric.length ? `:h:${haric.join(',')}` : '');
export const filterQuery = (haric: AllergenCode[]) => (haric.length ? `haric=${haric.join(',')}` : '');
export const langKey = (lang: MenuLanguage | undefined) => (lang ? `:l:${lang}` : '');
/** The languages of a public answer, `tr` first. */
const languagesOf = (enabled: readonly MenuLanguage[]) => ['tr', ...enabled];

export const apiNotFound = (message: string) => json({ status: 404, message }, { cacheable: false });
export const pageNotFound = (title: string, text: string) => page(renderNotFound(title, text), { statusCode: 404, cacheable: false });
const NO_BUSINESS = () => pageNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound);
const PASSIVE = () => pageNotFound(MENU_TEXT.passiveTitle, MENU_TEXT.passive);
const NO_CATEGORY = () => pageNotFound(MENU_TEXT.categoryNotFoundTitle, MENU_TEXT.categoryNotFound);
const redirect = (location: string): ComputedResponse => ({ statusCode: 301, contentType: HTML_TYPE, body: '', location, cacheable: true });

/** What the menu's answers are made from: the database, the public address, the app's clock. */
export interface MenuContext {
  db: DB;
  publicUrl: string;
  /** Where the pages point for photos (`photoBaseOf(STORAGE_PUBLIC_URL)`; '' the app's own /uploads/). */
  photoBase: string;
  now: () => Date;
}

/** The instant an answer is computed for (the app's clock): service hours and happy hours are decided at it. */
const moment = (ctx: MenuContext) => new MenuMoment(ctx.now().getTime());

/** What the pages' description, link preview and JSON-LD come from (branding: cover, logo, hours). */
const siteOf = async (ctx: MenuContext, b: PublicBusiness) => seoSite(ctx.publicUrl, await firstMenuPhoto(ctx.db, b.userId), b.company.branding, ctx.photoBase);
/** Resolves `{company}` for a page: the business, or the answer (404 page, 301 to the current address). */
async function businessFor(db: DB, slug: string | undefined, rest: string) {
  if (!slug) return { answer: NO_BUSINESS() };
  const found = await findBusinessBySlug(db, slug);
  if (!found) return { answer: NO_BUSINESS() };
  if (!found.business.active) return { answer: PASSIVE() };
  if (found.redirected) return { answer: redirect(`/qr/${found.business.company.slug}${rest}`) };
  return { business: found.business };
}
/** The business's own texts (about, menu note, Wi-Fi name) in the page's language. */
const inLanguage = (db: DB, business: PublicBusiness, L: { code: string }) => translateBusiness(db, L.code === 'tr' ? undefined : (L.code as MenuLanguage), business);

/** `GET /api/getCategory/:company`: the business and its active categories. */
export async function categoryListAnswer(ctx: MenuContext, slug: string, requested: MenuLanguage | undefined): Promise<ComputedResponse> {
  const { db } = ctx;
  const found = await findBusinessBySlug(db, slug);
  if (!found || !found.business.active) return apiNotFound(PUBLIC_MSG.businessNotFound);
  const { redirected } = found;
  const L = pageLang(requested, found.business.languages);
  const lang = L.code === 'tr' ? undefined : L.code;
  const business = await translateBusiness(db, lang, found.business);
  const m = moment(ctx);
  const body: GetCategoryResponse = {
    status: 200,
    message: PUBLIC_MSG.menuListed,
    company: business.company,
    category: await translateCategories(db, lang, servedCategories(m, await listPublicCategories(db, business.userId))),
    languages: languagesOf(business.languages),
    lang: L.code,
  };
  // an old address answers for no business: whoever changes it, every edit ends this answer
  return json(body, { view: { business: business.userId, ...(business.branchId ? { branch: business.branchId } : {}) }, business: redirected ? undefined : business.userId, expiresAt: m.until });
}

/** The business of a category's owner, at the branch `sube` (a branch slug of that owner) when given. */
async function ownerAt(db: DB, userId: number, sube: string | undefined): Promise<PublicBusiness | undefined> {
  if (!sube) return findBusinessByUserId(db, userId);
  const found = await findBusinessBySlug(db, sube);
  return found && !found.redirected && found.business.userId === userId ? found.business : undefined;
}

/** `GET /api/getProduct/:id`: a category's active products (the allergen filter applied); `?sube=` a branch's menu. */
export async function productListAnswer(ctx: MenuContext, id: number, haric: AllergenCode[], requested: MenuLanguage | undefined, sube?: string): Promise<ComputedResponse> {
  const { db } = ctx;
  const category = await findPublicCategory(db, id);
  const owner = category ? await ownerAt(db, category.userId, sube) : undefined;
  const m = moment(ctx);
  const served = category && categoryService(m, category);
  if (!category || !owner || !owner.active || served === 'hidden') return apiNotFound(PUBLIC_MSG.categoryNotFound);
  const L = pageLang(requested, owner.languages);
  const lang = L.code === 'tr' ? undefined : L.code;
  const business = await translateBusiness(db, lang, owner);
  const { userId, schedule: _schedule, ...rest } = category;
  const [cat] = await translateCategories(db, lang, [served ? { ...rest, service: served } : rest]);
  const body: GetProductResponse = {
    status: 200,
    message: PUBLIC_MSG.menuListed,
    company: business.company,
    product_data: { product: [], category: cat },
    languages: languagesOf(business.languages),
    lang: L.code,
  };
  const { shown, hidden } = applyFilter(await translateProducts(db, lang, servedProducts(m, await listPublicProducts(db, userId, id, owner.branchId), () => served)), haric);
  body.product_data = haric.length ? { product: shown, category: cat, haric, hidden } : { product: shown, category: cat };
  return json(body, { view: { category: id }, business: userId, expiresAt: m.until });
}

/** What a page request asked for: the table (`masa`), the language (`lang`), the allergen filter. */
export interface PageRequest {
  slug: string | undefined;
  requested: MenuLanguage | undefined;
  masa: number | undefined;
  haric: AllergenCode[];
}

/**
 * `GET /qr/:company`: the landing, or a 302 to the category list in the browser's language
 * (`pref`, when the business offers it).
 */
export async function landingPage(ctx: MenuContext, req: PageRequest, pref: string): Promise<ComputedResponse> {
  const { db } = ctx;
  const { requested, masa } = req;
  const query = [requested ? `lang=${requested}` : '', masa ? `masa=${masa}` : ''].filter(Boolean).join('&');
  const r = await businessFor(db, req.slug, query ? `?${query}` : '');
  if (!r.business) return r.answer;
  const { company, userId, languages } = r.business;
  const counted = { view: { business: userId, ...(r.business.branchId ? { branch: r.business.branchId } : {}) }, business: userId, varyLanguage: true };
  const picked = requested ? undefined : pickLanguage(pref, languages);
  if (picked) {
    const location = withMasa(withLang(`/qr/${company.slug}/category`, picked), masa);
    // the table's QR address forwards to the diner's language: the seat comes with the forward
    const seat = (await orderFormsAt(db, r.business, masa, pageLang(picked, languages)))?.seat;
    return { ...page(''), statusCode: 302, location, ...counted, cacheable: masa === undefined, seat };
  }
  const L = pageLang(requested, languages);
  const order = await orderFormsAt(db, r.business, masa, L);
  // the open/closed line holds until the next opening or closing: the cached page ends then
  const m = moment(ctx);
  const now = m.now;
  const categories = await translateCategories(db, L.code === 'tr' ? undefined : L.code, servedCategories(m, await listPublicCategories(db, userId)));
  const shown = (await inLanguage(db, r.business, L)).company;
  const t = await tableAt(db, r.business, masa, L, { landing: true });
  const html = renderLanding(shown, L, now, await siteOf(ctx, r.business), categories, order, t.table);
  return page(html, { ...counted, cacheable: t.cacheable, expiresAt: Math.min(openStateExpiry(company, now), m.until), seat: order?.seat });
}

/** `GET /qr/:company/category`: the category list (the allergen filter rides along to the categories). */
export async function categoriesPage(ctx: MenuContext, req: PageRequest): Promise<ComputedResponse> {
  const { db } = ctx;
  const { requested, masa, haric } = req;
  const r = await businessFor(db, req.slug, withMasa(withLang(`/category${haric.length ? `?${filterQuery(haric)}` : ''}`, requested ?? 'tr'), masa));
  if (!r.business) return r.answer;
  const L = pageLang(requested, r.business.languages);
  const m = moment(ctx);
  const now = m.now;
  const categories = await translateCategories(db, L.code === 'tr' ? undefined : L.code, servedCategories(m, await listPublicCategories(db, r.business.userId)));
  const order = await orderFormsAt(db, r.business, masa, L);
  const t = await tableAt(db, r.business, masa, L);
  const html = renderCategories((await inLanguage(db, r.business, L)).company, categories, L, now, await siteOf(ctx, r.business), haric, order, t.table);
  return page(html, { business: r.business.userId, cacheable: t.cacheable, expiresAt: Math.min(openStateExpiry(r.business.company, now), m.until), seat: order?.seat });
}

/** `GET /qr/:company/category/:id`: a category's products; a category of another business is not found. */
export async function productsPage(ctx: MenuContext, req: PageRequest, id: number | undefined): Promise<ComputedResponse> {
  const { db } = ctx;
  const { requested, masa, haric } = req;
  const r = await businessFor(db, req.slug, withMasa(withLang(id ? `/category/${id}${haric.length ? `?${filterQuery(haric)}` : ''}` : '/category', requested ?? 'tr'), masa));
  if (!r.business) return r.answer;
  const category = id ? await findPublicCategory(db, id) : undefined;
  const m = moment(ctx);
  const served = category && categoryService(m, category);
  // a category of another business is not found here, whatever its id; nor one hidden now
  if (!category || category.userId !== r.business.userId || served === 'hidden') return NO_CATEGORY();
  const L = pageLang(requested, r.business.languages);
  const lang = L.code === 'tr' ? undefined : L.code;
  const { userId, schedule: _schedule, ...source } = category;
  const [cat] = await translateCategories(db, lang, [served ? { ...source, service: served } : source]);
  const { shown, hidden } = applyFilter(await translateProducts(db, lang, servedProducts(m, await listPublicProducts(db, userId, source.id, r.business.branchId), () => served)), haric);
  const order = await orderFormsAt(db, r.business, masa, L);
  const t = await tableAt(db, r.business, masa, L);
  const html = renderProducts((await inLanguage(db, r.business, L)).company, cat, shown, { haric, hidden }, L, await siteOf(ctx, r.business), order, t.table);
  return page(html, { view: { category: source.id }, business: userId, cacheable: t.cacheable, expiresAt: m.until, seat: order?.seat });
}

/** `GET /qr/:company/ara?q=`: products whose Turkish or translated name or description has every word. */
export async function searchPage(ctx: MenuContext, req: PageRequest, q: string, words: string[]): Promise<ComputedResponse> {
  const { db } = ctx;
  const { requested, masa, haric } = req;
  const query = [q ? `q=${encodeURIComponent(q)}` : '', filterQuery(haric), requested ? `lang=${requested}` : '', masa ? `masa=${masa}` : ''].filter(Boolean).join('&');
  const r = await businessFor(db, req.slug, `/ara${query ? `?${query}` : ''}`);
  if (!r.business) return r.answer;
  const L = pageLang(requested, r.business.languages);
  const m = moment(ctx);
  const lang = L.code === 'tr' ? undefined : L.code;
  // the database's matches, at most one more than shown (to know there are more), then service hours
  const source = servedSearch(m, await searchPublicProducts(db, r.business.userId, words, lang, SEARCH_LIMIT + 1, r.business.branchId));
  const all = await translateProducts(db, lang, source);
  // a word matches the Turkish or the translated text
  const matching = all.filter((p, i) => matchesWords(`${source[i].name} ${source[i].description ?? ''} ${p.name} ${p.description ?? ''}`, words));
  const { shown, hidden } = applyFilter(matching.slice(0, SEARCH_LIMIT), haric);
  const more = matching.length > SEARCH_LIMIT;
  const order = await orderFormsAt(db, r.business, masa, L);
  const t = await tableAt(db, r.business, masa, L);
  const html = renderSearch((await inLanguage(db, r.business, L)).company, q, shown, { haric, hidden }, L, await siteOf(ctx, r.business), more ? SEARCH_LIMIT : undefined, order, t.table);
  return page(html, { business: r.business.userId, cacheable: t.cacheable, expiresAt: m.until, seat: order?.seat });
}
