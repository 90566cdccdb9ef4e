import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_TERMS_LABELS, shippingAddressLines, type Company } from '@bulkparts/shared';
import { formatDollars, formatNumber } from '@bulkparts/shared/money';
import { DataTable } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { PagedList } from '@/components/ui/paged-list';
import { PageSpinner } from '@/components/ui/page-spinner';
import { SearchField } from '@/components/ui/search-field';
import { companyQueries } from '../api/company-queries';
import { AdminCompanyPrices } from './admin-company-prices';
import { AdminCompanyTermsForm } from './admin-company-terms-form';
import { CompanyTaxStatus } from './company-tax-status';
import { TaxExemptionForm } from './tax-exemption-form';
import { CompanyMembers } from './company-members';

const PAGE_SIZE = 20;

const termsOf = (c: Company) => (c.paymentTerms ? PAYMENT_TERMS_LABELS[c.paymentTerms] : 'None');
const creditOf = (c: Company) => `${formatDollars(c.creditUsed)} of ${c.creditLimit === null ? 'no limit' : formatDollars(c.creditLimit)}`;

/**
 * One company as the shop manages it: its profile (read-only), terms, credit limit and discount,
 * its own prices, and its members (read-only: the company's admins run them). The heading takes
 * the focus when it opens, so keyboard and screen-reader users land on what they chose.
 */
export function AdminCompanyPanel({ companyId, myEmail, onClose }: { companyId: string; myEmail: string; onClose: () => void }) {
  const company = useQuery(companyQueries.detail(companyId));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = company.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, companyId]);

  let body;
  if (company.isPending) body = <PageSpinner label="Loading the company" />;
  else if (company.isError) body = <LoadFailure error={company.error} onRetry={company.refetch} />;
  else {
    const c = company.data;
    body = (
      <>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold break-words">
            {c.name}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close<span className="sr-only"> {c.name}</span>
          </button>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">Tax id</dt>
          <dd className="break-all">{c.taxId ?? '—'}</dd>
          <dt className="text-base-content/70">Billing address</dt>
          <dd className="break-words">{shippingAddressLines(c.billingAddress).join(', ')}</dd>
          <dt className="text-base-content/70">Credit used</dt>
          <dd>{creditOf(c)}</dd>
          <dt className="text-base-content/70">Customer since</dt>
          <dd>{new Date(c.createdAt).toLocaleDateString()}</dd>
        </dl>
        {/* Keyed by the company, so its saved figures fill the form again when another opens. */}
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <CompanyTaxStatus company={c} />
        </dl>
        <AdminCompanyTermsForm key={c.id} company={c} />
        <TaxExemptionForm key={`tax-${c.id}`} company={c} />
        <AdminCompanyPrices company={c} />
        <CompanyMembers company={c} myEmail={myEmail} />
      </>
    );
  }
  return (
    <section aria-label="Company details" className="space-y-6 rounded-box border border-base-300 p-4">
      {body}
    </section>
  );
}

/**
 * `/dashboard/companies` (shop admins, issue 18): every company, searched by name, a page at a
 * time, with its terms, credit and discount; 'Manage' opens one (`selectedId`).
 */
export function AdminCompanies({ selectedId, onSelect, myEmail }: { selectedId: string | null; onSelect: (id: string | null) => void; myEmail: string }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const companies = useQuery(companyQueries.list({ q: q.trim() || undefined, page, limit: PAGE_SIZE }));

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Companies</h1>
      <SearchField label="Search companies" placeholder="Company name" className="max-w-xs" value={q} onChange={(v) => (setQ(v), setPage(1))} />
      <PagedList
        query={companies}
        loadingLabel="Loading companies"
        empty={<p>{q.trim() ? 'No company matches this search.' : 'No company has been created yet.'}</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        pagesLabel="Company pages"
      >
        {(items) => (
          <DataTable
            rows={items}
            rowKey={(c) => c.id}
            columns={[
              {
                header: 'Company',
                className: 'break-words',
                cell: (c) => (
                  <>
                    <span className="block font-semibold">{c.name}</span>
                    {c.taxId && <span className="block text-xs break-all">Tax id {c.taxId}</span>}
                  </>
                ),
              },
              { header: 'Members', cell: (c) => formatNumber(c.memberCount) },
              { header: 'Terms', cell: termsOf },
              { header: 'Credit used', cell: creditOf },
              { header: 'Discount', cell: (c) => (c.discountPercent ? `${c.discountPercent}%` : 'None') },
              {
                header: 'Actions',
                cell: (c) => (
                  <div className="flex flex-wrap gap-1">
                    <button
                      type="button"
                      className={`btn btn-xs ${c.id === selectedId ? 'btn-primary' : 'btn-outline'}`}
                      aria-pressed={c.id === selectedId}
                      onClick={() => onSelect(c.id === selectedId ? null : c.id)}
                    >
                      Manage<span className="sr-only"> {c.name}</span>
                    </button>
                    {/* Issue 32: its punchout setup. */}
                    <Link to={`/dashboard/companies/${encodeURIComponent(c.id)}/punchout`} className="btn btn-ghost btn-xs">
                      Punchout<span className="sr-only"> of {c.name}</span>
                    </Link>
                  </div>
                ),
              },
            ]}
          />
        )}
      </PagedList>
      {selectedId && <AdminCompanyPanel companyId={selectedId} myEmail={myEmail} onClose={() => onSelect(null)} />}
    </section>
  );
}
