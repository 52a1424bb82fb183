import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { Answer, waiterCallsResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { getToken } from '../../api/storage';
import { ORDERS_TEXT as T } from '../../texts/orders';
import { BILL_TEXT as B } from '../../texts/bill';
import { ConnectionBadge, moveOrder, tableName } from './Kitchen';
import { BranchPicker, branchQuery, useStaffBranch } from './BranchPicker';
import { SlipButtons, TableBill, type ClosedTable } from './TableBill';
import { byTable, tl, useOrders } from './useOrders';

/**
 * `/personel/garson`: calls and ready orders live, each open table with its orders, total, `Hesap`
 * (the bill and its slip) and `Masayı kapat`; the tables closed here keep their slip's buttons.
 */
export default function Waiter() {
  const branch = useStaffBranch();
  const { orders, calls, setCalls, connection } = useOrders({ callsSound: true, branch: branch.choice, ready: branch.loaded });
  const shown = branch.choice;
  useEffect(() => {
    if (!branch.loaded) return;
    api.get<Answer<typeof waiterCallsResponseSchema>>(`/api/waiter-calls${branchQuery(shown)}`, { quiet: true }).then((r) => setCalls(r.calls ?? []), () => undefined);
  }, [setCalls, shown, branch.loaded]);
  const callTable = (c: { masa: number; branch_id: number }) => tableName({ key: '', masa: c.masa, branch: c.branch_id }, branch);
  const [busy, setBusy] = useState<number | null>(null);
  const [closed, setClosed] = useState<ClosedTable[]>([]);
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
        <div className="flex flex-wrap items-center gap-2">
          <BranchPicker state={branch} />
          <ConnectionBadge connection={connection} />
        </div>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="calls-h" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="calls-h" className="mb-2 text-lg font-bold">{T.calls}</h2>
          {calls.length === 0 ? <p className="text-stone-600">{T.noCalls}</p> : null}
          <ul className="space-y-2">
            {calls.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 rounded-xl bg-amber-50 p-3">
                <span>
                  <b>{callTable(c)}</b> · {T.callType[c.type] ?? c.type}
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
                  <b>{callTable(o)}</b> · {o.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
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
        {byTable(orders).map(([table, list]) => (
          <TableBill key={table.key} masa={table.masa} branch={table.branch} name={tableName(table, branch)} orders={list} onClosed={(c) => setClosed((cs) => [c, ...cs].slice(0, 10))} />
        ))}
      </div>
      {closed.length ? (
        <section aria-labelledby="closed-h" className="mt-6 rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="closed-h" className="mb-2 text-lg font-bold">{B.recentlyClosed}</h2>
          <ul className="space-y-3">
            {closed.map((c) => (
              <li key={c.sessionId} className="space-y-2">
                <p className="font-semibold">{B.closedLine(c.masa, c.payment === 'nakit' ? B.nakit : B.kart, tl(c.total))}</p>
                <SlipButtons sessionId={c.sessionId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
