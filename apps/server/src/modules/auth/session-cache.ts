import type { SessionUser } from '@bulkparts/shared';

/**
 * Signed-in users found by session cookie in the last second (ADR 0005). better-auth's lookup
 * (cookie signature, session and user queries, its plugin hooks) costs ~0.7 ms of CPU, the bulk
 * of every signed-in request. The code that changes what a SessionUser shows, or whether a
 * session is valid, clears it when it writes (ADR 0012): the users service (role, removal), the
 * profiles service (profile, photo) and better-auth's database hooks in auth.ts (name, image,
 * email verification, two-factor, password, sign-out). A change made on another instance shows
 * within `ttlMs`. Only found sessions are kept.
 */
export interface SessionCache {
  get(key: string): SessionUser | undefined;
  set(key: string, user: SessionUser): void;
  /** Lookups in flight, shared by the requests of one session that miss together. */
  readonly lookups: Map<string, Promise<SessionUser | null>>;
  clear(): void;
  readonly size: number;
}

export function createSessionCache({ ttlMs = 1000, maxEntries = 10_000 } = {}): SessionCache {
  const sessions = new Map<string, { at: number; user: SessionUser }>();
  const lookups = new Map<string, Promise<SessionUser | null>>();
  return {
    get(key) {
      const hit = sessions.get(key);
      return hit && Date.now() - hit.at < ttlMs ? hit.user : undefined;
    },
    set(key, user) {
      if (sessions.size >= maxEntries) sessions.clear();
      sessions.set(key, { at: Date.now(), user });
    },
    lookups,
    clear() {
      // A lookup in flight may have read the old row: later requests must not join it.
      sessions.clear();
      lookups.clear();
    },
    get size() {
      return sessions.size;
    },
  };
}
