import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { APPROVING_ROLES } from '@bulkparts/shared';
import { companyQueries } from '@/features/companies/api/company-queries';

/**
 * The dashboard menu's 'Approvals' item, for approvers and company admins (`GET /api/companies/me`
 * `myRole`). The menu loads it lazily: imported by the menu itself, the company read's chunk
 * would be named in the first download (scripts/check-bundle-size.mjs has no room for it).
 */
export function Component() {
  const myRole = useQuery(companyQueries.mine()).data?.myRole;
  if (!myRole || !APPROVING_ROLES.includes(myRole)) return null;
  return (
    <li>
      <NavLink to="/dashboard/approvals" className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        Approvals
      </NavLink>
    </li>
  );
}
