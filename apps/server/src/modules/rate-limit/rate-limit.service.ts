import { createHash } from 'node:crypto';
import { MESSAGES } from '@bulkparts/shared';
import { AppError } from '../../lib/errors.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

/** At most `max` counted events per `windowSeconds` for one subject (an address, an account). */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

/** A named rule applied to one subject, e.g. `{ name: 'signin-fail:account', rule, subject: email }`. */
export interface RateSubject {
  name: string;
  rule: RateRule;
  subject: string;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', MESSAGES.tooManyAttempts);
  }
}

/** Keys stay short and never hold an email or address in clear text. */
const keyOf = (s: RateSubject) => `${s.name}:${createHash('sha256').update(s.subject.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;

/**
 * Database-backed limiter any module can use: `consume` counts an event and refuses past the
 * limit (sign-ups, mail requests, and guesses: `consume` first, `refund` when it was no failure);
 * `assertAllowed` + `hit` count events only after the fact.
 * Disabled limiters let everything through (tests that do not test limits).
 */
export function createRateLimiter(repo: RateLimitRepository, opts: { enabled: boolean; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const retryAfter = (windowStart: number, rule: RateRule, t: number) => Math.max(1, Math.ceil((windowStart + rule.windowSeconds * 1000 - t) / 1000));

  return {
    enabled: opts.enabled,
    /** Throws RateLimitedError when any subject has already reached its limit. Counts nothing. */
    async assertAllowed(subjects: RateSubject[]): Promise<void> {
      if (!opts.enabled) return;
      const t = now();
      for (const s of subjects) {
        const { count, windowStart } = await repo.current(keyOf(s), s.rule.windowSeconds * 1000, t);
        if (count >= s.rule.max) throw new RateLimitedError(retryAfter(windowStart, s.rule, t));
      }
    },
    /** Counts one event for every subject. */
    async hit(subjects: RateSubject[]): Promise<void> {
      if (!opts.enabled) return;
      const t = now();
      for (const s of subjects) await repo.hit(keyOf(s), s.rule.windowSeconds * 1000, t);
    },
    /** Counts one event for every subject and throws when one of them went past its limit. */
    async consume(subjects: RateSubject[]): Promise<void> {
      if (!opts.enabled) return;
      const t = now();
      let refused: RateLimitedError | undefined;
      for (const s of subjects) {
        const { count, windowStart } = await repo.hit(keyOf(s), s.rule.windowSeconds * 1000, t);
        if (count > s.rule.max && !refused) refused = new RateLimitedError(retryAfter(windowStart, s.rule, t));
      }
      if (refused) throw refused;
    },
    /** Gives back the event `consume` counted for every subject (the attempt turned out not to count). */
    async refund(subjects: RateSubject[]): Promise<void> {
      if (!opts.enabled) return;
      for (const s of subjects) await repo.unhit(keyOf(s));
    },
    /** Forgets a subject's counter (e.g. an account's failures after a good sign-in). */
    async reset(subject: RateSubject): Promise<void> {
      if (!opts.enabled) return;
      await repo.clear(keyOf(subject));
    },
    /** Removes counters older than a day. */
    purge(): Promise<number> {
      return repo.purgeBefore(now() - 24 * 60 * 60 * 1000);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
