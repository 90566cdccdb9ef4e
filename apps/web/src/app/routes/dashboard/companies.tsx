import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth/api/auth-queries';
import { RequireAdmin } from '@/features/auth/components/require-auth';
import { AdminCompanies } from '@/features/companies/components/admin-companies';

/**
 * `/dashboard/companies` (shop admins, issue 18): companies, their payment terms, credit limits,
 * discounts and own prices. The company being managed is in the address (`?id=`), so a reload or
 * a shared link opens it again. Loaded lazily by company-area.tsx.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  return (
    <RequireAdmin>
      <AdminCompanies
        selectedId={params.get('id')}
        onSelect={(id) => setParams(id ? { id } : {}, { replace: true })}
        myEmail={session.data?.user.email ?? ''}
      />
    </RequireAdmin>
  );
}
