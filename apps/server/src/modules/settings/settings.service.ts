import type { PublicSeller, Seller, SellerInput } from '@bulkparts/shared';
import { freshFor } from '../../lib/fresh-for.js';
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

/** How long a read of the seller's record is reused (ADR 0029): as the shipping methods' `METHODS_FRESH_MS`. */
const SELLER_FRESH_MS = 1000;

/**
 * The seller's identity (issue 30, ADR 0036): one record, read by the invoices, quotes, credit
 * notes, packing slips, mails, every checkout's tax context and the Contact page. A read is
 * reused for at most `SELLER_FRESH_MS` (ADR 0029: one statement less per order) and dropped by
 * this service's own save, so this instance prints what an admin saved at once and every other
 * instance within that second. No row yet: the environment's values.
 */
export function createSettingsService({ repo, defaults }: { repo: SettingsRepository; defaults: SellerDefaults }) {
  const record = freshFor(SELLER_FRESH_MS, async (): Promise<Seller> => {
    const row = await repo.findSeller();
    return row ? fromRow(row) : { ...defaults, updatedAt: null };
  });
  const seller = (): Promise<Seller> => record.get(undefined);

  return {
    seller,

    /** What anyone may read: the Contact and About pages (`GET /api/auth-config`'s `contact`). */
    async publicSeller(): Promise<PublicSeller> {
      const s = await seller();
      return { legalName: s.legalName, address: s.address, country: s.country, email: s.email, phone: s.phone };
    },

    async saveSeller(input: SellerInput, user: SessionUser): Promise<Seller> {
      const updatedAt = nowIso();
      record.clear();
      try {
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
      } finally {
        // A read that started during the write may hold the old row.
        record.clear();
      }
      return { ...input, updatedAt };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
