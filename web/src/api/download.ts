import { API_BASE, type ApiEnvelope } from './client';
import { getToken } from './storage';

/**
 * Files the server makes for the signed-in person (exports, slips): fetched with the token in the
 * header, since a plain link could not carry it, then saved from a blob.
 */

/** Whether an answer's Content-Type is the file asked for (not, say, a JSON error). */
export type IsFile = (contentType: string) => boolean;

/** An export: anything but a JSON answer (which is an error). */
export const notJson: IsFile = (type) => !type.includes('json');

/** A PDF (price lists, table cards, slips). */
export const isPdf: IsFile = (type) => type.startsWith('application/pdf');

/** A download that did not come: `envelope` is the server's JSON answer (its Turkish message, field errors), when it sent one. */
export class DownloadError extends Error {
  constructor(readonly envelope?: ApiEnvelope) {
    super('download');
  }
}

/** `GET path` with the token; the answer when it is ok and `isFile` accepts its type, else a DownloadError. */
export async function fetchWithToken(path: string, isFile: IsFile): Promise<Response> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (res.ok && isFile(res.headers.get('content-type') ?? '')) return res;
  throw new DownloadError((await res.json().catch(() => undefined)) as ApiEnvelope | undefined);
}

/** The server's answer to a failed download (undefined for a network error or a non-JSON answer). */
export const envelopeOf = (err: unknown): ApiEnvelope | undefined => (err instanceof DownloadError ? err.envelope : undefined);

/** Downloads `path` with the token and saves it under the server's file name (else `fallbackName`); throws when it is not the file. */
export async function downloadWithToken(path: string, fallbackName: string, isFile: IsFile): Promise<void> {
  const res = await fetchWithToken(path, isFile);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // the browser reads the blob after the click: a big file (the KVKK archive) needs the URL a while
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
