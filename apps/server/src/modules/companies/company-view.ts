import {
  centsToDollars,
  COMPANY_ROLES,
  PAYMENT_TERMS,
  type Company,
  type CompanyAddress,
  type CompanyRole,
  type Invitation,
  type InvitationStatus,
  type Member,
  type PaymentTerms,
  type StoredShippingAddress,
  type TaxExemption,
} from '@bulkparts/shared';
import type { StoredVatCheck } from '../tax/vat-checker.js';
import type { UserIdentity } from '../users/users.repository.js';
import type { CompanyRow, MemberRow } from './companies.repository.js';
import type { AddressRow } from './company-addresses.repository.js';
import type { InvitationRow } from './company-invitations.repository.js';

/** A stored role as a CompanyRole (anything unknown reads as the least one, `buyer`). */
export function roleOf(value: string): CompanyRole {
  return (COMPANY_ROLES as readonly string[]).includes(value) ? (value as CompanyRole) : 'buyer';
}

export function termsOf(value: string | null): PaymentTerms | null {
  return value !== null && (PAYMENT_TERMS as readonly string[]).includes(value) ? (value as PaymentTerms) : null;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(Number(cents)));

/** An address stored as JSON text (the shared `shippingAddressSchema`'s output). */
export function storedAddress(text: string): StoredShippingAddress {
  return JSON.parse(text) as StoredShippingAddress;
}

export function toCompany(
  row: CompanyRow,
  extra: { creditUsedCents: number; memberCount: number; myRole: CompanyRole | null; mySpendingLimitCents?: number | null },
): Company {
  return {
    id: row.id,
    name: row.name,
    taxId: row.tax_id,
    billingAddress: storedAddress(row.billing_address),
    paymentTerms: termsOf(row.payment_terms),
    creditLimit: dollarsOrNull(row.credit_limit_cents),
    creditUsed: centsToDollars(extra.creditUsedCents),
    discountPercent: row.discount_percent === null ? null : Number(row.discount_percent),
    createdAt: row.created_at,
    myRole: extra.myRole,
    mySpendingLimit: dollarsOrNull(extra.mySpendingLimitCents ?? null),
    memberCount: extra.memberCount,
    taxExemption: exemptionOf(row.tax_exemption),
    vatCheck: vatCheckOf(row.vat_check),
  };
}

/** Issue 30: the stored exemption certificate (JSON text), or null. */
export function exemptionOf(text: string | null | undefined): TaxExemption | null {
  if (!text) return null;
  const e = JSON.parse(text) as TaxExemption & { remindedAt?: string };
  return { certificateNumber: e.certificateNumber, country: e.country, region: e.region ?? null, expiresOn: e.expiresOn };
}

/** Issue 30: the VAT number's last check (JSON text); never checked: unverified. */
export function vatCheckOf(text: string | null | undefined): StoredVatCheck {
  if (!text) return { status: 'unverified', checkedAt: null, requestIdentifier: null, note: null };
  const c = JSON.parse(text) as StoredVatCheck;
  return { status: c.status, checkedAt: c.checkedAt ?? null, requestIdentifier: c.requestIdentifier ?? null, note: c.note ?? null };
}

export function toMember(row: MemberRow, identity: Pick<UserIdentity, 'email' | 'name'> | undefined): Member {
  return {
    userId: row.user_id,
    email: identity?.email ?? '',
    name: identity?.name ?? '',
    role: roleOf(row.role),
    spendingLimit: dollarsOrNull(row.spending_limit_cents),
  };
}

/** What an invitation is at `now`: used, revoked, past its date, or open. */
export function invitationStatus(row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, now: Date): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  if (Date.parse(row.expires_at) <= now.getTime()) return 'expired';
  return 'open';
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    status: invitationStatus(row, now),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export function toAddress(row: AddressRow): CompanyAddress {
  return { id: row.id, label: row.label, address: storedAddress(row.address) };
}
