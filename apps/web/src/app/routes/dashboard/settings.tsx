import { useQuery } from '@tanstack/react-query';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RequireAdmin } from '@/features/auth/components/require-auth';
import { settingsQueries } from '@/features/settings/api/settings-queries';
import { SellerForm } from '@/features/settings/components/seller-form';

/**
 * `/dashboard/settings` (shop admins, issue 30): the seller's identity, printed on every invoice,
 * quote and credit note, closing every mail and shown on the Contact and About pages. Loaded
 * lazily by company-area.tsx (the home route's budget has no room for another lazy route).
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Seller details</h1>
        <p className="max-w-prose text-base-content/80">
          Who sells: every invoice, quote and credit note prints these details, every mail closes with them, and the Contact and About pages show the name,
          address, email and phone.
        </p>
        <SellerDetails />
      </div>
    </RequireAdmin>
  );
}

function SellerDetails() {
  const seller = useQuery(settingsQueries.seller());
  if (seller.isPending) return <PageSpinner label="Loading the seller details" />;
  if (seller.isError) return <LoadFailure error={seller.error} onRetry={seller.refetch} />;
  return (
    <>
      {seller.data.updatedAt === null && (
        <p role="note" className="alert alert-info">
          These are the server’s configured values (SHOP_* and SELLER_*): saving keeps them here instead.
        </p>
      )}
      <SellerForm key={seller.data.updatedAt ?? 'configured'} seller={seller.data} />
    </>
  );
}
