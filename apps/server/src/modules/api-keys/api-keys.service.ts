import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKey, type ApiKeyInput, type ApiKeyScope, type CreatedApiKey } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit.service.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

/** A use is written to `last_used_at` at most once per this many milliseconds per key. */
export const LAST_USED_EVERY_MS = 60_000;
/** Requests one key may make per minute unless the composition root says otherwise. */
export const DEFAULT_API_KEY_RATE_PER_MINUTE = 600;

/** `bp_` and 32 random bytes, base64url (43 characters). */
export const API_KEY_SECRET = /^bp_[A-Za-z0-9_-]{43}$/;

/** The stored form of a secret: its sha-256, hex. A 256-bit random secret needs no slow hash. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The key a request authenticated with. */
export interface ApiKeyPrincipal {
  id: string;
  scopes: readonly ApiKeyScope[];
}

const KNOWN_SCOPES = new Set<string>(API_KEY_SCOPES);

function scopesOf(text: string): ApiKeyScope[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((s): s is ApiKeyScope => typeof s === 'string' && KNOWN_SCOPES.has(s)) : [];
  } catch {
    return [];
  }
}

function toJson(row: ApiKeyRow): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
  };
}

export interface ApiKeysDeps {
  repo: ApiKeysRepository;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** Requests per minute per key (default DEFAULT_API_KEY_RATE_PER_MINUTE). */
  perMinute?: number;
  now?: () => number;
}

/**
 * API keys (issue 19, ADR 0020): admins create, list and revoke them; `authenticate` turns a
 * bearer secret into the key's scopes. Every request reads the key from the database (one
 * indexed lookup), so a revoke is refused at once on every instance; nothing is cached.
 */
export function createApiKeysService({ repo, rateLimiter, perMinute = DEFAULT_API_KEY_RATE_PER_MINUTE, now = Date.now }: ApiKeysDeps) {
  const rule: RateRule = { max: perMinute, windowSeconds: 60 };

  return {
    async create(input: ApiKeyInput, createdBy: string): Promise<CreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row: ApiKeyRow = {
        id: newId(),
        name: input.name,
        secret_hash: hashSecret(secret),
        // In the shared list's order, whatever order they were sent in.
        scopes: JSON.stringify(API_KEY_SCOPES.filter((s) => input.scopes.includes(s))),
        created_by: createdBy,
        created_at: nowIso(),
        last_used_at: null,
        revoked_at: null,
      };
      await repo.insert(row);
      return { ...toJson(row), secret };
    },

    async list(): Promise<ApiKey[]> {
      return (await repo.list()).map(toJson);
    },

    /** Revokes a key (again: no change); an unknown id is a 404. */
    async revoke(id: string): Promise<ApiKey> {
      if (!(await repo.findById(id))) throw notFound('API key');
      await repo.revoke(id, nowIso());
      return toJson((await repo.findById(id))!);
    },

    /**
     * The key a bearer secret names, or null (unknown, malformed or revoked). Counts the request
     * against the key's rate (429 past it) and records the use at most once a minute.
     */
    async authenticate(secret: string): Promise<ApiKeyPrincipal | null> {
      if (!API_KEY_SECRET.test(secret)) return null;
      const row = await repo.findByHash(hashSecret(secret));
      if (!row || row.revoked_at) return null;
      await rateLimiter.consume([{ name: 'api-key', rule, subject: row.id }]);
      const t = now();
      if (!row.last_used_at || Date.parse(row.last_used_at) <= t - LAST_USED_EVERY_MS) {
        await repo.touch(row.id, new Date(t).toISOString(), new Date(t - LAST_USED_EVERY_MS).toISOString());
      }
      return { id: row.id, scopes: scopesOf(row.scopes) };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
