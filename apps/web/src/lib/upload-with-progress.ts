import type { ApiError } from '@bulkparts/shared';
import { ApiClientError } from './api-client';

/** A failed upload: the API's error with the whole answer body (an import's row errors ride on its 400). */
export class ApiUploadError extends ApiClientError {
  constructor(status: number, code: string, message: string, fields: Record<string, string>, body: unknown) {
    super(status, code, message, fields, [], body);
    this.name = 'ApiUploadError';
  }
}

export interface UploadRequest {
  method?: 'POST' | 'PUT';
  /** The body's type; left out for a FormData body, whose multipart boundary the browser writes. */
  contentType?: string;
  /** Called with the share of the body sent, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the whole request body and answers the JSON reply. `fetch` cannot report upload
 * progress, and a catalogue file can be tens of megabytes, so this is XMLHttpRequest; errors have
 * the same shape as `api()`'s (status, code, message, fields).
 */
export function uploadWithProgress<T>(path: string, body: Blob | FormData, { method = 'POST', contentType, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onerror = () => reject(new ApiClientError(0, 'NETWORK', 'Cannot reach the shop. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(json as T);
      const err = (json ?? {}) as Partial<ApiError> & { code?: string };
      reject(new ApiUploadError(xhr.status, err.error ?? err.code ?? `HTTP_${xhr.status}`, err.message || uploadFailure(xhr.status), err.fields ?? {}, json));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function uploadFailure(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 413) return 'The file is too large.';
  if (status === 415) return 'This kind of file is not accepted.';
  return 'Something went wrong. Please try again.';
}
