import { API_BASE } from '../../api/client';
import { getToken } from '../../api/storage';

/** The slips of the bill (`GET /api/tables/{n}/slip`, `GET /api/table-sessions/{id}/slip`) with the staff's token. */

const slipPath = (of: { sessionId: number }, format: 'html' | 'pdf') => `/api/table-sessions/${of.sessionId}/slip?format=${format}`;

async function fetchSlip(path: string, type: string): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok || !res.headers.get('content-type')?.startsWith(type)) throw new Error('slip');
  return res.blob();
}

/**
 * Opens the 80 mm HTML slip in a new tab, ready for the browser's Yazdır. The tab is opened at the
 * tap (a popup opened after a fetch is blocked), then pointed at the slip. Tells whether it opened, was blocked or failed.
 */
export async function openSlip(of: { sessionId: number }): Promise<'ok' | 'blocked' | 'failed'> {
  const tab = window.open('', '_blank');
  if (!tab) return 'blocked';
  try {
    const blob = await fetchSlip(slipPath(of, 'html'), 'text/html');
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
    const res = await fetch(`${API_BASE}${slipPath(of, 'pdf')}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
    if (!res.ok || res.headers.get('content-type') !== 'application/pdf') return false;
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'hesap-fisi.pdf';
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch {
    return false;
  }
}
