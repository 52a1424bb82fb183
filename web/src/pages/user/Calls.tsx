import { useEffect, useState } from 'react';
import { Badge, Button, Card, EmptyState, PageHeader } from '../../components/ui';
import { CALLS_TEXT as T } from '../../texts/tables';
import { useOwnerLive } from './OwnerLive';
import { BranchFilter, useRememberedBranch } from './branchContext';

const TTL_MS = 30 * 60_000;

/** Waiter calls, live: table, type and age of each open call, and `Tamamlandı` to close it; with several branches, one branch's or all (remembered). */
export default function Calls() {
  const live = useOwnerLive();
  const [branch, setBranch] = useRememberedBranch('qrmenu_calls_branch');
  const [now, setNow] = useState(() => Date.now());
  const [closing, setClosing] = useState<number | null>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(t);
  }, []);
  if (!live) return null;
  const serverNow = now + live.skew;
  const calls = live.calls.filter((c) => serverNow - new Date(c.created_at).getTime() < TTL_MS && (branch === '' || String(c.branch_id) === branch));

  const status =
    live.connection === 'live' ? (
      <Badge tone="green">● {T.live}</Badge>
    ) : (
      <Badge tone="amber">{live.connection === 'connecting' ? T.connecting : T.offline}</Badge>
    );

  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <div className="flex flex-wrap items-center gap-2" data-testid="calls-status">
            {status}
            <Button variant="secondary" onClick={() => live.testSound()}>
              {T.soundTest}
            </Button>
          </div>
        }
      />
      <BranchFilter value={branch} onChange={setBranch} />
      {calls.length === 0 ? (
        <EmptyState title={T.empty} text={T.emptyText} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-live="polite" data-testid="calls-list">
          {calls.map((c) => (
            <li key={c.id}>
              <Card className={c.type === 'hesap' ? 'border-amber-300' : 'border-brand-300'}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="text-2xl font-bold text-stone-900">{T.table(c.masa)}</p>
                    <p className={c.type === 'hesap' ? 'font-semibold text-amber-800' : 'font-semibold text-brand-800'}>{T.type[c.type]}</p>
                    <p className="mt-1 text-sm text-stone-600">{T.age(Math.max(0, Math.round((serverNow - new Date(c.created_at).getTime()) / 1000)))}</p>
                  </div>
                  <Button
                    disabled={closing === c.id}
                    onClick={() => {
                      setClosing(c.id);
                      void live.closeCall(c.id).finally(() => setClosing(null));
                    }}
                  >
                    {closing === c.id ? T.closing : T.done}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-stone-600">{T.autoClose}</p>
    </div>
  );
}
