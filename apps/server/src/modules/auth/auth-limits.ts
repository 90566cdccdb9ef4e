import type { RateRule, RateSubject } from '../rate-limit/rate-limit.service.js';

/**
 * Abuse limits on better-auth's endpoints, counted in the database (modules/rate-limit) per client
 * address and per account. better-auth's own limiter (per path and address) stays on as a burst guard.
 */
export interface AuthRateRules {
  signInFailuresPerAccount: RateRule;
  signInFailuresPerIp: RateRule;
  signUpsPerIp: RateRule;
  resetRequestsPerAccount: RateRule;
  resetRequestsPerIp: RateRule;
  verificationMailsPerAccount: RateRule;
  verificationMailsPerIp: RateRule;
  codeFailuresPerIp: RateRule;
}

const MIN15 = 15 * 60;
const HOUR = 60 * 60;

export const DEFAULT_AUTH_RATE_RULES: AuthRateRules = {
  // About 10 failed sign-ins in 15 minutes per account; an address (an office behind one NAT) gets more.
  signInFailuresPerAccount: { max: 10, windowSeconds: MIN15 },
  signInFailuresPerIp: { max: 30, windowSeconds: MIN15 },
  signUpsPerIp: { max: 50, windowSeconds: HOUR },
  resetRequestsPerAccount: { max: 5, windowSeconds: HOUR },
  resetRequestsPerIp: { max: 20, windowSeconds: HOUR },
  verificationMailsPerAccount: { max: 5, windowSeconds: HOUR },
  verificationMailsPerIp: { max: 20, windowSeconds: HOUR },
  // Wrong TOTP or backup codes from one address; per account better-auth locks after 10 (accountLockout).
  codeFailuresPerIp: { max: 10, windowSeconds: MIN15 },
};

/** What the auth route does around one better-auth call. */
export interface AuthLimitPlan {
  /** Counted before the call; refused past the limit. */
  consume: RateSubject[];
  /**
   * Counted BEFORE the call (refused past the limit) and given back unless the call fails, so
   * parallel guesses cannot all pass a check made before any of them was counted.
   */
  failures: RateSubject[];
  /** Which statuses count as a failure. */
  isFailure: (status: number) => boolean;
  /** Forgotten when the call succeeds. */
  resetOnSuccess: RateSubject[];
}

const emailOf = (body: unknown): string | undefined => {
  const email = body && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 320) : undefined;
};

/**
 * The plan for `POST /api/auth/<path>`, or undefined when the path is not limited here.
 * `sessionEmail`: for SESSION_PASSWORD_CHECKS only, the signed-in user's address ('' without a session).
 */
export function authLimitPlan(path: string, body: unknown, ip: string, rules: AuthRateRules, sessionEmail?: string): AuthLimitPlan | undefined {
  // Behind a session the account is the session's, never one named in the body.
  const email = sessionEmail !== undefined ? sessionEmail.toLowerCase() || undefined : emailOf(body);
  const sub = (name: string, rule: RateRule, subject: string): RateSubject => ({ name, rule, subject });
  const perAccount = (name: string, rule: RateRule) => (email ? [sub(`${name}:account`, rule, email)] : []);
  const none: AuthLimitPlan = { consume: [], failures: [], isFailure: () => false, resetOnSuccess: [] };
  switch (path) {
    case '/sign-in/email': {
      const account = perAccount('signin-fail', rules.signInFailuresPerAccount);
      return { ...none, failures: [sub('signin-fail:ip', rules.signInFailuresPerIp, ip), ...account], isFailure: (s) => s === 401, resetOnSuccess: account };
    }
    // Password checks behind a session count as failed sign-ins of the address and of the
    // session's account: a stolen session must not become an unlimited password oracle.
    case '/two-factor/enable':
    case '/two-factor/disable':
    case '/two-factor/get-totp-uri':
    case '/two-factor/generate-backup-codes':
    case '/verify-password':
    case '/change-password':
      return {
        ...none,
        failures: [sub('signin-fail:ip', rules.signInFailuresPerIp, ip), ...perAccount('signin-fail', rules.signInFailuresPerAccount)],
        isFailure: (s) => s === 400 || s === 401,
      };
    case '/sign-up/email':
      return { ...none, consume: [sub('signup:ip', rules.signUpsPerIp, ip)] };
    case '/request-password-reset':
      return { ...none, consume: [sub('reset:ip', rules.resetRequestsPerIp, ip), ...perAccount('reset', rules.resetRequestsPerAccount)] };
    case '/send-verification-email':
      return { ...none, consume: [sub('verify-mail:ip', rules.verificationMailsPerIp, ip), ...perAccount('verify-mail', rules.verificationMailsPerAccount)] };
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
      return { ...none, failures: [sub('code-fail:ip', rules.codeFailuresPerIp, ip)], isFailure: (s) => s === 400 || s === 401 };
    default:
      return undefined;
  }
}
