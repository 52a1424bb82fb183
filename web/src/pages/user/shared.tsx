import { useEffect, useState } from 'react';
import type { FieldErrors } from '@qrmenu/contract';
import type { ApiBody } from '../../api/client';
import { assetUrl } from '../../api/client';
import { askDelete, type DeleteQuestion } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Badge, Button } from '../../components/ui';
import { STATUS_TEXT, USER_TOAST } from '../../texts/user';

/**
 * Spec §8 in the owner area: 200 → success toast with the server message; 404 → warning toast;
 * 400/422 → 'All fields are mandetory' and the field errors (returned for the form);
 * a 422 without field errors (the plan limit) shows the server message itself.
 */
export function toastResult(res: ApiBody): FieldErrors {
  if (res.status === 200) {
    notify.success(USER_TOAST.success, res.message);
    return {};
  }
  if (res.status === 404) {
    notify.warning(USER_TOAST.warning, res.message);
    return {};
  }
  const errors = res.errors ?? {};
  if ((res.status === 422 || res.status === 400) && Object.keys(errors).length > 0) {
    notify.error(USER_TOAST.allFields, res.message && res.message !== USER_TOAST.allFields ? res.message : undefined);
  } else {
    notify.error(USER_TOAST.error, res.message);
  }
  return errors;
}

/** The small stored variant of a photo for tables (`uploads/x.webp` → `uploads/x-sm.webp`). */
export const thumbUrl = (image: string | null | undefined) => (image ? assetUrl(image.replace(/\.webp$/, '-sm.webp')) : '');

export function StatusBadge({ status }: { status: string }) {
  return status === '1' ? <Badge tone="green">{STATUS_TEXT.active}</Badge> : <Badge tone="stone">{STATUS_TEXT.passive}</Badge>;
}

export function Thumb({ image, alt, size = 48, emptyText }: { image: string | null; alt: string; size?: number; emptyText: string }) {
  if (!image) {
    return (
      <span style={{ width: size, height: size }} className="inline-flex items-center justify-center rounded-lg bg-stone-100 text-center text-[10px] leading-tight text-stone-600">
        {emptyText}
      </span>
    );
  }
  return <img src={thumbUrl(image)} alt={alt} width={size} height={size} loading="lazy" style={{ width: size, height: size }} className="rounded-lg border border-stone-200 object-cover" />;
}

/**
 * Where the keyboard focus goes when a row is removed with its button: the next row's Sil, else
 * the previous row's, else the page's heading (a screen reader is not left on a vanished button).
 */
function focusAfterRemoval(button: HTMLElement): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>('[data-delete-button]'));
  const i = all.indexOf(button);
  const next = all[i + 1] ?? all[i - 1];
  if (next) return next;
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  heading?.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * Delete button of spec §4, behind a question (issue 38): the dialog names the item, Vazgeç or
 * Escape keep it. Once Sil is chosen the text is 'Siliniyor...' during the call, success is
 * reported to the list (which removes the row), any other answer (404, a category's 409) shows
 * the server's reason and reverts it to 'Sil'.
 */
export function DeleteButton({ label, busyLabel, run, onDeleted, name, question }: {
  label: string;
  busyLabel: string;
  name: string;
  question: DeleteQuestion;
  run: () => Promise<ApiBody>;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const click = async (button: HTMLElement) => {
    if (!(await askDelete(question))) return;
    setBusy(true);
    try {
      const res = await run();
      if (res.status === 200) {
        notify.success(USER_TOAST.success, res.message);
        const next = focusAfterRemoval(button);
        onDeleted();
        requestAnimationFrame(() => next?.focus());
        return;
      }
      notify.warning(USER_TOAST.warning, res.message);
    } catch {
      // transport errors are shown by the API client
    }
    setBusy(false);
  };
  return (
    <Button variant="danger" className="min-h-9 px-3 py-1.5" disabled={busy} onClick={(e) => void click(e.currentTarget)} title={`${label}: ${name}`} data-delete-button>
      {busy ? busyLabel : label}
    </Button>
  );
}

/**
 * A change to a row of a list (a branch's delete, a staff member's role or revoke): the server's
 * message as a success toast on 200 and an error toast otherwise, then `onChange` loads the list
 * again; transport errors are shown by the API client.
 */
export async function runRowChange(work: () => Promise<ApiBody>, onChange: () => void): Promise<void> {
  try {
    const res = await work();
    if (res.status === 200) notify.success(res.message ?? '');
    else notify.error(res.message ?? '');
    onChange();
  } catch {
    // shown by the API client
  }
}

/** Wrapper keeping wide tables usable: horizontal scroll inside the card between 640 px and the table width. */
export function TableCard({ children }: { children: React.ReactNode }) {
  return <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">{children}</div>;
}

/**
 * Responsive table: a real table from 640 px on; below it every row is a stacked card whose cells
 * carry their column name (data-label). Explicit ARIA roles keep the table semantics for screen
 * readers whatever the CSS display.
 */
export const tableClass = 'w-full sm:min-w-[720px] sm:divide-y sm:divide-stone-200';
// below 640 px the header row is visually hidden but kept for assistive technology (column headers stay findable)
export const theadClass = 'sr-only bg-stone-50 sm:not-sr-only sm:table-header-group';
export const trClass = 'block px-4 py-3 sm:table-row sm:p-0 sm:hover:bg-stone-50/60';
export const th = 'whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-stone-500';
export const td =
  'flex min-h-9 items-center justify-between gap-4 py-1 text-right text-sm text-stone-800 before:shrink-0 before:text-left before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-stone-500 before:content-[attr(data-label)] sm:table-cell sm:px-4 sm:py-3 sm:text-left sm:align-middle sm:before:content-none';

const FLASH_KEY = 'qrmenu_flash';

/**
 * Spec §4: adding a category or product reloads the page. The success toast is kept across the
 * reload (sessionStorage), so the owner still sees the server's message.
 */
export function reloadWithToast(message: string | undefined) {
  try {
    sessionStorage.setItem(FLASH_KEY, message ?? '');
  } catch {
    // storage unavailable: the reload still shows the new row
  }
  window.location.reload();
}

export function useFlashToast() {
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
    } catch {
      return;
    }
    if (message != null) notify.success(USER_TOAST.success, message || undefined);
  }, []);
}
