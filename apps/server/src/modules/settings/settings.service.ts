import type { PublicSeller, Seller, SellerInput } from '@bulkparts/shared';
import { nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import { SELLER_ROW_ID, type SellerSettingsRow, type SettingsRepository } from './settings.repository.js';

/** The seller's values before an admin saves any (the environment's SHOP_* and SELLER_*, config/env.ts). */
export type SellerDefaults = Omit<Seller, 'updatedAt'>;

const fromRow = (r: SellerSettingsRow): Seller => ({
  legalName: r.legal_name,
  address: r.address,
  region: r.region,
  country: r.country,
  taxNumber: r.tax_number,
  registrationNumber: r.registration_number,
  email: r.email,
  phone: r.phone,
  timeZone: r.time_zone,
  updatedAt: r.updated_at,
});

/**
 * The seller's identity (issue 30, ADR 0036): one record, read by the invoices, quotes, credit
 * notes, packing slips, mails and the Contact page. It is read from its row every time (one
 * primary-key read), never kept in memory: every instance of the shop prints what an admin saved
 * last, with no cache to clear. No row yet: the environment's values.
 */
export function createSettingsService({ repo, defaults }: { repo: SettingsRepository; defaults: SellerDefaults }) {
  async function seller(): Promise<Seller> {
    const row = await repo.findSeller();
    return row ? fromRow(row) : { ...defaults, updatedAt: null };
  }

  return {
    seller,

    /** What anyone may read: the Contact and About pages (`GET /api/auth-config`'s `contact`). */
    async publicSeller(): Promise<PublicSeller> {
      const s = await seller();
      return { legalName: s.legalName, address: s.address, country: s.country, email: s.email, phone: s.phone };
    },

    async saveSeller(input: SellerInput, user: SessionUser): Promise<Seller> {
      const updatedAt = nowIso();
      await repo.saveSeller({
        id: SELLER_ROW_ID,
        legal_name: input.legalName,
        address: input.address,
        region: input.region,
        country: input.country,
        tax_number: input.taxNumber,
        registration_number: input.registrationNumber,
        email: input.email,
        phone: input.phone,
        time_zone: input.timeZone,
        updated_by: user.id,
        updated_at: updatedAt,
      });
      return { ...input, updatedAt };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
