import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { BILL_MSG, billResponseSchema, ORDER_MSG, slipQuerySchema, type Bill } from '@qrmenu/contract';
import { authOf, requireStaff } from '../../platform/auth/guards.js';
import { NotFoundError } from '../../platform/errors.js';
import { TAG } from '../../platform/openapi/fragments.js';
import { parseBody, parseId } from '../../platform/validate.js';
import { langParam, MENU_TEXT, pageLang, renderNotFound } from '../menu/index.js';
import { findDinerBusiness, tableOf } from '../tables/index.js';
import { branchScope } from '../branches/index.js';
import { tableRef } from './diner-orders.js';
import type { TableRef } from './orders.repository.js';
import { sessionBill, slipOf, tableBill } from './bill.js';
import { renderBillPage } from './bill-page.js';
import { renderSlipHtml } from './slip-html.js';
import { renderSlipPdfOffThread } from './slip-pdf.js';
import { SLIP_TEXT } from './slip-text.js';
import { seatAt } from './seat.js';

const HTML = 'text/html; charset=utf-8';
/** The bill and its slip: the business's owner and its garson and yonetici staff (not the kitchen). */
const billGuard = requireStaff(['garson', 'yonetici']);
const WHO = 'İşletme sahibi ile Garson ve Yönetici rolündeki personel çağırabilir; Mutfak: HTTP 403.';
const BRANCH = { branch: 'Masanın şubesi: 0 ana şube (varsayılan), diğerleri şube numarası; başka işletmenin veya personelin çalışmadığı şube: gövde `status: 404`' };
const FORMAT = { ...BRANCH, format: 'html (varsayılan; 80 mm termal yazıcı için yazdırılabilir sayfa) veya pdf (80 mm genişlikte, içerik kadar uzun)' };
const SLIP_DOC = {
  tag: TAG.tables, access: 'user' as const, query: FORMAT,
  file: { types: ['text/html', 'application/pdf'], description: 'Hesap fişi, 80 mm termal genişlikte: "Bilgi fişidir, mali değeri yoktur."' },
};
const businessOf = (request: FastifyRequest) => authOf(request).userId;

type TableReq = { Params: { n: string }; Querystring: { format?: string; branch?: string } };
type SessionReq = { Params: { id: string }; Querystring: { format?: string } };
type DinerReq = { Params: { company: string }; Querystring: { masa?: string; lang?: string | string[] } };

/**
 * The bill (issue 42, item 4): the staff's `GET /api/tables/{n}/bill` (the open session, bill.ts),
 * the printable slip of the open session or of any session by id (reprint after closing), as an
 * 80 mm HTML page or PDF; and the diner's `/qr/{company}/hesap?masa=N`, shown only to a device
 * holding a seat at that table (seat.ts, the basket's rule).
 */
const billRoutes: FastifyPluginCallback = (app, _opts, done) => {
  /** Table `n` of the branch `?branch=` names (the main one by default) within the caller's branches; undefined for a bad number. */
  const tableAsked = async (request: FastifyRequest<TableReq>): Promise<TableRef | undefined> => {
    const scope = await branchScope(app, request, request.query.branch, 'main');
    const masa = parseId(request.params.n);
    return masa ? { userId: businessOf(request), branch: scope.branch!, masa } : undefined;
  };

  const sendSlip = async (request: FastifyRequest<{ Querystring: { format?: string } }>, reply: FastifyReply, bill: Bill | undefined, notFound: string) => {
    const { format } = parseBody(slipQuerySchema, request.query, { status: 422 });
    if (!bill) throw new NotFoundError(notFound);
    const slip = await slipOf(app.db, businessOf(request), bill, app.clock.now().toISOString());
    reply.header('Cache-Control', 'no-store');
    if (format === 'html') return reply.type(HTML).send(renderSlipHtml(slip));
    const name = `${SLIP_TEXT.fileName(bill.masa, bill.session_id)}.pdf`;
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(await renderSlipPdfOffThread(slip));
  };

  app.get<TableReq>('/api/tables/:n/bill', {
    preHandler: billGuard,
    config: {
      doc: {
        tag: TAG.tables, access: 'user', query: BRANCH, response: billResponseSchema, summary: 'Masanın hesabı (açık hesap)',
        description: `Servis edilen ürünler ürün, porsiyon ve birim fiyata göre toplanır; toplam KDV dahildir ve \`Masayı kapat\`ın kaydettiği tutardır. Henüz servis edilmemiş ürünler \`preparing\` içinde ayrıca ("Hazırlanıyor"), toplama katılmadan; iptal edilenler hesapta yok. Açık hesap yoksa gövde \`status: 404\`. ${WHO}`,
      },
    },
  }, async (request) => {
    const table = await tableAsked(request);
    const bill = table ? await tableBill(app.db, table) : undefined;
    if (!bill) throw new NotFoundError(ORDER_MSG.noSession);
    return { status: 200, message: BILL_MSG.loaded, bill };
  });

  app.get<TableReq>('/api/tables/:n/slip', {
    preHandler: billGuard, compress: false,
    config: { doc: { ...SLIP_DOC, summary: 'Masanın açık hesabının fişi (HTML veya PDF)', description: `Geçersiz biçim: gövde \`status: 422\`; açık hesap yoksa gövde \`status: 404\`. ${WHO}` } },
  }, async (request, reply) => {
    const table = await tableAsked(request);
    return sendSlip(request, reply, table ? await tableBill(app.db, table) : undefined, ORDER_MSG.noSession);
  });

  app.get<SessionReq>('/api/table-sessions/:id/slip', {
    preHandler: billGuard, compress: false,
    config: {
      doc: {
        ...SLIP_DOC, query: { format: FORMAT.format }, summary: 'Bir hesabın fişi, kapandıktan sonra da (yeniden yazdırma)',
        description: `\`id\`: hesabın numarası (\`GET /api/tables/{n}/bill\` yanıtındaki \`session_id\`); kapanmış hesabın fişi ödeme türünü de yazar. Geçersiz biçim: gövde \`status: 422\`; başka işletmenin veya olmayan hesap: gövde \`status: 404\`. ${WHO}`,
      },
    },
  }, async (request, reply) => {
    const id = parseId(request.params.id);
    const scope = await branchScope(app, request, undefined);
    return sendSlip(request, reply, id ? await sessionBill(app.db, businessOf(request), id, scope) : undefined, BILL_MSG.sessionNotFound);
  });

  app.get<DinerReq>('/qr/:company/hesap', async (request, reply) => {
    const b = await findDinerBusiness(app.db, request.params.company);
    reply.type(HTML).header('Cache-Control', 'no-store');
    if (!b) return reply.code(404).send(renderNotFound(MENU_TEXT.businessNotFoundTitle, MENU_TEXT.businessNotFound));
    const masa = tableOf(b, request.query.masa);
    if (masa === undefined) return reply.code(422).send(renderNotFound(ORDER_MSG.tableInvalid, ORDER_MSG.tableInvalid));
    const L = pageLang(langParam(request.query.lang), b.languages);
    if (!(await seatAt(app, request, tableRef(b, masa)))) return reply.code(403).send(renderBillPage({ company: b.company, masa, L, refused: true }));
    return reply.send(renderBillPage({ company: b.company, masa, L, bill: await tableBill(app.db, tableRef(b, masa), L.code) }));
  });
  done();
};

export default billRoutes;
