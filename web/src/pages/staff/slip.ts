import { downloadWithToken, fetchWithToken, isPdf } from '../../api/download';

/** The slips of the bill (`GET /api/tables/{n}/slip`, `GET /api/table-sessions/{id}/slip`) with the staff's token. */

const slipPath = (of: { sessionId: number }, format: 'html' | 'pdf') => `/api/table-sessions/${of.sessionId}/slip?format=${format}`;

/**
 * Opens the 80 mm HTML slip in a new tab, ready for the browser's Yazdır. The tab is opened at the
 * tap (a popup opened after a fetch is blocked), then pointed at the slip. Tells whether it opened, was blocked or failed.
 */
export async function openSlip(of: { sessionId: number }): Promise<'ok' | 'blocked' | 'failed'> {
  const tab = window.open('', '_blank');
  if (!tab) return 'blocked';
  try {
    const blob = await (await fetchWithToken(slipPath(of, 'html'), (type) => type.startsWith('text/html'))).blob();
    const url = URL.createObjectURL(new Blob([blob], { type: 'text/html;charset=utf-8' }));
    tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return 'ok';
  } catch {
    tab.close();
    return 'failed';
  }
}

/** Saves the slip's PDF under the server's file name. */
export async function downloadSlipPdf(of: { sessionId: number }): Promise<boolean> {
  try {
    await downloadWithToken(slipPath(of, 'pdf'), 'hesap-fisi.pdf', isPdf);
    return true;
  } catch {
    return false;
  }
}
