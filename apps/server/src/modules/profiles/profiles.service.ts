import type { Profile, ProfileInput } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { ProfileRow, ProfilesRepository } from './profiles.repository.js';

export function toProfileJson(row: ProfileRow): Profile {
  return { _id: row.id, email: row.email, name: row.name, photoURL: row.image ?? null, address: row.address ?? '', phone: row.phone ?? '', url: row.url ?? '' };
}

export function createProfilesService(repo: ProfilesRepository) {
  async function own(userId: string): Promise<Profile> {
    const row = await repo.findByUserId(userId);
    if (!row) throw notFound('Profile');
    return toProfileJson(row);
  }
  return {
    own,
    async list(page: number, limit: number): Promise<{ items: Profile[]; total: number }> {
      const [rows, total] = await Promise.all([repo.listAll((page - 1) * limit, limit), repo.countAll()]);
      return { items: rows.map(toProfileJson), total };
    },
    async save(userId: string, input: ProfileInput): Promise<Profile> {
      await repo.upsert(userId, input, nowIso());
      return own(userId);
    },
    async setPhoto(userId: string, url: string): Promise<Profile> {
      await repo.setUserImage(userId, url, nowIso());
      return own(userId);
    },
  };
}
