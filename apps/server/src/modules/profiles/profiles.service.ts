import type { Profile, ProfileInput, ShippingAddress } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { UserIdentity } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { ProfileDetails, ProfilesRepository } from './profiles.repository.js';

export function toProfileJson(user: UserIdentity, details: ProfileDetails | undefined): Profile {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    photoURL: user.image ?? null,
    address: details?.address ?? '',
    phone: details?.phone ?? '',
    url: details?.url ?? '',
    shippingAddress: storedAddress(details?.shipping_address ?? null),
  };
}

function storedAddress(text: string | null): ShippingAddress | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as ShippingAddress;
  } catch {
    return null;
  }
}

export interface ProfilesDeps {
  repo: ProfilesRepository;
  /** The account (name, email, photo) is the users module's. */
  users: Pick<UsersService, 'identity' | 'listIdentities' | 'countAll' | 'setImage'>;
  /** Cleared after every profile write (ADR 0012). */
  sessions: Pick<SessionCache, 'clear'>;
}

/** A profile is the account (users module) plus its `profiles` row (address, phone, link). */
export function createProfilesService({ repo, users, sessions }: ProfilesDeps) {
  async function own(userId: string): Promise<Profile> {
    const [user, details] = await Promise.all([users.identity(userId), repo.findByUserId(userId)]);
    if (!user) throw notFound('Profile');
    return toProfileJson(user, details);
  }
  return {
    own,
    async list(page: number, limit: number): Promise<{ items: Profile[]; total: number }> {
      const [accounts, total] = await Promise.all([users.listIdentities(page, limit), users.countAll()]);
      const details = new Map((await repo.findByUserIds(accounts.map((a) => a.id))).map((d) => [d.user_id, d]));
      return { items: accounts.map((a) => toProfileJson(a, details.get(a.id))), total };
    },
    async save(userId: string, input: ProfileInput): Promise<Profile> {
      await repo.upsert(userId, input, nowIso());
      sessions.clear();
      return own(userId);
    },
    async setPhoto(userId: string, url: string): Promise<Profile> {
      await users.setImage(userId, url, nowIso());
      return own(userId);
    },
    /** The invoice's buyer: account name and profile address. */
    async buyer(userId: string): Promise<{ name: string | null; address: string | null }> {
      const [user, details] = await Promise.all([users.identity(userId), repo.findByUserId(userId)]);
      return { name: user?.name ?? null, address: details?.address || null };
    },
    /**
     * Remembers the address a checkout shipped to, inside that order's transaction (on SQLite it
     * then shares the order's commit instead of costing one of its own); the next checkout is
     * pre-filled from it (`GET /api/profile`). Not part of the session, so no cache to clear.
     */
    rememberShippingAddressIn: (trx: Transaction<DB>, userId: string, address: ShippingAddress) =>
      repo.setShippingAddressIn(trx, userId, JSON.stringify(address), nowIso()),
    /** Issue 29: the last ship-to remembered (see above), where a purchase without one ships. */
    shippingAddressOf: async (userId: string): Promise<ShippingAddress | null> => storedAddress((await repo.findByUserId(userId))?.shipping_address ?? null),
    /** Inside the account removal's transaction. */
    removeIn: (trx: Transaction<DB>, userId: string) => repo.deleteIn(trx, userId),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
