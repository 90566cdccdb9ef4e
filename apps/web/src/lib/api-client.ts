import type { ApiError, ErrorLine } from '@bulkparts/shared';
import { TOO_MANY_ATTEMPTS } from '@bulkparts/shared/first-load-messages';

/** An API answer that was not 2xx, with the server's code, message and field messages. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Each bad line of a many-line request (bulk cart add, checkout): `index`, `sku`, `productId`, `message`. */
    readonly lines: ErrorLine[] = [],
    /** The error answer's body as sent, for fields its route documents beyond these (checkout's 409 names an order). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** What to tell the user about a failed call: the API's own message, or `fallback` (network errors, bugs). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiClientError ? err.message : fallback;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The only place the web app calls `fetch` for our API. Sessions ride on the httpOnly cookie,
 * so no token is ever read or stored by script.
 */
export async function apiRequest<T>(path: string, req: ApiRequest = {}): Promise<ApiResponse<T>> {
  const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method: req.method ?? 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(req.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...req.headers },
      body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiClientError(0, 'NETWORK', 'Cannot reach the shop. Check your connection and try again.');
  }
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) {
    const body = (json ?? {}) as Partial<ApiError> & { code?: string };
    throw new ApiClientError(
      res.status,
      body.error ?? body.code ?? `HTTP_${res.status}`,
      body.message || defaultMessage(res.status),
      body.fields ?? {},
      body.lines ?? [],
      json,
    );
  }
  return { data: json as T, headers: res.headers };
}

export async function api<T>(path: string, req: ApiRequest = {}): Promise<T> {
  return (await apiRequest<T>(path, req)).data;
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return TOO_MANY_ATTEMPTS;
  return 'Something went wrong. Please try again.';
}

/** Builds `?a=1&b=2` from defined values only. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}
