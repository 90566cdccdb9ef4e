import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPANY_ADDRESSES_MAX, shippingAddressLines, type Company, type CompanyAddress } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { companyQueries } from '../api/company-queries';
import { useDeleteCompanyAddress } from '../api/delete-company-address';
import { CompanyAddressForm } from './company-address-form';
import { SectionLoading } from './section-loading';

/** The company's shipping addresses (picked at checkout); a company admin adds and deletes them. */
export function CompanyAddresses({ company }: { company: Company }) {
  const addresses = useQuery(companyQueries.addresses(company.id));
  const remove = useDeleteCompanyAddress();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CompanyAddress | null>(null);
  const isAdmin = company.myRole === 'admin';

  function confirmDelete(address: CompanyAddress) {
    setDeleting(null);
    void withToast(
      () => remove.mutateAsync({ companyId: company.id, addressId: address.id }),
      `Address “${address.label}” deleted`,
      'Could not delete the address',
    );
  }

  const full = (addresses.data?.length ?? 0) >= COMPANY_ADDRESSES_MAX;
  return (
    <section aria-labelledby="addresses-title" className="space-y-3">
      <h2 id="addresses-title" className="text-xl font-semibold">
        Shipping addresses
      </h2>
      <p className="text-sm text-base-content/70">Members pick one of these at checkout.</p>
      {addresses.isPending ? (
        <SectionLoading label="Loading addresses" />
      ) : addresses.isError ? (
        <LoadFailure error={addresses.error} onRetry={addresses.refetch} />
      ) : addresses.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-4">No shipping addresses yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Company addresses">
          {addresses.data.map((a) => (
            <li key={a.id} className="space-y-2 rounded-box border border-base-300 p-3">
              <p className="font-semibold break-words">{a.label}</p>
              <address className="text-sm not-italic break-words">
                {shippingAddressLines(a.address).map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {isAdmin && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm border-red-700 text-red-700"
                  disabled={remove.isPending && remove.variables?.addressId === a.id}
                  onClick={() => setDeleting(a)}
                >
                  Delete<span className="sr-only"> address {a.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isAdmin &&
        (adding ? (
          <CompanyAddressForm companyId={company.id} onDone={() => setAdding(false)} />
        ) : (
          <button type="button" className="btn btn-outline" disabled={full} onClick={() => setAdding(true)}>
            Add an address
          </button>
        ))}
      {isAdmin && full && <p className="text-sm">A company keeps at most {COMPANY_ADDRESSES_MAX} addresses; delete one to add another.</p>}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `Delete the address “${deleting.label}”? Orders already placed keep their address.` : undefined}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep it"
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
