import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { Answer, waiterCallsResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { getToken } from '../../api/storage';
import { notify } from '../../components/notify';
import { ORDERS_TEXT as T } from '../../texts/orders';
import { ConnectionBadge, moveOrder } from './Kitchen';
import { byTable, tl, useOrders, type StaffOrder } from './useOrders';

/** Asks how a table paid (SweetAlert2): nakit, kart, or undefined. */
async function askPayment(masa: number): Promise<'nakit' | 'kart' | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({
    title: T.closeTitle(masa),
    text: T.payment,
    showDenyButton: true,
    showCancelButton: true,
    confirmButtonText: T.nakit,
    denyButtonText: T.kart,
    cancelButtonText: T.cancelNo,
  });
  return r.isConfirmed ? 'nakit' : r.isDenied ? 'kart' : undefined;
}

function Bill({ masa, orders }: { masa: number; orders: StaffOrder[] }) {
  const served = orders.filter((o) => o.status !== 'iptal');
  const total = served.reduce((s, o) => s + o.total, 0);
  const close = async () => {
    const payment = await askPayment(masa);
    if (!payment) return;
    const r = await api.post(`/api/tables/${masa}/close`, { payment });
    if (r.status === 200) notify.success(T.closed(masa));
    else notify.error(String(r.message ?? ''));
  };
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm" aria-label={T.table(masa)}>
      <h3 className="mb-2 text-lg font-bold text-orange-800">{T.table(masa)}</h3>
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
      <button type="button" onClick={() => void close()} className="min-h-11 w-full rounded-xl bg-stone-800 px-4 py-2 font-semibold text-white">
        {T.close}
      </button>
    </section>
  );
}

/** `/personel/garson`: calls and ready orders live, each open table with its orders, total and `Masayı kapat`. */
export default function Waiter() {
  const { orders, calls, setCalls, connection } = useOrders({ callsSound: true });
  useEffect(() => {
    api.get<Answer<typeof waiterCallsResponseSchema>>('/api/waiter-calls', { quiet: true }).then((r) => setCalls(r.calls ?? []), () => undefined);
  }, [setCalls]);
  const [busy, setBusy] = useState<number | null>(null);
  if (!getToken()) return <Navigate to="/login" replace />;
  const ready = orders.filter((o) => o.status === 'hazir');
  const doneCall = async (id: number) => {
    const r = await api.post(`/api/waiter-calls/${id}/done`);
    if (r.status === 200) setCalls((cs) => cs.filter((c) => c.id !== id));
  };
  return (
    <main className="mx-auto max-w-6xl p-3 sm:p-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">{T.waiterTitle}</h1>
        <ConnectionBadge connection={connection} />
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="calls-h" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="calls-h" className="mb-2 text-lg font-bold">{T.calls}</h2>
          {calls.length === 0 ? <p className="text-stone-600">{T.noCalls}</p> : null}
          <ul className="space-y-2">
            {calls.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 rounded-xl bg-amber-50 p-3">
                <span>
                  <b>{T.table(c.masa)}</b> · {T.callType[c.type] ?? c.type}
                </span>
                <button type="button" onClick={() => void doneCall(c.id)} className="min-h-11 rounded-xl bg-orange-700 px-3 py-2 font-semibold text-white">
                  {T.done}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="ready-h" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="ready-h" className="mb-2 text-lg font-bold">{T.ready}</h2>
          {ready.length === 0 ? <p className="text-stone-600">{T.noOrders}</p> : null}
          <ul className="space-y-2">
            {ready.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-2 rounded-xl bg-green-50 p-3">
                <span>
                  <b>{T.table(o.masa)}</b> · {o.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
                </span>
                <button
                  type="button"
                  disabled={busy === o.id}
                  onClick={() => {
                    setBusy(o.id);
                    void moveOrder(o, 'servis').finally(() => setBusy(null));
                  }}
                  className="min-h-11 rounded-xl bg-green-700 px-3 py-2 font-semibold text-white disabled:opacity-50"
                >
                  {T.next.hazir}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <h2 className="mb-2 mt-6 text-lg font-bold">{T.tables}</h2>
      {orders.length === 0 ? <p className="text-stone-600">{T.noTables}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {byTable(orders).map(([masa, list]) => (
          <Bill key={masa} masa={masa} orders={list} />
        ))}
      </div>
    </main>
  );
}
