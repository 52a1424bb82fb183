import { useEffect, useState } from 'react';
import type { Answer, OrderBranch, orderBranchesResponseSchema, orderSettingsResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { Card, SelectField, TextField } from '../../components/ui';
import { notify } from '../../components/notify';
import { ORDERS_TEXT as T } from '../../texts/orders';
import { BranchOptions, useBranches } from './branchContext';

type Settings = Answer<typeof orderSettingsResponseSchema>;

/**
 * The owner's `Masadan sipariş` switch (the account's) and the paused tables of one branch
 * (`/api/order-settings?branch=N`), on the settings screen. From the second branch on a `Şube`
 * select, as on the kitchen and waiter screens, picks whose tables: the caller's branches
 * (`GET /api/orders/branches`: a yonetici's own), the header's choice first.
 */
export function OrderingSettings() {
  const header = useBranches();
  const [branches, setBranches] = useState<OrderBranch[] | null>(null);
  // the branch picked here; until then the header's choice (when it is one of the caller's branches), else the first of theirs
  const [picked, setPicked] = useState<number | null>(null);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [paused, setPaused] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.get<Answer<typeof orderBranchesResponseSchema>>('/api/orders/branches', { quiet: true }).then(
      (r) => setBranches(r.branches ?? []),
      () => undefined,
    );
  }, []);
  const headerKnown = header.loaded || header.failed;
  const branch = picked ?? (branches && headerKnown ? (branches.some((b) => b.id === header.selected) ? header.selected : (branches[0]?.id ?? 0)) : null);

  useEffect(() => {
    if (branch === null) return;
    // an answer for a branch no longer chosen is dropped
    let live = true;
    api.get<Settings>(`/api/order-settings?branch=${branch}`, { quiet: true }).then(
      (r) => {
        if (!live || r.status !== 200) return;
        setEnabled(Boolean(r.enabled));
        setPaused((r.paused ?? []).join(', '));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [branch]);

  if (enabled === null || branch === null || !branches) return null;
  const many = branches.length > 1;
  const name = branches.find((b) => b.id === branch)?.name ?? '';
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const list = paused.split(/[,\s]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      const r = await api.post<Settings>(`/api/order-settings?branch=${branch}`, { enabled, paused: list });
      if (r.status === 200) {
        notify.success(T.saved);
        setPaused((r.paused ?? []).join(', '));
      } else notify.error(String(r.message ?? ''));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="mt-6">
      <form onSubmit={(e) => void save(e)}>
        <h2 className="text-base font-semibold text-stone-900">{T.settingsTitle}</h2>
        <p className="mt-1 text-sm text-stone-600">{T.settingsText}</p>
        <label className="mt-4 flex items-center gap-3 text-sm font-medium text-stone-800">
          <input type="checkbox" className="h-5 w-5 shrink-0 accent-brand-700" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {T.settingsOn}
        </label>
        {many ? <p className="mt-1 pl-8 text-xs text-stone-500">{T.switchAll}</p> : null}
        <div className={many ? 'mt-5 grid gap-4 sm:grid-cols-2' : 'mt-5 max-w-md'}>
          {many ? (
            <SelectField label={T.pausedBranch} value={String(branch)} onChange={(e) => setPicked(Number(e.target.value))} data-testid="paused-branch">
              <BranchOptions branches={branches} />
            </SelectField>
          ) : null}
          <TextField
            label={many ? T.pausedOf(name) : T.paused}
            hint={T.pausedHint}
            value={paused}
            onChange={(e) => setPaused(e.target.value)}
            inputMode="numeric"
            placeholder={T.pausedPlaceholder}
          />
        </div>
        <button type="submit" disabled={saving} className="mt-5 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {T.save}
        </button>
      </form>
    </Card>
  );
}
