import { loginFormSchema, passwordSchema, resetFormSchema, signupFormSchema, updateUserInputSchema } from '@bulkparts/shared';
import { z } from 'zod';
import { nulCharacterError, parseInput } from '../../lib/validate.js';

/**
 * Our own edge check on better-auth's endpoints, with the shared form schemas: a bad field is a 400
 * `{ error: 'VALIDATION_FAILED', message, fields }` before better-auth sees it (it would accept a
 * 200 kB address on some endpoints). Other body fields (callbackURL, rememberMe…) pass through.
 */
const url = z.string().max(2000, 'URL is too long').optional();
const withUrls = { callbackURL: url, errorCallbackURL: url, newUserCallbackURL: url, redirectTo: url };
const code = z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(64, 'Code is too long');
const currentPassword = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters');

const schemas: Record<string, z.ZodType> = {
  '/sign-up/email': signupFormSchema.extend(withUrls),
  '/sign-in/email': loginFormSchema.extend({ ...withUrls, password: currentPassword }),
  '/sign-in/social': z.object({ provider: z.string().max(40), ...withUrls }),
  '/request-password-reset': resetFormSchema.extend(withUrls),
  '/send-verification-email': resetFormSchema.extend(withUrls),
  '/reset-password': z.object({ newPassword: passwordSchema, token: z.string().max(200).optional() }),
  '/two-factor/enable': z.object({ password: currentPassword }),
  '/two-factor/disable': z.object({ password: currentPassword }),
  '/two-factor/verify-totp': z.object({ code }),
  '/two-factor/verify-backup-code': z.object({ code }),
  // Strict: the name is copied into public reviews, and no other user field may be set here.
  '/update-user': updateUserInputSchema,
};

/** The body `POST /api/auth<path>` must meet before better-auth sees it, if we check one (the OpenAPI document shows it). */
export function authInputSchema(path: string): z.ZodType | undefined {
  return schemas[path];
}

/** Endpoints whose checked (trimmed, stripped) body is what better-auth receives. */
const forwardsParsed = new Set(['/update-user']);

/**
 * Throws a 400 AppError when the body of `POST /api/auth<path>` is not acceptable; answers the body
 * to hand to better-auth.
 */
export function checkAuthInput(path: string, body: unknown): unknown {
  const schema = schemas[path];
  if (!schema) {
    const nul = nulCharacterError(body);
    if (nul) throw nul;
    return body;
  }
  const parsed: unknown = parseInput(schema, body);
  return forwardsParsed.has(path) ? parsed : body;
}

/** A GET to better-auth (`/verify-email?token=…`): its query reaches the database as it is, so no NUL. */
export function checkAuthQuery(query: URLSearchParams): void {
  const nul = nulCharacterError(Object.fromEntries(query));
  if (nul) throw nul;
}
