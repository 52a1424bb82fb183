/**
 * SweetAlert2 dialogs of the spec (sign-in, registration, contact). Loaded on first use so the
 * landing page stays light.
 */
type Icon = 'success' | 'warning' | 'error' | 'info';

export async function showDialog(title: string, text: string | undefined, icon: Icon, opts: { timer?: number } = {}): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({ title, text, icon, confirmButtonText: 'Tamam', ...(opts.timer ? { timer: opts.timer, timerProgressBar: true } : {}) });
}

/**
 * A success dialog shown while the app moves on to the next screen: it closes by itself, because
 * SweetAlert2 hides the rest of the page (aria-hidden) while it is open.
 */
export const SUCCESS_DIALOG_MS = 2500;
