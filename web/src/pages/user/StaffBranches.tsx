import { useState } from 'react';
import type { StaffMember } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { STAFF_BRANCH_TEXT as T } from '../../texts/staff';
import { useBranches } from './branchContext';

/**
 * A staff member's branches on Personel (`POST /api/branches/staff/{id}`): a checkbox per branch,
 * none ticked = "Bütün şubeler". Shown from the account's second branch on; each tick saves.
 */
export function StaffBranches({ m, onChange }: { m: StaffMember; onChange: () => void }) {
  const { branches } = useBranches();
  const [busy, setBusy] = useState(false);
  // the ticks as saved here (shown at once), until the list is loaded again
  const [saved, setSaved] = useState<number[] | null>(null);
  if (branches.length < 2 || m.state === 'revoked') return null;
  const picked = new Set(saved ?? m.branches ?? []);
  const toggle = async (id: number, on: boolean) => {
    const next = branches.map((b) => b.id).filter((b) => (b === id ? on : picked.has(b)));
    setBusy(true);
    setSaved(next);
    try {
      const res = await api.post(`/api/branches/staff/${m.id}`, { branches: next });
      if (res.status === 200) notify.success(res.message ?? '');
      else {
        setSaved(null);
        notify.error(res.message ?? '');
      }
      onChange();
    } catch {
      setSaved(null); // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="mt-2" data-testid="staff-branches" aria-busy={busy}>
      <legend className="text-xs font-semibold text-stone-700">
        <span className="sr-only">{T.legend(m.name)}</span>
        <span aria-hidden="true">{T.title}</span>
        {picked.size === 0 ? <span className="ml-2 font-normal text-stone-600">({T.all})</span> : null}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {branches.map((b) => (
          <label key={b.id} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className="h-5 w-5" checked={picked.has(b.id)} disabled={busy} onChange={(e) => void toggle(b.id, e.target.checked)} />
            {b.name}
          </label>
        ))}
      </div>
      <p className="text-xs text-stone-600">{T.hint}</p>
    </fieldset>
  );
}
