import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Answer, BranchAnswer, branchListResponseSchema } from '@qrmenu/contract';
import { api } from '../../api/client';
import { BRANCH_FILTER_TEXT as F, BRANCH_PICKER_TEXT as P, BRANCH_SWITCHER_TEXT as T } from '../../texts/branches';

/** The account's branches (the main one first, id 0), the plan's limit and the branch chosen in the header. */
export interface BranchState {
  branches: BranchAnswer[];
  limit: number | null;
  plan: string;
  /** The branch chosen in the switcher (0: the main branch). */
  selected: number;
  select: (id: number) => void;
  reload: () => void;
  loaded: boolean;
  failed: boolean;
}

const STORAGE_KEY = 'qrmenu_branch';
const BranchContext = createContext<BranchState | undefined>(undefined);

/** Loads the branches once for the owner's area; the switcher's choice is remembered on this device. */
export function BranchProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<{ branches: BranchAnswer[]; limit: number | null; plan: string }>({ branches: [], limit: null, plan: '' });
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState(() => Number(localStorage.getItem(STORAGE_KEY) ?? 0) || 0);

  useEffect(() => {
    let live = true;
    api
      .get<Answer<typeof branchListResponseSchema>>('/api/branches')
      .then((res) => {
        if (!live) return;
        if (res.status !== 200) return setFailed(true);
        setData({ branches: res.branches, limit: res.limit, plan: res.plan });
        setFailed(false);
        setLoaded(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [version]);

  const select = useCallback((id: number) => {
    localStorage.setItem(STORAGE_KEY, String(id));
    setSelected(id);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // a branch deleted elsewhere (or on another device) falls back to the main one
  const current = data.branches.some((b) => b.id === selected) ? selected : 0;
  const value = useMemo(() => ({ ...data, selected: current, select, reload, loaded, failed }), [data, current, select, reload, loaded, failed]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

export function useBranches(): BranchState {
  const v = useContext(BranchContext);
  if (!v) throw new Error('useBranches outside BranchProvider');
  return v;
}

/** One option per branch (its id as the value), for the screens' branch selects. */
export function BranchOptions({ branches }: { branches: ReadonlyArray<{ id: number; name: string }> }) {
  return (
    <>
      {branches.map((b) => (
        <option key={b.id} value={String(b.id)}>
          {b.name}
        </option>
      ))}
    </>
  );
}

/** The header's branch switcher: shown once the account has more than one branch. */
export function BranchSwitcher() {
  const { branches, selected, select } = useBranches();
  if (branches.length < 2) return null;
  return (
    <div className="mb-4 flex items-center justify-end gap-2" data-testid="branch-switcher">
      <label htmlFor="branch-switcher" className="shrink-0 text-sm font-medium text-stone-700">
        {T.label}
      </label>
      <select
        id="branch-switcher"
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-sm sm:max-w-[16rem] sm:flex-none"
        value={selected}
        title={T.hint}
        onChange={(e) => select(Number(e.target.value))}
      >
        <BranchOptions branches={branches} />
      </select>
    </div>
  );
}

/**
 * A screen's branch filter remembered on this device under `key` ('' every branch, '0' the main
 * one, an id); a remembered branch that no longer exists falls back to every branch.
 */
export function useRememberedBranch(key: string): [string, (v: string) => void] {
  const { branches, loaded } = useBranches();
  const [stored, setStored] = useState(() => localStorage.getItem(key) ?? '');
  const set = useCallback(
    (v: string) => {
      localStorage.setItem(key, v);
      setStored(v);
    },
    [key],
  );
  const known = stored === '' || !loaded || branches.some((b) => String(b.id) === stored);
  return [known && branches.length > 1 ? stored : '', set];
}

/** A list's branch filter (`?branch=`: '' every branch, '0' the main one, an id): shown from the second branch on. */
export function BranchFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { branches } = useBranches();
  if (branches.length < 2) return null;
  return (
    <label className="mb-4 flex items-center gap-2 text-sm font-medium text-stone-700" data-testid="branch-filter">
      {F.label}
      <select className="min-h-11 min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{F.all}</option>
        <BranchOptions branches={branches} />
      </select>
    </label>
  );
}

/**
 * A screen's branch picker (QR Menü, Fiyat Listesi): the branch the screen prints for, shown from the
 * second branch on. It is the header's choice (one choice for the owner's area), with what it decides here.
 */
export function BranchPicker({ hint }: { hint: string }) {
  const { branches, selected, select } = useBranches();
  if (branches.length < 2) return null;
  return (
    <div className="mb-4 rounded-xl border border-stone-200 bg-white p-3" data-testid="branch-picker">
      <label htmlFor="branch-picker" className="block text-sm font-semibold text-stone-800">
        {P.label}
      </label>
      <select
        id="branch-picker"
        className="mt-1 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm sm:max-w-sm"
        value={selected}
        aria-describedby="branch-picker-hint"
        onChange={(e) => select(Number(e.target.value))}
      >
        <BranchOptions branches={branches} />
      </select>
      <p id="branch-picker-hint" className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}
