import type { ShippingAddress } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../db/tables.js';

/**
 * Issue 29: the buyer's last ship-to, kept on the profile by the profiles module (wired in
 * services.ts; the checkout writes it there too). A purchase or an accepted quote without a ship-to
 * ships there; a given one is remembered in the order's unit. There is no company default address
 * to fall back on: a company's addresses are offered to pick from, none is marked as the default.
 */
export interface ShipToBook {
  lastOf(userId: string): Promise<ShippingAddress | null>;
  /** Inside the order's (or the change's) own transaction. */
  rememberIn(trx: Transaction<DB>, userId: string, address: ShippingAddress): Promise<void>;
}
