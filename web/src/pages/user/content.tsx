import { useState } from 'react';
import type { Answer, OwnerCategory, OwnerProduct, productResponseSchema, Variant } from '@qrmenu/contract';
import { matchesWords, searchWords } from '@qrmenu/contract';
import { api, type ApiBody } from '../../api/client';
import { notify } from '../../components/notify';
import { cx } from '../../components/ui';
import { SOLD_OUT_TEXT, SORT_TEXT } from '../../texts/content';
import { USER_TOAST } from '../../texts/user';

/** Owner answers with the menu-content fields (order, sold out, allergens, labels, portions). */
export type MenuProduct = OwnerProduct & {
  sold_out?: '0' | '1';
  allergens?: string[];
  labels?: string[];
  variants?: Variant[];
  sort_order?: number;
};
export type MenuCategory = OwnerCategory & { sort_order?: number };

/** The first Turkish error of an answer (field errors first, then the message). */
export function firstError(res: ApiBody | null | undefined, fallback: string): string {
  const errors = res?.errors ?? res?.validation_errors;
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  return first ?? res?.message ?? fallback;
}

/**
 * POSTs a change that the screen has already shown; 200 → success toast, anything else → error
 * toast with the server's Turkish reason and `false` (the caller puts the old state back).
 * Transport and HTTP errors are toasted by the API client.
 */
export async function saveShown<T extends object = object>(path: string, body: unknown, fallback: string, successText?: string): Promise<ApiBody<T> | null> {
  try {
    const res = await api.post<T>(path, body);
    if (res.status === 200) {
      notify.success(USER_TOAST.success, res.message || successText);
      return res;
    }
    notify.error(USER_TOAST.error, `${fallback} ${firstError(res, '')}`.trim());
  } catch {
    // already shown by the API client
  }
  return null;
}

/** Shows a new order at once and saves it; the old order comes back when the server refuses. */
export async function saveOrder<T>(before: T, after: T, set: (v: T) => void, path: string, body: unknown) {
  set(after);
  const res = await saveShown(path, body, SORT_TEXT.failed, SORT_TEXT.saved);
  if (!res) set(before);
}

/**
 * `visibleNew` is a new order of the visible part of `full` (a filter may hide some): the visible
 * ids take the places the visible ids had, the hidden ones keep theirs.
 */
export function mergeOrder(full: number[], visibleNew: number[]): number[] {
  const visible = new Set(visibleNew);
  let i = 0;
  return full.map((id) => (visible.has(id) ? visibleNew[i++] : id));
}

/** Every word of the query appears in the name, folded as the diner's search folds (çay = cay = ÇAY, iskender = İskender). */
export const matchesName = (name: string, query: string) => matchesWords(name, searchWords(query));

/**
 * One-click Tükendi switch (role=switch, aria-checked). Shows the new state at once and puts the
 * old one back if the server refuses.
 */
export function SoldOutSwitch({ product, onChange }: { product: MenuProduct; onChange: (p: MenuProduct) => void }) {
  const [busy, setBusy] = useState(false);
  const on = product.sold_out === '1';
  const toggle = async () => {
    const next = on ? '0' : '1';
    setBusy(true);
    onChange({ ...product, sold_out: next });
    const res = await saveShown<Answer<typeof productResponseSchema>>(`/api/sold-out-product/${product.id}`, { sold_out: next }, SOLD_OUT_TEXT.failed);
    if (res) onChange({ ...product, ...(res.product ?? {}), sold_out: res.product?.sold_out ?? next });
    else onChange(product);
    setBusy(false);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={SOLD_OUT_TEXT.switchLabel(product.name)}
      disabled={busy}
      onClick={() => void toggle()}
      className="inline-flex min-h-9 items-center gap-2 rounded-lg px-1 text-xs font-medium text-stone-700 disabled:opacity-60"
    >
      <span className={cx('relative inline-flex h-5 w-9 shrink-0 rounded-full transition', on ? 'bg-red-600' : 'bg-stone-300')} aria-hidden>
        <span className={cx('absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all', on ? 'left-[1.125rem]' : 'left-0.5')} />
      </span>
      {/* the column header names it from 640 px on */}
      <span className={cx('sm:hidden', on && 'text-red-700')}>{SOLD_OUT_TEXT.label}</span>
    </button>
  );
}
