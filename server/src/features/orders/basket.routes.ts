import { parse as parseQuery } from 'node:querystring';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { langParam, MENU_TEXT, orderedNames, pageLang, photoBaseOf, renderNotFound, type OrderedNames, type PageLang } from '../menu/index.js';
import { findDinerBusiness, type DinerBusiness } from '../tables/index.js';
import { dinerMessage, renderBasket } from './basket-page.js';
import { addToBasket, admit, orderingClosed, pricedBasket, removeFromBasket, sendBasket, tableRef, type Refused } from './diner-orders.js';
import { listTableOrders } from './orders.repository.js';
import { parseId } from '../../platform/validate.js';

const HTML = 'text/html; charset=utf-8';
const FORM_LIMIT = 8 * 1024;
const NOTICES = { eklendi: 'added', cikarildi: 'removed', gonderildi: 'sent' } as const;
const noticeOf = (L: PageLang, durum: unknown) => (Object.hasOwn(NOTICES, String(durum)) ? L.t.order.notices[NOTICES[String(durum) as keyof typeof NOTICES]] : undefined);

type Req = { Params: { company: string }; Querystring: { masa?: string; durum?: string; lang?: string } };

/** The basket's language: `?lang=` when the business offers it, else Turkish (as the menu pages). */
const langOf = (request: FastifyRequest<Req>, b: DinerBusiness) => pageLang(langParam(request.query.lang), b.languages);
/** A refusal's words in the page's language (field errors joined, each once; a sold-out or passive product by its name in that language). */
const refusalText = (L: PageLang, r: Refused, names: OrderedNames) =>
  r.errors
    ? [...new Set(Object.values(r.errors).flat())].map((m) => dinerMessage(L.t.order, m)).join(' ')
    : dinerMessage(L.t.order, r.message, r.product, r.product === undefined ? undefined : names(r.product_id, r.product, '').name);

function flat(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/**
 * The table's shared basket, plain HTML that works with JavaScript off: `GET /qr/{company}/siparis`
 * shows it; `POST` there adds a line (`Sepete ekle` of the menu's cards), `POST …/sil` removes one,
 * `POST …/gonder` sends it as an order. Each write answers 303 back to the basket
 * (POST-redirect-GET) or, refused, the basket with the Turkish reason and its HTTP status
 * (403 no seat / ordering off / paused table, 409 sold out or passive, 422, 429). A filled
 * honeypot field is answered as if done, and nothing is done.
 */
const basketRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, parseQuery(body as string));
  });

  const notFound = (reply: FastifyReply) => reply.code(404).type(HTML).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));

  const show = async (reply: FastifyReply, b: DinerBusiness, masa: number, L: PageLang, extra: { notice?: string; refused?: Refused } = {}) => {
    // the table itself refused (403): its basket and orders are not shown (BasketView.closed)
    const closed = extra.refused?.status === 403;
    const basket = closed ? [] : await pricedBasket(app, tableRef(b, masa));
    const sent = closed ? [] : await listTableOrders(app.db, tableRef(b, masa));
    // the products' names (and portions') in the diner's language, as the menu names them
    const names = await orderedNames(app.db, L.code, b.userId, [...basket.map((x) => x.line.product_id), ...sent.flatMap((o) => o.items.map((i) => i.product_id)), extra.refused?.product_id]);
    const lines = basket.map(({ line, priced }) => {
      if (!('kind' in priced)) return { ...line, ...names(line.product_id, priced.name, line.portion), unit_price: priced.unit_price };
      const shown = names(line.product_id, priced.product ?? `#${line.product_id}`, line.portion);
      return { ...line, ...shown, problem: dinerMessage(L.t.order, priced.message, priced.product, shown.name) };
    });
    const orders = sent.map((o) => ({ ...o, items: o.items.map((i) => ({ ...i, ...names(i.product_id, i.name, i.portion) })) }));
    const error = extra.refused && refusalText(L, extra.refused, names);
    const html = renderBasket({ company: b.company, photoBase: photoBaseOf(app.config.storagePublicUrl), masa, L, lines, orders, notice: extra.notice, error, closed });
    return reply.code(extra.refused?.status ?? 200).type(HTML).header('Cache-Control', 'no-store').send(html);
  };

  /** The business and the admitted table of a basket write, or the answer already sent. */
  const gate = async (request: FastifyRequest<Req>, reply: FastifyReply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return { sent: await notFound(reply) };
    const L = langOf(request, b);
    const admitted = await admit(app, request, b, request.query.masa);
    if (admitted.kind !== 'ok') {
      const masa = Number(request.query.masa);
      if (admitted.status === 422 || !Number.isInteger(masa)) return { sent: await reply.code(admitted.status).type(HTML).send(tableNotFound(L, b)) };
      return { sent: await show(reply, b, masa, L, { refused: admitted }) };
    }
    return { b, masa: admitted.table.masa, table: admitted.table, L };
  };
  const tableNotFound = (L: PageLang, b: DinerBusiness) =>
    renderNotFound(L.t.table.tableTitle, L.t.order.errors.tableInvalid, { L, back: { href: L.link(`/qr/${b.company.slug}/category`), label: L.t.table.backToMenu } });
  const back = (reply: FastifyReply, g: { b: DinerBusiness; masa: number; L: PageLang }, durum: string) =>
    reply.code(303).header('Cache-Control', 'no-store').redirect(g.L.link(`/qr/${g.b.company.slug}/siparis?masa=${g.masa}&durum=${durum}`), 303);

  app.get<Req>('/qr/:company/siparis', async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return notFound(reply);
    const masa = Number(request.query.masa);
    const L = langOf(request, b);
    if (!Number.isInteger(masa) || masa < 1 || !b.deskcount || masa > b.deskcount) return reply.code(422).type(HTML).send(tableNotFound(L, b));
    // ordering off or the table paused: the page says so, and nothing else (BasketView.closed)
    const closed = await orderingClosed(app, b, masa);
    return show(reply, b, masa, L, closed ? { refused: closed } : { notice: noticeOf(L, request.query.durum) });
  });

  app.post<Req>('/qr/:company/siparis', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    const body = flat(request.body);
    if (body.website) return back(reply, g, 'eklendi');
    const outcome = await addToBasket(app, g.table, body);
    if (outcome.kind === 'refused') return show(reply, g.b, g.masa, g.L, { refused: outcome });
    return back(reply, g, 'eklendi');
  });

  app.post<Req>('/qr/:company/siparis/sil', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    const id = parseId(flat(request.body).satir);
    if (id) await removeFromBasket(app, g.table, id);
    return back(reply, g, 'cikarildi');
  });

  app.post<Req>('/qr/:company/siparis/gonder', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    if (flat(request.body).website) return back(reply, g, 'gonderildi');
    const outcome = await sendBasket(app, g.table);
    if (outcome.kind === 'refused') return show(reply, g.b, g.masa, g.L, { refused: outcome });
    return back(reply, g, 'gonderildi');
  });
  done();
};

export default basketRoutes;
