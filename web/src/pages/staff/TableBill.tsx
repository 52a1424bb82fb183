import { useCallback, useEffect, useState } from 'react';
import type { Answer, Bill, billResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { BILL_TEXT as B } from '../../texts/bill';
import { ORDERS_TEXT as T } from '../../texts/orders';
import { downloadSlipPdf, openSlip } from './slip';
import { tl, type StaffOrder } from './useOrders';

/** A table just closed on this screen: its slip can still be printed. */
export interface ClosedTable {
  masa: number;
  sessionId: number;
  payment: 'nakit' | 'kart';
  total: number;
}

const dateTime = (iso: string) => new Intl.DateTimeFormat('tr-TR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(new Date(iso));

/** Asks how the table paid (SweetAlert2: nakit or kart, `Kapat` / `Vazgeç`); undefined: not closed. */
async function askPayment(masa: number, total: number): Promise<'nakit' | 'kart' | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({
    title: B.closeTitle(masa),
    text: B.closeText(tl(total)),
    input: 'radio',
    inputOptions: { nakit: B.nakit, kart: B.kart },
    showCancelButton: true,
    confirmButtonText: B.closeYes,
    cancelButtonText: B.closeNo,
    inputValidator: (v) => (v === 'nakit' || v === 'kart' ? undefined : B.paymentRequired),
  });
  const v: unknown = r.value;
  return r.isConfirmed && (v === 'nakit' || v === 'kart') ? v : undefined;
}

/** The slip's two buttons: the 80 mm HTML page in a new tab (to print) and the PDF. */
export function SlipButtons({ sessionId }: { sessionId: number }) {
  const print = async () => {
    const r = await openSlip({ sessionId });
    if (r === 'blocked') notify.error(B.popupBlocked);
    else if (r === 'failed') notify.error(B.slipFailed);
  };
  const pdf = async () => {
    if (!(await downloadSlipPdf({ sessionId }))) notify.error(B.slipFailed);
  };
  const cls = 'min-h-11 flex-1 rounded-xl border-2 border-orange-800 px-3 py-2 font-semibold text-orange-800';
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={() => void print()} className={cls}>{B.print}</button>
      <button type="button" onClick={() => void pdf()} className={cls}>{B.pdf}</button>
    </div>
  );
}

function Lines({ lines }: { lines: Bill['items'] }) {
  return (
    <ul className="space-y-1 text-sm">
      {lines.map((l, n) => (
        <li key={n} className="flex justify-between gap-2">
          <span>
            {l.quantity} × {l.name}
            {l.portion ? ` (${l.portion})` : ''} <span className="text-stone-500">· {tl(l.unit_price)}</span>
          </span>
          <span className="whitespace-nowrap tabular-nums">{tl(l.line_total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The `Hesap` panel: the open session's bill from the server (served lines grouped, Hazırlanıyor apart), total, print buttons. */
function BillPanel({ bill }: { bill: Bill }) {
  return (
    <div className="mb-3 space-y-2 rounded-xl bg-stone-50 p-3" data-testid={`bill-${bill.masa}`}>
      <p className="text-sm text-stone-600">{B.opened(dateTime(bill.opened_at))}</p>
      <h4 className="font-semibold">{B.served}</h4>
      {bill.items.length ? <Lines lines={bill.items} /> : <p className="text-sm text-stone-600">{B.nothingServed}</p>}
      <p className="flex justify-between border-t pt-2 font-bold">
        <span>{B.total}</span>
        <span className="tabular-nums">{tl(bill.total)}</span>
      </p>
      {bill.preparing.length ? (
        <>
          <h4 className="font-semibold">{B.preparing}</h4>
          <p className="text-sm text-stone-600">{B.preparingNote}</p>
          <Lines lines={bill.preparing} />
        </>
      ) : null}
      <SlipButtons sessionId={bill.session_id} />
    </div>
  );
}

/** A table on the waiter screen: its orders and total, `Hesap` (the bill and its slip) and `Masayı kapat`. */
export function TableBill({ masa, branch, name, orders, onClosed }: { masa: number; branch: number; name: string; orders: StaffOrder[]; onClosed: (c: ClosedTable) => void }) {
  // table N of its branch (`?branch=`: 0 the main one)
  const of = `?branch=${branch}`;
  const [bill, setBill] = useState<Bill | null>(null);
  const [open, setOpen] = useState(false);
  const served = orders.filter((o) => o.status !== 'iptal');
  const total = served.reduce((s, o) => s + o.total, 0);
  const load = useCallback(async (): Promise<Bill | null> => {
    const r = await api.get<Answer<typeof billResponseSchema>>(`/api/tables/${masa}/bill${of}`);
    if (r.status !== 200 || !r.bill) {
      notify.error(String(r.message ?? ''));
      return null;
    }
    setBill(r.bill);
    return r.bill;
  }, [masa, of]);
  // the open panel follows the live orders: a status moved, an order came
  const changes = orders.map((o) => `${o.id}:${o.status}`).join(',');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the bill is fetched: its state is set when the answer arrives
    if (open) void load();
  }, [open, changes, load]);
  const close = async () => {
    const b = await load();
    if (!b) return;
    const payment = await askPayment(masa, b.total);
    if (!payment) return;
    const r = await api.post<{ total: number }>(`/api/tables/${masa}/close${of}`, { payment });
    if (r.status !== 200) return notify.error(String(r.message ?? ''));
    notify.success(B.closed(masa));
    onClosed({ masa, sessionId: b.session_id, payment, total: r.total ?? b.total });
  };
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" aria-label={name}>
      <h3 className="mb-2 text-lg font-bold text-orange-800">{name}</h3>
      <ul className="mb-2 space-y-1 text-sm">
        {served.flatMap((o) =>
          o.items.map((i, n) => (
            <li key={`${o.id}-${n}`} className="flex justify-between gap-2">
              <span>
                {i.quantity} × {i.name}
                {i.portion ? ` (${i.portion})` : ''} <span className="text-stone-500">· {T.status[o.status]}</span>
              </span>
              <span className="whitespace-nowrap">{tl(i.unit_price * i.quantity)}</span>
            </li>
          )),
        )}
      </ul>
      <p className="mb-3 flex justify-between border-t pt-2 font-bold">
        <span>{T.total}</span>
        <span>{tl(total)}</span>
      </p>
      {open ? bill && bill.masa === masa ? <BillPanel bill={bill} /> : <p className="mb-3 text-sm text-stone-600">{B.loading}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)} className="min-h-11 flex-1 rounded-xl bg-orange-700 px-4 py-2 font-semibold text-white">
          {open ? B.hide : B.bill}
        </button>
        <button type="button" onClick={() => void close()} className="min-h-11 flex-1 rounded-xl bg-stone-800 px-4 py-2 font-semibold text-white">
          {B.close}
        </button>
      </div>
    </section>
  );
}
