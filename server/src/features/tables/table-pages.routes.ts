import { parse as parseQuery } from 'node:querystring';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MENU_TEXT } from '../menu/index.js';
import { pageLang } from '../menu/index.js';
import { photoBaseOf, renderNotFound } from '../menu/index.js';
import { renderCalled, renderNoTable, renderSurvey, renderThanks, renderTooMany } from './table-pages.js';
import { callWaiter } from './call-waiter.js';
import { findDinerBusiness, tableOf } from './diner-business.js';
import { submitFeedback } from './submit-feedback.js';
import { dinerOf } from './diner-limits.js';
import { langParam } from '../menu/index.js';

const HTML = 'text/html; charset=utf-8';
/** A plain form posts a few fields; anything bigger is not a diner. */
const FORM_LIMIT = 16 * 1024;

/** The four ratings of a plain form (flat fields) in the JSON shape. */
const fromForm = (b: Record<string, unknown>): Record<string, unknown> => ({
  ...b,
  ratings: { lezzet: b.lezzet, servis: b.servis, temizlik: b.temizlik, fiyat: b.fiyat },
});

/** First value of a repeated form field (a form field sent twice is not an array to our schemas). */
function flat(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/**
 * The diner's table pages, plain HTML forms that work with JavaScript off: the survey
 * (`GET`/`POST /qr/{company}/anket`) and the waiter call (`POST /qr/{company}/garson`). Same rules
 * as the JSON twins (features/tables/submit-feedback.ts, features/tables/call-waiter.ts); refusals are pages with
 * their HTTP status (400 with the form and its errors, 404, 422, 429). Every page is in `?lang=`
 * when the business offers it (else Turkish), like the menu; the unknown business's 404 is Turkish.
 */
const tablePagesRoutes: FastifyPluginAsync = async (app) => {
  // only these routes read urlencoded bodies (the API stays JSON / multipart)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, parseQuery(body as string));
  });

  const notFound = (reply: FastifyReply) =>
    reply.code(404).type(HTML).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));
  const noCache = { 'Cache-Control': 'no-store' };
  // the logo on these pages points where the menu's photos do (STORAGE_PUBLIC_URL)
  const photos = photoBaseOf(app.config.storagePublicUrl);
  type Query = { Querystring: { masa?: string; lang?: string | string[] } };

  app.get<{ Params: { company: string } } & Query>('/qr/:company/anket', async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return notFound(reply);
    const L = pageLang(langParam(request.query.lang), b.languages);
    dinerOf(request, reply); // the device's cookie, for the survey's limit
    return reply.type(HTML).headers(noCache).send(renderSurvey(b.company, tableOf(b, request.query.masa), L, {}, {}, photos));
  });

  app.post<{ Params: { company: string } } & Query>('/qr/:company/anket', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return notFound(reply);
    const L = pageLang(langParam(request.query.lang), b.languages);
    const body = fromForm(flat(request.body));
    const masa = tableOf(b, body.masa ?? request.query.masa);
    const outcome = await submitFeedback(app, b, { ...body, masa }, dinerOf(request, reply));
    reply.type(HTML).headers(noCache);
    if (outcome.kind === 'invalid') return reply.code(400).send(renderSurvey(b.company, masa, L, body, outcome.errors, photos));
    if (outcome.kind === 'limited') return reply.code(429).send(renderTooMany(b.company, masa, L, photos));
    return reply.send(renderThanks(b.company, masa, L, photos));
  });

  app.post<{ Params: { company: string } } & Query>('/qr/:company/garson', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return notFound(reply);
    const L = pageLang(langParam(request.query.lang), b.languages);
    const outcome = await callWaiter(app, b, flat(request.body), dinerOf(request, reply));
    reply.type(HTML).headers(noCache);
    if (outcome.kind === 'invalid') return reply.code(422).send(renderNoTable(b.company, L, photos));
    if (outcome.kind === 'limited') return reply.code(429).send(renderTooMany(b.company, tableOf(b, flat(request.body).masa), L, photos));
    return reply.send(renderCalled(b.company, outcome.masa, outcome.type, outcome.repeated, L, photos));
  });
};

export default tablePagesRoutes;
