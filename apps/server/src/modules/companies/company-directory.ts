import type { CompanyRole, PaymentTerms, ShippingAddress } from '@bulkparts/shared';
import type { PriceBook } from '../products/price-book.js';
import type { BuyerTaxProfile } from '../tax/tax.service.js';

/**
 * What other modules ask the companies module (issue 18, ADR 0018). Orders (limits, terms, who
 * approves), cart and quotes (company prices) depend on this interface, never on the companies'
 * tables; services.ts hands them the companies service, which implements it. The products module
 * sits below companies: its routes declare the part they call (`CallerPriceLists`) instead.
 */
export interface Membership {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** The member's per-order limit; null = unlimited. */
  spendingLimitCents: number | null;
  /** The company's terms (set by a shop admin); null = card only. */
  paymentTerms: PaymentTerms | null;
  /** null = no account orders beyond the terms themselves are limited (no credit limit). */
  creditLimitCents: number | null;
}

export interface InvoiceParty {
  name: string;
  taxId: string | null;
  billingAddress: ShippingAddress;
}

export interface CompanyDirectory {
  membershipOf(userId: string): Promise<Membership | null>;
  /**
   * The user's company's prices for these products, or null when the user has no company or
   * the company has no discount and none of these products has a fixed price.
   */
  priceBookFor(userId: string, productIds: readonly string[]): Promise<PriceBook | null>;
  /**
   * The user's company's whole price list (every fixed price), or null as `priceBookFor`: the
   * catalogue filters and ranges prices by the caller's own (issue 28). Optional: a directory
   * without it leaves the catalogue's price bounds on list prices.
   */
  priceListFor?(userId: string): Promise<PriceBook | null>;
  /**
   * A key naming the price list the user sees (the company id when it has a discount or any
   * fixed price), or null for list prices; the catalogue response cache keys on it.
   */
  priceListKey(userId: string): Promise<string | null>;
  /** Emails of the company's admins and approvers (mailed when an order waits for approval). */
  approverEmails(companyId: string): Promise<string[]>;
  /** Emails of the company's admins (overdue reminders). */
  adminEmails(companyId: string): Promise<string[]>;
  /** Issue 33: every member's user id (the lists module shows a member the lists the others share with the company). */
  memberIdsOf(companyId: string): Promise<string[]>;
  /** Issue 33: which of `ids` name companies (a product document shown to chosen companies). */
  knownCompanyIds(ids: readonly string[]): Promise<Set<string>>;
  /** Issue 30: what the tax decision needs of the company: VAT number, its last check, its exemption certificate. */
  taxProfile(companyId: string): Promise<BuyerTaxProfile | null>;
  /** The invoice's customer: name, tax id, billing address. */
  invoiceParty(companyId: string): Promise<InvoiceParty | null>;
}
