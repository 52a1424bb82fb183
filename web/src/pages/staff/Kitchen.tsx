import { useState } from 'react';
import { Navigate } from 'react-router';
import { api } from '../../api/client';
import { getToken } from '../../api/storage';
import { notify } from '../../components/notify';
import { ORDERS_TEXT as T } from '../../texts/orders';
import { byTable, useOrders, type StaffOrder, type TableKey } from './useOrders';
import { BranchPicker, useStaffBranch } from './BranchPicker';

/** Asks the reason of a cancellation (SweetAlert2); undefined when the user gives up. */
export async function askCancelReason(): Promise<string | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({
    title: T.cancelTitle,
    input: 'text',
    inputLabel: T.cancelReason,
    inputAttributes: { maxlength: '200' },
    showCancelButton: true,
    confirmButtonText: T.cancelYes,
    cancelButtonText: T.cancelNo,
    inputValidator: (v) => (v.trim() ? undefined : T.reasonRequired),
  });
  return r.isConfirmed ? String(r.value).trim() : undefined;
}

export async function moveOrder(o: StaffOrder, status: string, reason?: string) {
  const r = await api.post(`/api/orders/${o.id}/status`, reason ? { status, reason } : { status });
  if (r.status === 200) notify.success(T.moved);
  else notify.error(String(r.message ?? ''));
}

export function ConnectionBadge({ connection }: { connection: string }) {
  const text = connection === 'live' ? T.live : connection === 'connecting' ? T.connecting : T.offline;
  return (
    <span role="status" className={`rounded-full px-3 py-1 text-sm font-semibold ${connection === 'live' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}>
      {text}
    </span>
  );
}

/** A table's name on the screens: with its branch's when the screen shows several branches. */
export function tableName(t: TableKey, branch: ReturnType<typeof useStaffBranch>) {
  return branch.many && branch.choice === '' ? T.branchTable(branch.nameOf(t.branch), t.masa) : T.table(t.masa);
}

/**
 * `/personel/mutfak`: the kitchen's open orders, live with a sound, grouped by table; one tap moves
 * a status. With several branches, the picker chooses the branch shown (remembered on the device).
 */
export default function Kitchen() {
  const branch = useStaffBranch();
  const { orders, connection } = useOrders({ branch: branch.choice, ready: branch.loaded });
  const [busy, setBusy] = useState<number | null>(null);
  if (!getToken()) return <Navigate to="/login" replace />;
  const open = orders.filter((o) => o.status === 'yeni' || o.status === 'hazirlaniyor' || o.status === 'hazir');
  const step = async (o: StaffOrder, status: string, reason?: string) => {
    setBusy(o.id);
    try {
      await moveOrder(o, status, reason);
    } finally {
      setBusy(null);
    }
  };
  const next: Record<string, string> = { yeni: 'hazirlaniyor', hazirlaniyor: 'hazir' };
  return (
    <main className="mx-auto max-w-6xl p-3 sm:p-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">{T.kitchenTitle}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <BranchPicker state={branch} />
          <ConnectionBadge connection={connection} />
        </div>
      </header>
      {open.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
          <p className="text-lg font-semibold">{T.noOrders}</p>
          <p className="text-stone-600">{T.noOrdersText}</p>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {byTable(open).map(([table, list]) => (
            <section key={table.key} className="rounded-2xl bg-white p-4 shadow-sm" aria-label={tableName(table, branch)}>
              <h2 className="mb-2 text-xl font-bold text-orange-800">{tableName(table, branch)}</h2>
              {list.map((o) => (
                <article key={o.id} className="mb-3 rounded-xl border border-stone-200 p-3">
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="font-semibold">#{o.id}</span>
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-sm">{T.status[o.status]}</span>
                  </div>
                  <ul className="mb-3 space-y-1">
                    {o.items.map((i, n) => (
                      <li key={n}>
                        <span className="text-lg font-bold">{i.quantity} ×</span> {i.name}
                        {i.portion ? ` (${i.portion})` : ''}
                        {i.note ? <p className="text-sm text-red-800">{T.note(i.note)}</p> : null}
                      </li>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-2">
                    {next[o.status] ? (
                      <button type="button" disabled={busy === o.id} onClick={() => void step(o, next[o.status])} className="min-h-11 flex-1 rounded-xl bg-orange-700 px-4 py-2 font-semibold text-white disabled:opacity-50">
                        {T.next[o.status]}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      disabled={busy === o.id}
                      onClick={() => void askCancelReason().then((reason) => (reason ? step(o, 'iptal', reason) : undefined))}
                      className="min-h-11 rounded-xl border border-red-300 px-4 py-2 font-semibold text-red-800 disabled:opacity-50"
                    >
                      {T.cancel}
                    </button>
                  </div>
                </article>
              ))}
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
