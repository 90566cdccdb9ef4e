import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { companyQueries } from '@/features/companies/api/company-queries';
import { CompanyAddresses } from '@/features/companies/components/company-addresses';
import { CompanyForm } from '@/features/companies/components/company-form';
import { CompanyMembers } from '@/features/companies/components/company-members';
import { CompanyProfile } from '@/features/companies/components/company-profile';
import { CompanyTerms } from '@/features/companies/components/company-terms';
import { InvitationList } from '@/features/companies/components/invitation-list';
import { InviteMemberForm } from '@/features/companies/components/invite-member-form';

/**
 * `/dashboard/company`: without a company, the form that creates one (the caller becomes its company
 * admin). With one: its profile, members, invitations (company admins), shipping addresses, and the
 * terms and prices agreed with the shop.
 */
export function Component() {
  const session = useSession();
  const mine = useQuery(companyQueries.mine());
  const myEmail = session.data?.user.email ?? '';

  if (mine.isPending) return <PageSpinner label="Loading your company" />;
  if (mine.isError) return <LoadFailure error={mine.error} onRetry={mine.refetch} />;
  const company = mine.data;

  if (!company) {
    return (
      <section className="max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Create a company</h1>
        <p>
          Buy for your company: invite colleagues, set spending limits with approval, keep shipping addresses, and pay on account once the shop grants your
          company terms. You become its company admin. Invited by a colleague? Open the link in their mail instead.
        </p>
        <CompanyForm onSaved={(created) => toast.success(`${created.name} created: you are its company admin`)} />
      </section>
    );
  }

  const isAdmin = company.myRole === 'admin';
  return (
    <div className="max-w-5xl space-y-10">
      <h1 className="text-2xl font-bold break-words">{company.name}</h1>
      <CompanyProfile company={company} />
      <CompanyMembers company={company} myEmail={myEmail} />
      {isAdmin && (
        <section aria-labelledby="invitations-title" className="space-y-3">
          <h2 id="invitations-title" className="text-xl font-semibold">
            Invitations
          </h2>
          <InviteMemberForm companyId={company.id} />
          <InvitationList companyId={company.id} />
        </section>
      )}
      <CompanyAddresses company={company} />
      <CompanyTerms company={company} />
    </div>
  );
}
