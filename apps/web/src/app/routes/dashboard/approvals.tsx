import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { APPROVING_ROLES } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PagedList } from '@/components/ui/paged-list';
import { useSession } from '@/features/auth/api/auth-queries';
import { companyQueries } from '@/features/companies/api/company-queries';
import { ApprovalQueue } from '@/features/companies/components/approval-queue';
import { CompanyOrderTable } from '@/features/companies/components/company-order-table';

const PAGE_SIZE = 20;

/** Every order of the company, newest first, a page at a time. */
function CompanyOrders() {
  const [page, setPage] = useState(1);
  const orders = useQuery(companyQueries.orders({ page, limit: PAGE_SIZE }));
  return (
    <section aria-labelledby="company-orders-title" className="space-y-3">
      <h2 id="company-orders-title" className="text-xl font-semibold">
        Company orders
      </h2>
      <PagedList
        query={orders}
        loadingLabel="Loading the company’s orders"
        empty={<p className="rounded-box bg-base-200 p-6 text-center">The company has no orders yet.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Company order pages"
      >
        {(items) => <CompanyOrderTable orders={items} />}
      </PagedList>
    </section>
  );
}

/**
 * `/dashboard/approvals` (approvers and company admins): the company's orders over a buyer's spending
 * limit, to approve or reject, then all of the company's orders. Anyone else is told where to look.
 */
export function Component() {
  const session = useSession();
  const mine = useQuery(companyQueries.mine());

  if (mine.isPending) return <PageSpinner label="Loading your company" />;
  if (mine.isError) return <LoadFailure error={mine.error} onRetry={mine.refetch} />;
  const company = mine.data;
  const approves = company?.myRole != null && APPROVING_ROLES.includes(company.myRole);

  return (
    <div className="max-w-6xl space-y-8">
      <h1 className="text-2xl font-bold">Approvals</h1>
      {!company ? (
        <p className="rounded-box bg-base-200 p-6">
          You do not belong to a company.{' '}
          <Link to="/dashboard/company" className="link link-primary">
            Create a company
          </Link>{' '}
          or ask a company admin to invite you.
        </p>
      ) : !approves ? (
        <p className="rounded-box bg-base-200 p-6">
          Orders of {company.name} are approved by its approvers and company admins. Your own orders, and whether they wait for approval, are in{' '}
          <Link to="/dashboard/myorders" className="link link-primary">
            My Orders
          </Link>
          .
        </p>
      ) : (
        <>
          <ApprovalQueue myEmail={session.data?.user.email ?? ''} />
          <CompanyOrders />
        </>
      )}
    </div>
  );
}
