/** A yes/no question before an action that cannot be undone (SweetAlert2, loaded on first use). */
export async function confirmDialog(title: string, text: string, yes: string, no: string): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const r = await Swal.fire({ title, text, icon: 'warning', showCancelButton: true, confirmButtonText: yes, cancelButtonText: no, confirmButtonColor: '#b91c1c', focusCancel: true });
  return r.isConfirmed;
}
