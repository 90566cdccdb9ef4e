import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '@/components/ui/page-spinner';
import { LoadFailure } from '@/components/ui/load-failure';
import { SellerAddress } from '@/components/ui/seller-address';
import { authQueries } from '@/features/auth/api/auth-queries';

/** `/contact`: the seller's name, address, phone and email: the seller record (issue 30), the same every invoice prints. */
export function Component() {
  const config = useQuery(authQueries.config());
  if (config.isPending) return <PageSpinner label="Loading the contact details" />;
  if (config.isError) return <LoadFailure error={config.error} onRetry={config.refetch} />;
  const seller = config.data.contact;
  const { phone, email } = seller;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Contact</h1>
      <p className="mb-6">Questions about an order, a quote for a large quantity or a part you cannot find: we answer on working days.</p>
      <address className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 not-italic">
        <span className="font-semibold">Address</span>
        <SellerAddress seller={seller} />
        <span className="font-semibold">Phone</span>
        <a className="link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {phone}
        </a>
        <span className="font-semibold">Email</span>
        <a className="link break-all" href={`mailto:${email}`}>
          {email}
        </a>
      </address>
    </section>
  );
}
