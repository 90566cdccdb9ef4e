import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { RequireAdmin } from '@/features/auth/components/require-auth';
import { companyQueries } from '@/features/companies/api/company-queries';
import { punchoutQueries } from '@/features/punchout/api/punchout-queries';
import { PunchoutSetupForm } from '@/features/punchout/components/punchout-setup-form';

function CompanyPunchout({ companyId }: { companyId: string }) {
  const company = useQuery(companyQueries.detail(companyId));
  const config = useQuery(punchoutQueries.config(companyId));
  if (company.isPending || config.isPending) return <PageSpinner label="Loading the punchout setup" />;
  if (company.isError) return <RecordLoadFailure error={company.error} onRetry={company.refetch} notFound={{ title: 'Company not found' }} />;
  if (config.isError) return <LoadFailure error={config.error} onRetry={config.refetch} />;
  return (
    <div className="space-y-4">
      <p>
        <Link to={`/dashboard/companies?id=${encodeURIComponent(companyId)}`} className="link">
          Back to {company.data.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Punchout of {company.data.name}</h1>
      <p className="max-w-prose text-base-content/80">
        The company’s buyers open the shop from their procurement system, fill a cart at the company’s prices and send it back; their system then sends the
        purchase order, placed on account. Every document is in the <Link to="/dashboard/punchout">punchout log</Link>.
      </p>
      {/* Keyed by the saved setup, so the form starts from what was stored. */}
      <PunchoutSetupForm key={config.data?.updatedAt ?? 'new'} companyId={companyId} companyName={company.data.name} config={config.data} />
    </div>
  );
}

/** `/dashboard/companies/:id/punchout` (shop admins, issue 32): a company's punchout setup. Loaded lazily by company-area.tsx. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireAdmin>
      <CompanyPunchout companyId={id} />
    </RequireAdmin>
  );
}
