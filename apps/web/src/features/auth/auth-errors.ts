import { MESSAGES } from '@bulkparts/shared/messages';
import { ApiClientError } from '@/lib/api-client';

/**
 * Every sign-in problem in words a person understands: better-auth's error codes, the OAuth
 * callback errors (`/login?error=…`) and the provider error kinds of the spec (section 8), which
 * the old popup sign-in produced. A raw code is never shown.
 */
const TEXT: Record<string, string> = {
  // email and password
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password. Check both and try again.',
  INVALID_EMAIL: MESSAGES.emailInvalid,
  INVALID_PASSWORD: 'That password is not right.',
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in, or reset your password.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in, or reset your password.',
  EMAIL_NOT_VERIFIED: 'Please confirm your email first: we sent you a link.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account signs in with Google. Use “Continue with Google”, or reset the password to add one.',
  RATE_LIMITED: MESSAGES.tooManyAttempts,
  // links
  INVALID_TOKEN: 'This link is invalid or has already been used. Ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Ask for a new one.',
  USER_NOT_FOUND: 'This link is invalid or has already been used. Ask for a new one.',
  // second factor
  INVALID_CODE: 'That code is not right. Check your authenticator app and try again.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it was already used.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long. Please sign in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED: MESSAGES.tooManyAttempts,
  TOTP_NOT_ENABLED: 'Two-step sign-in is not turned on for this account.',
  // Google (OpenID Connect callback errors)
  access_denied: 'Google sign-in was cancelled.',
  account_not_linked:
    'We could not add Google to your existing account: confirm your email with the link we sent you (or sign in with your password), then try again.',
  unable_to_link_account: 'We could not add Google to your account. Sign in with your password and try again.',
  state_mismatch: 'Google sign-in was interrupted (it took too long or ran in another tab). Please try again.',
  please_restart_the_process: 'Google sign-in was interrupted. Please try again.',
  invalid_code: 'Google sign-in was interrupted. Please try again.',
  no_code: 'Google sign-in was interrupted. Please try again.',
  unable_to_get_user_info: 'Google did not tell us your email address. Please try again or use email and password.',
  email_not_found: 'Google did not tell us your email address. Please try again or use email and password.',
  email_not_verified: 'Your Google email address is not verified. Use email and password instead.',
  oauth_provider_not_found: 'Google sign-in is not configured',
  signup_disabled: 'We could not create an account with Google. Please sign up with email and password.',
  // the provider error kinds of the spec (section 8)
  'unauthorized-domain': 'Google sign-in is not allowed from this address. Please use email and password.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before you finished. Please try again.',
  'cancelled-popup-request': 'Another sign-in was started. Please finish one sign-in at a time.',
  'web-storage-unsupported': 'Your browser is blocking the cookies sign-in needs. Allow cookies for this site and try again.',
  'network-request-failed': 'Cannot reach the shop. Check your connection and try again.',
  'invalid-api-key': 'Google sign-in is not set up correctly. Please use email and password.',
  'auth-domain-config-required': 'Google sign-in is not set up correctly. Please use email and password.',
  'internal-error': 'Something went wrong on our side. Please try again.',
  'invalid-auth-event': 'Sign-in was interrupted. Please try again.',
  'no-user': 'No user is logged in',
  NETWORK: 'Cannot reach the shop. Check your connection and try again.',
};

const FALLBACK = 'Something went wrong. Please try again.';

/** A message for a code (better-auth, OAuth callback or spec provider kind). */
export function authErrorText(code: string | null | undefined): string {
  if (!code) return FALLBACK;
  return TEXT[code] ?? TEXT[code.replace(/^auth\//, '')] ?? FALLBACK;
}

/** A message for anything an auth call threw. */
export function authErrorMessage(err: unknown): string {
  if (err instanceof ApiClientError) {
    if (err.status === 429) return MESSAGES.tooManyAttempts;
    if (TEXT[err.code]) return TEXT[err.code]!;
    // Our own 400s carry a field message written for people.
    if (err.code === 'VALIDATION_FAILED') return err.message;
    if (err.status === 0) return TEXT.NETWORK!;
  }
  return FALLBACK;
}
