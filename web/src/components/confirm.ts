import type { SweetAlertOptions } from 'sweetalert2';
import { CONFIRM_TEXT } from '../texts/confirm';

/**
 * What to ask before a delete: the title and text name the item. `canDelete: false` explains why
 * it cannot go (a category that still has products) and offers no Sil button at all.
 */
export interface DeleteQuestion {
  title: string;
  text: string;
  canDelete: boolean;
}

/** Class of the red confirm button (index.css); the brand colour stays on the other dialogs. */
export const DANGER_BUTTON_CLASS = 'qr-swal-danger';

/**
 * The SweetAlert2 options of a question (pure, so it is tested without a browser): focus starts on
 * Vazgeç (or Tamam), so Enter right after the dialog opens never deletes; Escape, a click outside
 * and Vazgeç all cancel; focus goes back to the button that opened the dialog.
 */
export function questionOptions(q: DeleteQuestion, yes: string = CONFIRM_TEXT.yes, no: string = CONFIRM_TEXT.no): SweetAlertOptions {
  const common: SweetAlertOptions = {
    title: q.title,
    text: q.text,
    icon: q.canDelete ? 'warning' : 'info',
    allowEscapeKey: true,
    allowOutsideClick: true,
    returnFocus: true,
    buttonsStyling: true,
  };
  if (!q.canDelete) return { ...common, showCancelButton: false, confirmButtonText: CONFIRM_TEXT.ok, focusConfirm: true };
  return {
    ...common,
    showCancelButton: true,
    confirmButtonText: yes,
    cancelButtonText: no,
    focusConfirm: false,
    focusCancel: true,
    customClass: { confirmButton: DANGER_BUTTON_CLASS },
  };
}

/**
 * A question that interrupts the user: role `alertdialog` (SweetAlert2 says `dialog`), labelled by
 * its title and described by its text; the decorative icon is hidden from screen readers.
 */
function announce(popup: HTMLElement) {
  popup.setAttribute('role', 'alertdialog');
  popup.setAttribute('aria-modal', 'true');
  popup.querySelector('.swal2-icon')?.setAttribute('aria-hidden', 'true');
}

/** Shows a question (SweetAlert2, loaded on first use); true only when Sil was chosen. */
export async function askDelete(q: DeleteQuestion, yes?: string, no?: string): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({ ...questionOptions(q, yes, no), didOpen: announce });
  return q.canDelete && r.isConfirmed;
}

/** A yes/no question before an action that cannot be undone (the same dialog as a delete). */
export function confirmDialog(title: string, text: string, yes: string, no: string): Promise<boolean> {
  return askDelete({ title, text, canDelete: true }, yes, no);
}
