import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors.js';

/**
 * The shop's one error shape for a better-auth 4xx answer that has no JSON `message` (some routes
 * answer 401 with the body `null`): `{ error, message }` as every other 4xx. Null when the answer
 * already has a message, or is not a 4xx.
 */
export function authErrorBody(status: number, text: string): string | null {
  if (status < 400 || status >= 500) return null;
  if (hasMessage(text)) return null;
  const error =
    status === 401
      ? unauthenticated()
      : status === 403
        ? forbidden()
        : status === 404
          ? notFound()
          : new AppError('BAD_REQUEST', 'The request was not accepted');
  return JSON.stringify({ error: error.code, message: error.message });
}

function hasMessage(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}
