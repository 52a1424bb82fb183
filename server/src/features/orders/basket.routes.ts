import { parse as parseQuery } from 'node:querystring';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_MSG } from '@qrmenu/contract';
import { MENU_TEXT, renderNotFound } from '../menu/index.js';
import { findDinerBusiness, type DinerBusiness } from '../tables/index.js';
import { renderBasket } from './basket-page.js';
import { addToBasket, admit, pricedBasket, removeFromBasket, sendBasket, type Refused } from './diner-orders.js';
import { listTableOrders } from './orders.repository.js';
import { parseId } from '../../platform/validate.js';

const HTML = 'text/html; charset=utf-8';
const FORM_LIMIT = 8 * 1024;
const NOTICES: Record<string, string> = { eklendi: ORDER_MSG.added, cikarildi: ORDER_MSG.removed, gonderildi: ORDER_MSG.sent };

type Req = { Params: { company: string }; Querystring: { masa?: string; durum?: string } };

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

  const show = async (reply: FastifyReply, b: DinerBusiness, masa: number, extra: { notice?: string; refused?: Refused } = {}) => {
    const basket = await pricedBasket(app, b.userId, masa);
    const lines = basket.map(({ line, priced }) =>
      'kind' in priced ? { ...line, name: `Ürün ${line.product_id}`, problem: priced.message } : { ...line, name: priced.name, unit_price: priced.unit_price },
    );
    const orders = await listTableOrders(app.db, b.userId, masa);
    const html = renderBasket({ company: b.company, masa, lines, orders, notice: extra.notice, error: extra.refused && (extra.refused.errors ? [...new Set(Object.values(extra.refused.errors).flat())].join(' ') : extra.refused.message) });
    return reply.code(extra.refused?.status ?? 200).type(HTML).header('Cache-Control', 'no-store').send(html);
  };

  /** The business and the admitted table of a basket write, or the answer already sent. */
  const gate = async (request: FastifyRequest<Req>, reply: FastifyReply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return { sent: await notFound(reply) };
    const admitted = await admit(app, request, b, request.query.masa);
    if (admitted.kind !== 'ok') {
      const masa = Number(request.query.masa);
      if (admitted.status === 422 || !Number.isInteger(masa)) return { sent: await reply.code(admitted.status).type(HTML).send(renderNotFound(ORDER_MSG.tableInvalid, admitted.message)) };
      return { sent: await show(reply, b, masa, { refused: admitted }) };
    }
    return { b, masa: admitted.masa };
  };
  const back = (reply: FastifyReply, b: DinerBusiness, masa: number, durum: string) =>
    reply.code(303).header('Cache-Control', 'no-store').redirect(`/qr/${b.company.slug}/siparis?masa=${masa}&durum=${durum}`, 303);

  app.get<Req>('/qr/:company/siparis', async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    if (!b) return notFound(reply);
    const masa = Number(request.query.masa);
    if (!Number.isInteger(masa) || masa < 1 || !b.deskcount || masa > b.deskcount) return reply.code(422).type(HTML).send(renderNotFound(ORDER_MSG.tableInvalid, ORDER_MSG.tableInvalid));
    return show(reply, b, masa, { notice: NOTICES[String(request.query.durum ?? '')] });
  });

  app.post<Req>('/qr/:company/siparis', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    const body = flat(request.body);
    if (body.website) return back(reply, g.b, g.masa, 'eklendi');
    const outcome = await addToBasket(app, g.b.userId, g.masa, body);
    if (outcome.kind === 'refused') return show(reply, g.b, g.masa, { refused: outcome });
    return back(reply, g.b, g.masa, 'eklendi');
  });

  app.post<Req>('/qr/:company/siparis/sil', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    const id = parseId(flat(request.body).satir);
    if (id) await removeFromBasket(app, g.b.userId, g.masa, id);
    return back(reply, g.b, g.masa, 'cikarildi');
  });

  app.post<Req>('/qr/:company/siparis/gonder', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const g = await gate(request, reply);
    if (!g.b) return g.sent;
    if (flat(request.body).website) return back(reply, g.b, g.masa, 'gonderildi');
    const outcome = await sendBasket(app, g.b.userId, g.masa);
    if (outcome.kind === 'refused') return show(reply, g.b, g.masa, { refused: outcome });
    return back(reply, g.b, g.masa, 'gonderildi');
  });
  done();
};

export default basketRoutes;
