import { readCrumb } from './cookies.js';

/** The error body every API route answers with. */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  crumbFail?: boolean;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; body: ApiErrorBody | undefined; network: boolean };

export interface RequestOptions {
  fetchImpl?: typeof fetch;
  /** Defaults to the `crumb` cookie of the current document. */
  crumb?: string;
  /** More headers (a site-user call's `X-XSRF-Token`). */
  headers?: Record<string, string>;
}

function currentCrumb(): string | undefined {
  return typeof document === 'undefined' ? undefined : readCrumb(document.cookie);
}

/**
 * Sends a JSON request with the crumb header and turns every outcome into a value:
 * network failures and error statuses never throw. A `FormData` body goes as multipart form data
 * (files), the answer still read as JSON.
 */
export async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const crumb = options.crumb ?? currentCrumb();
    if (crumb) headers['X-CSRF-Token'] = crumb;
  }
  const doFetch = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, body: undefined, network: true };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const errorBody = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : undefined;
  return { ok: false, status: response.status, body: errorBody, network: false };
}
