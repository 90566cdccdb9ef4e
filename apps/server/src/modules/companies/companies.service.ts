import {
  APPROVING_ROLES,
  COMPANY_ADDRESSES_MAX,
  COMPANY_MESSAGES,
  COMPANY_ROLES,
  dollarsToCents,
  isObjectId,
  SHOP_ADMIN_COMPANY_FIELDS,
  type Company,
  type CompanyAddress,
  type CompanyCreate,
  type CompanyListQuery,
  type CompanyRole,
  type CompanyUpdate,
  type Member,
  type MemberUpdateValues,
  type ShippingAddress,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import { pageOffset } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { Units } from '../../db/unit-of-work.js';
import type { CatalogueCache } from '../products/catalogue-cache.js';
import type { ProductsService } from '../products/products.service.js';
import type { UsersService } from '../users/users.service.js';
import type { CompaniesRepository, CompanyChanges, CompanyRow, MemberChanges } from './companies.repository.js';
import { createCompanyAccess } from './company-access.js';
import type { CompanyAddressesRepository, CompanyPricesRepository } from './company-addresses.repository.js';
import type { PriceBook } from '../products/price-book.js';
import type { CompanyDirectory, InvoiceParty, Membership } from './company-directory.js';
import type { InvitationsRepository } from './company-invitations.repository.js';
import { exemptionOf, roleOf, storedAddress, termsOf, toAddress, toCompany, toMember, vatCheckOf } from './company-view.js';
import type { VatChecker } from '../tax/vat-checker.js';
import { createCompanyTaxSteps } from './company-tax.js';
import { createCompanyPricesService } from './company-prices.service.js';
import { createInvitationsService } from './invitations.service.js';

export interface CompaniesDeps {
  repos: {
    companies: CompaniesRepository;
    invitations: InvitationsRepository;
    addresses: CompanyAddressesRepository;
    prices: CompanyPricesRepository;
  };
  /** Members' names and emails; who an invited address belongs to. */
  users: Pick<UsersService, 'usersByIds' | 'identityByEmail'>;
  /** A fixed price names an existing product; its list price and name are shown beside it. */
  products: Pick<ProductsService, 'findMany'>;
  /** The units invitations are made in (invitations.service.ts). */
  units: Units;
  /** Cleared after a company's discount or fixed prices change (members' catalogue answers hold them). */
  catalogueCache: Pick<CatalogueCache, 'clear'>;
  /** What the company's open account orders hold (the orders module sums them). */
  creditUsedCents: (companyId: string) => Promise<number>;
  /** Issue 30: checks a VAT number (modules/tax/vat-checker.ts); absent: numbers stay unverified. */
  vatChecker?: VatChecker | undefined;
  /** Issue 30: the shop admins mailed 30 days before an exemption certificate expires. */
  shopAdminEmails?: (() => Promise<string[]>) | undefined;
  mailer?: { send(message: { to: string; subject: string; text: string; html: string }): Promise<void> } | undefined;
  publicUrl?: string | undefined;
  /** The clock (tests move it past an invitation's date). */
  now?: () => Date;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Dollars as cents; the shared schemas allow two decimals only, so this never drops a cent. */
const cents = (dollars: number) => dollarsToCents(dollars)!;

/**
 * Company accounts (issue 18, ADR 0018): companies, members and roles, addresses and company
 * prices, plus the `CompanyDirectory` that orders, cart, products and quotes ask. Who may do what
 * is `company-access.ts`; invitations are `invitations.service.ts`, company prices `company-prices.service.ts`.
 */
export function createCompaniesService(deps: CompaniesDeps) {
  const { repos, users, catalogueCache, creditUsedCents, now = () => new Date() } = deps;
  const repo = repos.companies;
  const access = createCompanyAccess(repo);

  async function companyJson(row: CompanyRow, myRole: CompanyRole | null, mySpendingLimitCents: number | null = null): Promise<Company> {
    const [creditUsed, counts] = await Promise.all([creditUsedCents(row.id), repo.memberCounts([row.id])]);
    return toCompany(row, { creditUsedCents: creditUsed, memberCount: counts.get(row.id) ?? 0, myRole, mySpendingLimitCents });
  }

  async function memberJson(companyId: string, userId: string): Promise<Member> {
    const row = await repo.findMember(companyId, userId);
    if (!row) throw notFound('Member');
    const [identity] = await users.usersByIds([userId]);
    return toMember(row, identity);
  }

  async function emailsOf(companyId: string, roles: readonly CompanyRole[]): Promise<string[]> {
    const ids = await repo.memberIdsIn(companyId, roles);
    return (await users.usersByIds(ids)).map((u) => u.email).sort();
  }

  const directory: CompanyDirectory = {
    async membershipOf(userId: string): Promise<Membership | null> {
      const row = await repo.membershipOf(userId);
      if (!row) return null;
      return {
        companyId: row.company_id,
        companyName: row.company_name,
        role: roleOf(row.role),
        spendingLimitCents: row.spending_limit_cents === null ? null : Number(row.spending_limit_cents),
        paymentTerms: termsOf(row.payment_terms),
        creditLimitCents: row.credit_limit_cents === null ? null : Number(row.credit_limit_cents),
      };
    },

    async priceBookFor(userId: string, productIds: readonly string[]): Promise<PriceBook | null> {
      const row = await repo.membershipOf(userId);
      if (!row) return null;
      const fixed = await repos.prices.list(row.company_id, [...new Set(productIds)]);
      const discountPercent = row.discount_percent === null ? null : Number(row.discount_percent);
      if (!discountPercent && fixed.length === 0) return null;
      return { companyId: row.company_id, discountPercent, fixedE4: new Map(fixed.map((p) => [p.product_id, Number(p.price_e4)])) };
    },

    async priceListFor(userId: string): Promise<PriceBook | null> {
      const row = await repo.membershipOf(userId);
      if (!row) return null;
      const fixed = await repos.prices.list(row.company_id);
      const discountPercent = row.discount_percent === null ? null : Number(row.discount_percent);
      if (!discountPercent && fixed.length === 0) return null;
      return { companyId: row.company_id, discountPercent, fixedE4: new Map(fixed.map((p) => [p.product_id, Number(p.price_e4)])) };
    },

    async priceListKey(userId: string): Promise<string | null> {
      const row = await repo.priceListOf(userId);
      if (!row) return null;
      return row.discount_percent || Number(row.has_prices) === 1 ? row.company_id : null;
    },

    approverEmails: (companyId: string) => emailsOf(companyId, APPROVING_ROLES),
    adminEmails: (companyId: string) => emailsOf(companyId, ['admin']),
    memberIdsOf: (companyId: string) => repo.memberIdsIn(companyId, COMPANY_ROLES),
    knownCompanyIds: async (ids: readonly string[]) => new Set(await repo.existingIds(ids.filter(isObjectId))),

    async taxProfile(companyId: string) {
      const row = await repo.findById(companyId);
      if (!row) return null;
      // The decision's VatCheck only: the stored check's `note` is the company page's, and
      // `GET /api/tax/context` answers this profile under a schema without it (an extra key was a 500).
      const { status, checkedAt, requestIdentifier } = vatCheckOf(row.vat_check);
      return { vatNumber: row.tax_id, vatCheck: row.tax_id ? { status, checkedAt, requestIdentifier } : null, exemption: exemptionOf(row.tax_exemption) };
    },

    async invoiceParty(companyId: string): Promise<InvoiceParty | null> {
      const row = await repo.findById(companyId);
      return row ? { name: row.name, taxId: row.tax_id, billingAddress: storedAddress(row.billing_address) as ShippingAddress } : null;
    },
  };

  const tax = createCompanyTaxSteps({
    repo,
    vatChecker: deps.vatChecker,
    shopAdminEmails: deps.shopAdminEmails,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now,
  });

  return {
    ...directory,
    /** Issue 30: the background rounds (VAT numbers rechecked, exemption certificates about to expire). */
    sweepTax: tax.sweep,
    ...createInvitationsService({ ...deps, access, companyJson }),
    ...createCompanyPricesService({ ...deps, access }),

    /** `POST /api/companies`: the caller becomes its company admin; 409 when they already belong to one. */
    async create(input: CompanyCreate, user: SessionUser): Promise<Company> {
      if (await repo.findMembership(user.id)) throw conflict(COMPANY_MESSAGES.alreadyMember);
      const iso = now().toISOString();
      const row: CompanyRow = {
        id: newId(),
        name: input.name,
        tax_id: input.taxId ?? null,
        billing_address: JSON.stringify(input.billingAddress),
        payment_terms: null,
        credit_limit_cents: null,
        discount_percent: null,
        tax_exemption: null,
        vat_check: input.taxId ? await tax.checkJson(input.taxId) : null,
        created_by: user.id,
        created_at: iso,
        updated_at: iso,
      };
      const outcome = await repo.create(row, { user_id: user.id, company_id: row.id, role: 'admin', spending_limit_cents: null, created_at: iso });
      if (outcome === 'already-member') throw conflict(COMPANY_MESSAGES.alreadyMember);
      return toCompany(row, { creditUsedCents: 0, memberCount: 1, myRole: 'admin' });
    },

    /**
     * Issue 32: the company a shop admin sets punchout up for (404 to outsiders, 403 to its own
     * members, as company prices), with what punchout checks: its name and payment terms.
     */
    async forShopAdmin(id: string, user: SessionUser): Promise<{ id: string; name: string; hasPaymentTerms: boolean }> {
      const { company } = await access.shopAdmin(id, user);
      return { id: company.id, name: company.name, hasPaymentTerms: termsOf(company.payment_terms) !== null };
    },

    /** Issue 32: whether the account is a member of the company (the punchout member must be one). */
    async isMember(companyId: string, userId: string): Promise<boolean> {
      return (await repo.findMember(companyId, userId)) !== undefined;
    },

    /** Issue 32: company names by id (the punchout log names each document's company); unknown ids are left out. */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await Promise.all([...new Set(ids)].map((id) => repo.findById(id)));
      return new Map(rows.filter((r): r is CompanyRow => r !== undefined).map((r) => [r.id, r.name]));
    },

    /** `GET /api/companies/me`: the caller's company (404 when none). */
    async mine(user: SessionUser): Promise<Company> {
      const membership = await repo.findMembership(user.id);
      const row = membership && (await repo.findById(membership.company_id));
      if (!membership || !row) throw notFound('Company');
      return companyJson(row, roleOf(membership.role), membership.spending_limit_cents === null ? null : Number(membership.spending_limit_cents));
    },

    /** `GET /api/companies` (shop admins): by name; `q` matches the name. */
    async list(query: CompanyListQuery, user: SessionUser): Promise<{ items: Company[]; total: number }> {
      const [rows, total, membership] = await Promise.all([
        repo.list(query.q, pageOffset(query.page, query.limit), query.limit),
        repo.count(query.q),
        repo.findMembership(user.id),
      ]);
      const [counts, used] = await Promise.all([repo.memberCounts(rows.map((r) => r.id)), Promise.all(rows.map((r) => creditUsedCents(r.id)))]);
      const items = rows.map((r, i) =>
        toCompany(r, {
          creditUsedCents: used[i]!,
          memberCount: counts.get(r.id) ?? 0,
          myRole: membership?.company_id === r.id ? roleOf(membership.role) : null,
        }),
      );
      return { items, total };
    },

    async get(id: string, user: SessionUser): Promise<Company> {
      const { company, role } = await access.seen(id, user);
      return companyJson(company, role);
    },

    /**
     * `PATCH /api/companies/:id`: a company admin changes name, tax id and billing address; terms,
     * credit limit and discount only a shop admin (anyone else sending them: 403 naming each).
     */
    async update(id: string, input: CompanyUpdate, user: SessionUser): Promise<Company> {
      const { company, role, shopAdmin } = await access.seen(id, user);
      if (!shopAdmin) {
        const sent = SHOP_ADMIN_COMPANY_FIELDS.filter((f) => input[f] !== undefined);
        if (sent.length)
          throw new AppError('FORBIDDEN', COMPANY_MESSAGES.shopAdminOnly, Object.fromEntries(sent.map((f) => [f, COMPANY_MESSAGES.shopAdminOnly])));
        if (role !== 'admin') throw new AppError('FORBIDDEN', 'Only a company admin can change the company');
      }
      const changes: CompanyChanges = { updated_at: now().toISOString() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.taxId !== undefined) changes.tax_id = input.taxId;
      if (input.billingAddress !== undefined) changes.billing_address = JSON.stringify(input.billingAddress);
      if (input.paymentTerms !== undefined) changes.payment_terms = input.paymentTerms;
      if (input.creditLimit !== undefined) changes.credit_limit_cents = input.creditLimit === null ? null : cents(input.creditLimit);
      if (input.discountPercent !== undefined) changes.discount_percent = input.discountPercent;
      if (input.taxExemption !== undefined)
        changes.tax_exemption = input.taxExemption === null ? null : JSON.stringify({ ...input.taxExemption, region: input.taxExemption.region ?? null });
      // Issue 30: a new VAT number is checked as it is saved (its old check no longer says anything about it).
      if (input.taxId !== undefined && input.taxId !== company.tax_id) changes.vat_check = input.taxId ? await tax.checkJson(input.taxId) : null;
      await repo.update(id, changes);
      // Members' catalogue answers are cached per price list: a new discount must show at once.
      if (input.discountPercent !== undefined && input.discountPercent !== company.discount_percent) catalogueCache.clear();
      return companyJson((await repo.findById(id)) ?? company, role);
    },

    /** `GET /api/companies/:id/members`: any member or a shop admin; oldest first. */
    async members(id: string, user: SessionUser): Promise<Member[]> {
      await access.seen(id, user);
      const rows = await repo.members(id);
      const identities = new Map((await users.usersByIds(rows.map((r) => r.user_id))).map((u) => [u.id, u]));
      return rows.map((r) => toMember(r, identities.get(r.user_id)));
    },

    /** `PATCH /api/companies/:id/members/:userId`: nobody changes their own role; the last company admin keeps theirs. */
    async updateMember(id: string, userId: string, input: MemberUpdateValues, user: SessionUser): Promise<Member> {
      await access.managed(id, user);
      if (input.role !== undefined && userId === user.id) {
        const self = await repo.findMember(id, userId);
        if (self && self.role !== input.role) throw conflict(COMPANY_MESSAGES.ownRole);
      }
      const changes: MemberChanges = {};
      if (input.role !== undefined) changes.role = input.role;
      if (input.spendingLimit !== undefined) changes.spending_limit_cents = input.spendingLimit === null ? null : cents(input.spendingLimit);
      const outcome = await repo.updateMember(id, userId, changes);
      if (outcome === 'not-found') throw notFound('Member');
      if (outcome === 'last-admin') throw conflict(COMPANY_MESSAGES.lastAdmin);
      return memberJson(id, userId);
    },

    /** `DELETE /api/companies/:id/members/:userId`: never the last company admin. */
    async removeMember(id: string, userId: string, user: SessionUser): Promise<void> {
      await access.managed(id, user);
      const outcome = await repo.removeMember(id, userId);
      if (outcome === 'not-found') throw notFound('Member');
      if (outcome === 'last-admin') throw conflict(COMPANY_MESSAGES.lastAdmin);
    },

    /**
     * Drops the user's membership inside the account removal's transaction. The last company admin
     * goes too: the account is gone either way, and a shop admin can still manage the company.
     */
    removeMemberIn: (trx: Transaction<DB>, userId: string) => repo.removeMemberIn(trx, userId),

    async addresses(id: string, user: SessionUser): Promise<CompanyAddress[]> {
      await access.seen(id, user);
      return (await repos.addresses.listAddresses(id)).map(toAddress);
    },

    /** `POST /api/companies/:id/addresses` (company admins): at most COMPANY_ADDRESSES_MAX. */
    async addAddress(id: string, input: { label: string; address: CompanyAddress['address'] }, user: SessionUser): Promise<CompanyAddress> {
      await access.managed(id, user, { shopAdmins: false });
      const row = { id: newId(), company_id: id, label: input.label, address: JSON.stringify(input.address), created_at: now().toISOString() };
      if ((await repos.addresses.addAddress(row, COMPANY_ADDRESSES_MAX)) === 'full') {
        throw conflict(`A company keeps at most ${COMPANY_ADDRESSES_MAX} addresses; delete one first`);
      }
      return toAddress(row);
    },

    async removeAddress(id: string, addressId: string, user: SessionUser): Promise<void> {
      await access.managed(id, user, { shopAdmins: false });
      if (!(await repos.addresses.deleteAddress(id, addressId))) throw notFound('Address');
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
