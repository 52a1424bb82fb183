import type { FieldErrors } from '@qrmenu/contract';
import { getToken, clearAuth } from './storage';
import { notify } from '../components/notify';
import { navigateTo } from '../navigation';
import { API_TEXT } from '../texts/common';

/** What every API answer carries: `status` and `message`, with field errors on a 422. */
export interface ApiEnvelope {
  status: number;
  message?: string;
  errors?: FieldErrors;
  validation_errors?: FieldErrors;
}

/**
 * An API answer: the envelope and, when `status` is 200, the success fields `T` of the call —
 * `Answer<typeof settingsResponseSchema>` from the contract's response schemas. Read them after
 * checking `status`.
 */
export type ApiBody<T extends object = object> = ApiEnvelope & Omit<T, keyof ApiEnvelope>;

/** An admin list's answer: its rows under the list's key (`users`, `products`, …), the total and the extras. */
export interface ListBody extends ApiEnvelope {
  total?: number;
  total_capped?: boolean;
  [key: string]: unknown;
}

export interface RequestOptions {
  /** Don't run the HTTP 401/403/404 behaviour (logout, the auth checks handle it themselves). */
  quiet?: boolean;
  /** Upload progress 0–100 (multipart only). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Base URL of the API: same origin (the server also serves this app). Images are prefixed with it. */
export const API_BASE = '';
export const assetUrl = (path: string | null | undefined) => (path ? `${API_BASE}/${path.replace(/^\/+/, '')}` : '');

export class HttpError extends Error {
  constructor(readonly httpStatus: number, readonly body: ApiEnvelope | undefined) {
    super(body?.message ?? `HTTP ${httpStatus}`);
  }
}

/**
 * The HTTP-level behaviour of spec §8: 401 → toast Unauthorized, back to `/` (admin area) or
 * `/login`; 403 → toast Forbidden and /403; 404 → toast '404 Error' and /404.
 */
function handleHttpError(status: number, body: ApiEnvelope | undefined) {
  const inAdmin = window.location.pathname.startsWith('/admin');
  if (status === 401) {
    clearAuth();
    notify.error(API_TEXT.unauthorized, body?.message);
    navigateTo(inAdmin ? '/' : '/login');
  } else if (status === 403) {
    notify.error(API_TEXT.forbidden, body?.message);
    navigateTo('/403');
  } else if (status === 404) {
    notify.error(API_TEXT.notFoundTitle, API_TEXT.notFoundText);
    navigateTo('/404');
  } else if (status === 429) {
    notify.warning(API_TEXT.tooMany, body?.message);
  } else if (status === 413) {
    notify.error(API_TEXT.tooLarge, body?.message);
  } else {
    notify.error(API_TEXT.serverError, body?.message);
  }
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json' };
  if (json) h['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function parse<T extends object>(res: Response): Promise<ApiBody<T> | undefined> {
  try {
    return (await res.json()) as ApiBody<T>;
  } catch {
    return undefined;
  }
}

async function request<T extends object>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<ApiBody<T>> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers: headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name !== 'AbortError' && !opts.quiet) notify.error(API_TEXT.network, API_TEXT.networkText);
    throw err;
  }
  const data = await parse<T>(res);
  if (!res.ok) {
    if (!opts.quiet) handleHttpError(res.status, data);
    throw new HttpError(res.status, data);
  }
  return data ?? ({ status: res.status } as ApiBody<T>);
}

/** Multipart upload with progress (fetch cannot report upload progress, XHR can). */
function upload<T extends object = object>(path: string, form: FormData, opts: RequestOptions = {}): Promise<ApiBody<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: ApiBody<T> | undefined;
      try {
        data = JSON.parse(xhr.responseText) as ApiBody<T>;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(data ?? ({ status: xhr.status } as ApiBody<T>));
      } else {
        if (!opts.quiet) handleHttpError(xhr.status, data);
        reject(new HttpError(xhr.status, data));
      }
    };
    xhr.onerror = () => {
      if (!opts.quiet) notify.error(API_TEXT.network, API_TEXT.networkText);
      reject(new Error('network'));
    };
    xhr.send(form);
  });
}

export const api = {
  get: <T extends object = object>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T extends object = object>(path: string, body: unknown = {}, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  delete: <T extends object = object>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
  upload,
};
