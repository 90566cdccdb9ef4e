import { COMPANY_MESSAGES, type CompanyRole } from '@bulkparts/shared';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompaniesRepository, CompanyRow } from './companies.repository.js';
import { roleOf } from './company-view.js';

/** Who the caller is to a company: its member in a role, a shop admin, or both. */
export interface CompanyAccess {
  company: CompanyRow;
  /** The caller's role in this company (null: not a member of it). */
  role: CompanyRole | null;
  shopAdmin: boolean;
}

/**
 * The companies module's one access rule (issue 18): a company exists only for its members and
 * for shop admins; anyone else, a member of another company included, is told 404. Inside, a
 * company admin (or a shop admin, where the route says so) manages it, and only shop admins set
 * terms and prices; those refusals are 403.
 */
export function createCompanyAccess(repo: Pick<CompaniesRepository, 'findById' | 'findMembership'>) {
  async function seen(companyId: string, user: SessionUser): Promise<CompanyAccess> {
    const [company, membership] = await Promise.all([repo.findById(companyId), repo.findMembership(user.id)]);
    const role = company && membership?.company_id === company.id ? roleOf(membership.role) : null;
    const shopAdmin = user.role === 'admin';
    if (!company || (!role && !shopAdmin)) throw notFound('Company');
    return { company, role, shopAdmin };
  }

  return {
    /** Any member of the company, or a shop admin. */
    seen,

    /** The company's admins; shop admins too unless `shopAdmins: false`. */
    async managed(companyId: string, user: SessionUser, { shopAdmins = true } = {}): Promise<CompanyAccess> {
      const access = await seen(companyId, user);
      if (access.role === 'admin' || (shopAdmins && access.shopAdmin)) return access;
      throw forbidden('Only a company admin can do this');
    },

    /** Shop admins only (terms, credit, company prices). */
    async shopAdmin(companyId: string, user: SessionUser): Promise<CompanyAccess> {
      const access = await seen(companyId, user);
      if (!access.shopAdmin) throw forbidden(COMPANY_MESSAGES.shopAdminOnly);
      return access;
    },
  };
}

export type CompanyAccessRules = ReturnType<typeof createCompanyAccess>;
