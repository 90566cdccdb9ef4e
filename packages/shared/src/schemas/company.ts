import { z } from 'zod';
import { taxExemptionInputSchema, taxExemptionSchema, vatCheckSchema } from './tax.js';
import { PRODUCT_PRICE_MAX_E4 } from '../constants.js';
import { hasAtMostTwoDecimals } from '../money.js';
import { shippingAddressAnswerSchema, shippingAddressSchema } from './address.js';
import { emailSchema } from './auth.js';
import { optionalTextSchema, paginationQuerySchema, unitPriceSchema } from './common.js';

/**
 * Company accounts (issue 18, ADR 0018): the company is the customer. A user belongs to at most
 * one company. `admin` runs the company (members, invitations, addresses, limits) and approves;
 * `approver` approves orders and sees every order of the company; `buyer` orders within their
 * spending limit and sees their own orders.
 */
export const COMPANY_ROLES = ['admin', 'approver', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { admin: 'Company admin', approver: 'Approver', buyer: 'Buyer' };
/** Roles that approve orders and see all of the company's orders. */
export const APPROVING_ROLES: readonly CompanyRole[] = ['admin', 'approver'];

/** Payment on terms: the invoice is due this many days after the order is invoiced. */
export const PAYMENT_TERMS = ['net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = { net30: 30, net60: 60 };
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = { net30: 'Net 30', net60: 'Net 60' };

export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An invitation link works this long. */
export const INVITATION_TTL_DAYS = 7;
/**
 * Issue 18: an order whose total is above the member's per-order spending limit waits for an
 * approver (cents; a null limit is none). The server places orders by it; the checkout warns by it.
 */
export function needsApproval(totalCents: number, spendingLimitCents: number | null): boolean {
  return spendingLimitCents !== null && totalCents > spendingLimitCents;
}

/** An order waiting this long for approval is rejected by the server. */
export const APPROVAL_TIMEOUT_DAYS = 14;
export const COMPANY_NAME_MAX_LENGTH = 100;
export const TAX_ID_MAX_LENGTH = 40;
export const ADDRESS_LABEL_MAX_LENGTH = 60;
export const COMPANY_ADDRESSES_MAX = 50;
export const REJECTION_REASON_MAX_LENGTH = 500;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
/** Dollars: a spending or credit limit above this is a typo. */
export const COMPANY_LIMIT_MAX = 100_000_000;

export const COMPANY_MESSAGES = {
  alreadyMember: 'You already belong to a company',
  lastAdmin: 'A company needs at least one company admin',
  ownRole: 'You cannot change your own role',
  invitationUsed: 'This invitation has already been used',
  invitationExpired: 'This invitation has expired',
  invitationRevoked: 'This invitation was revoked',
  invitationOtherEmail: 'This invitation is for another email address; sign in with that address to accept it',
  alreadyInvited: 'This person already has an open invitation',
  creditLimitExceeded: 'Credit limit exceeded',
  noTerms: 'Your company does not pay on account; pay by card',
  notInCompany: 'Only members of a company can pay on account',
  ownOrder: 'You cannot approve or reject your own order',
  shopAdminOnly: 'Only the shop sets payment terms, credit limits and company prices',
} as const;

/** Dollars as written in a form or a body: positive, at most two decimals. */
const dollarsSchema = (label: string, max = COMPANY_LIMIT_MAX) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(max, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`);

const companyNameSchema = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(COMPANY_NAME_MAX_LENGTH, `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`);

/** `POST /api/companies`: the caller becomes its company admin. */
export const companyCreateSchema = z.object({
  name: companyNameSchema,
  taxId: optionalTextSchema('Tax id', TAX_ID_MAX_LENGTH),
  billingAddress: shippingAddressSchema,
});
export type CompanyCreateValues = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

/**
 * `PATCH /api/companies/:id`. A company admin may change name, tax id and billing address; only a
 * shop admin may change `paymentTerms`, `creditLimit` (dollars) and `discountPercent` (null
 * removes them). The server answers 403 naming the field when anyone else sends those.
 */
export const companyUpdateSchema = z.object({
  name: companyNameSchema.optional(),
  taxId: optionalTextSchema('Tax id', TAX_ID_MAX_LENGTH).nullable(),
  billingAddress: shippingAddressSchema.optional(),
  paymentTerms: z
    .enum(PAYMENT_TERMS, { error: `paymentTerms must be one of ${PAYMENT_TERMS.join(', ')} or null` })
    .nullable()
    .optional(),
  creditLimit: dollarsSchema('Credit limit').nullable().optional(),
  discountPercent: z
    .number({ error: 'Discount must be a number' })
    .int('Discount must be a whole percent')
    .min(1, 'Discount must be at least 1%')
    .max(90, 'Discount must be at most 90%')
    .nullable()
    .optional(),
  /** Issue 30: a shop admin records the company's tax exemption certificate (null removes it). */
  taxExemption: taxExemptionInputSchema.nullable().optional(),
});
export type CompanyUpdateValues = z.input<typeof companyUpdateSchema>;
export type CompanyUpdate = z.output<typeof companyUpdateSchema>;
export const SHOP_ADMIN_COMPANY_FIELDS = ['paymentTerms', 'creditLimit', 'discountPercent', 'taxExemption'] as const;

/** A company as answered. Money in dollars; `creditUsed` is what open account orders hold. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  billingAddress: shippingAddressAnswerSchema,
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  creditLimit: z.number().nullable(),
  creditUsed: z.number(),
  discountPercent: z.number().int().nullable(),
  createdAt: z.string(),
  /** The caller's role in it (null for a shop admin who is not a member). */
  myRole: z.enum(COMPANY_ROLES).nullable(),
  /** Issue 29: the caller's per-order spending limit in it, in dollars (null: no limit, or not a member), so the checkout warns before an order goes to an approver. */
  mySpendingLimit: z.number().nullable(),
  memberCount: z.number().int(),
  /** Issue 30: the exemption certificate a shop admin recorded (null: none), and the VAT number's last check. */
  taxExemption: taxExemptionSchema.nullable().optional(),
  vatCheck: vatCheckSchema.optional(),
});
export type Company = z.infer<typeof companySchema>;

/** `GET /api/companies` (shop admins): `q` matches the name. */
export const companyListQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars per order; null = unlimited. */
  spendingLimit: z.number().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

const roleSchema = z.enum(COMPANY_ROLES, { error: `role must be one of ${COMPANY_ROLES.join(', ')}` });

/** `PATCH /api/companies/:id/members/:userId`; `spendingLimit: null` removes the limit. */
export const memberUpdateSchema = z.object({
  role: roleSchema.optional(),
  spendingLimit: dollarsSchema('Spending limit').nullable().optional(),
});
export type MemberUpdateValues = z.input<typeof memberUpdateSchema>;

export const memberParamsSchema = z.object({ id: z.string(), userId: z.string() });

/** `POST /api/companies/:id/invitations`. */
export const invitationCreateSchema = z.object({ email: emailSchema, role: roleSchema });
export type InvitationCreateValues = z.input<typeof invitationCreateSchema>;

export const INVITATION_STATUSES = ['open', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as its company's admins see it (never the token). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/invitations/:token`: what the invitation page shows (anyone holding the link). */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationParamsSchema = z.object({ id: z.string(), invitationId: z.string() });
export const tokenParamsSchema = z.object({ token: z.string().max(200, 'token is not valid') });

/** A shipping address kept on the company, picked at checkout. */
export const companyAddressInputSchema = z.object({
  label: z
    .string({ error: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(ADDRESS_LABEL_MAX_LENGTH, `Label must be at most ${ADDRESS_LABEL_MAX_LENGTH} characters`),
  address: shippingAddressSchema,
});
export type CompanyAddressValues = z.input<typeof companyAddressInputSchema>;
export const companyAddressSchema = z.object({ id: z.string(), label: z.string(), address: shippingAddressAnswerSchema });
export type CompanyAddress = z.infer<typeof companyAddressSchema>;
export const addressParamsSchema = z.object({ id: z.string(), addressId: z.string() });

/** `PUT /api/companies/:id/prices/:productId` (shop admins): the company's fixed unit price in dollars, up to 4 decimals (issue 30). */
export const companyPriceInputSchema = z.object({ price: unitPriceSchema('Price', PRODUCT_PRICE_MAX_E4) });
export const companyPriceSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The company's price and the catalogue's list price, in dollars. */
  price: z.number(),
  listPrice: z.number(),
});
export type CompanyPrice = z.infer<typeof companyPriceSchema>;
export const priceParamsSchema = z.object({ id: z.string(), productId: z.string() });

/** `POST /api/purchase/:id/reject`. */
export const orderRejectSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(REJECTION_REASON_MAX_LENGTH, `Reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters`),
});
export type OrderRejectValues = z.input<typeof orderRejectSchema>;

/** `POST /api/purchase/:id/mark-paid` (shop admins): the bank transfer's reference. */
export const markPaidSchema = z.object({
  reference: z
    .string({ error: 'Reference is required' })
    .trim()
    .min(1, 'Reference is required')
    .max(PAYMENT_REFERENCE_MAX_LENGTH, `Reference must be at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters`),
});
export type MarkPaidValues = z.input<typeof markPaidSchema>;

/** The due date of an invoice issued at `issuedAt` on `terms` (UTC calendar days). */
export function dueDateFor(issuedAt: string, terms: PaymentTerms): string {
  return new Date(Date.parse(issuedAt) + PAYMENT_TERMS_DAYS[terms] * 86_400_000).toISOString();
}
