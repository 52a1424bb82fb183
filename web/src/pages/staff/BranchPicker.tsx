import { useEffect, useState } from 'react';
import type { Answer, OrderBranch, orderBranchesResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { ORDERS_TEXT as T } from '../../texts/orders';

const STORAGE_KEY = 'qrmenu_staff_branch';

/** '' every branch the user works at, else one branch's number (0: the main one). */
export type BranchChoice = '' | `${number}`;

/**
 * The branch the kitchen and waiter screens show: the user's own branches (`GET /api/orders/branches`:
 * the owner's every branch, a staff member's own), the choice remembered on this device. A
 * remembered branch the user no longer works at falls back to all of theirs.
 */
export function useStaffBranch() {
  const [branches, setBranches] = useState<OrderBranch[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [stored, setStored] = useState<string>(() => localStorage.getItem(STORAGE_KEY) ?? '');
  useEffect(() => {
    api.get<Answer<typeof orderBranchesResponseSchema>>('/api/orders/branches', { quiet: true }).then(
      (r) => {
        setBranches(r.branches ?? []);
        setLoaded(true);
      },
      () => setLoaded(true),
    );
  }, []);
  const choice: BranchChoice = stored !== '' && branches.some((b) => String(b.id) === stored) ? (stored as BranchChoice) : '';
  const choose = (v: BranchChoice) => {
    localStorage.setItem(STORAGE_KEY, v);
    setStored(v);
  };
  const nameOf = (id: number) => branches.find((b) => b.id === id)?.name ?? '';
  return { branches, loaded, choice, choose, nameOf, many: branches.length > 1 };
}

/** `?branch=N` for the API (nothing: every branch). */
export const branchQuery = (choice: BranchChoice, sep: '?' | '&' = '?') => (choice === '' ? '' : `${sep}branch=${choice}`);

/** The screens' branch picker: shown only when the user works at more than one branch. */
export function BranchPicker({ state }: { state: ReturnType<typeof useStaffBranch> }) {
  if (!state.many) return null;
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-stone-700" data-testid="staff-branch">
      {T.branchLabel}
      <select
        className="min-h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-sm"
        value={state.choice}
        title={T.branchHint}
        onChange={(e) => state.choose(e.target.value as BranchChoice)}
      >
        <option value="">{T.allBranches}</option>
        {state.branches.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {b.name}
          </option>
        ))}
      </select>
    </label>
  );
}
