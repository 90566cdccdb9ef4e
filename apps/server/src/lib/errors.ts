import type { ErrorLine } from '@bulkparts/shared';

/**
 * Named error codes and their HTTP statuses, in one place. Services throw `AppError`s; the error
 * handler turns them into `{ error, message, fields?, lines? }`, plus the few `details` a route
 * documents in its own answer schema (a checkout's 409 names the order the cart already became).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  INVALID_TRANSITION: 409,
  ALREADY_PAID: 409,
  /** An account order that would take the company past its credit limit (issue 18). */
  CREDIT_LIMIT_EXCEEDED: 409,
  /** Another checkout of the same cart made its order first (issue 28); the answer names that order. */
  CART_ALREADY_ORDERED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key sent again with a different body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYMENT_DECLINED: 402,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Each bad line of a many-line request (bulk cart add, checkout), answered as `lines`. */
    readonly lines?: readonly ErrorLine[],
    /** Further top-level fields of this answer; the route declares them (`apiErrorSchema.extend`, see checkout.routes.ts). */
    readonly details?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue');
export const validationFailed = (fields: Record<string, string>) => new AppError('VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input', fields);
