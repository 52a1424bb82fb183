/**
 * SweetAlert2 dialogs of the spec (sign-in, registration, contact). Loaded on first use so the
 * landing page stays light.
 */
type Icon = 'success' | 'warning' | 'error' | 'info';

export async function showDialog(title: string, text: string | undefined, icon: Icon): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({ title, text, icon, confirmButtonText: 'Tamam' });
}

export async function confirmDialog(title: string, text: string, confirmText: string): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({ title, text, icon: 'warning', showCancelButton: true, confirmButtonText: confirmText, cancelButtonText: 'Vazgeç' });
  return r.isConfirmed;
}
