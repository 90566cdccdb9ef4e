import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_TERMS_LABELS, type Company } from '@bulkparts/shared';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { DataTable } from '@/components/ui/data-table';
import { LoadFailure } from '@/components/ui/load-failure';
import { companyQueries } from '../api/company-queries';
import { SectionLoading } from './section-loading';

/** One "term: value" line of a description list. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-base-300 py-1 last:border-0">
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What the shop agreed with the company (read-only here; a shop admin sets it): payment terms, the
 * credit limit and what open account orders use of it, the company discount and fixed prices.
 */
export function CompanyTerms({ company }: { company: Company }) {
  const prices = useQuery(companyQueries.prices(company.id));
  const available = company.creditLimit === null ? null : Math.max(0, company.creditLimit - company.creditUsed);
  return (
    <section aria-labelledby="terms-title" className="space-y-4">
      <h2 id="terms-title" className="text-xl font-semibold">
        Payment terms and prices
      </h2>
      <dl className="max-w-md">
        <Item term="Payment terms">
          {company.paymentTerms ? `${PAYMENT_TERMS_LABELS[company.paymentTerms]} (pay on account)` : 'None: orders are paid by card'}
        </Item>
        {company.paymentTerms && (
          <>
            <Item term="Credit limit">{company.creditLimit === null ? 'No limit' : formatDollars(company.creditLimit)}</Item>
            <Item term="Credit used">{formatDollars(company.creditUsed)}</Item>
            {available !== null && <Item term="Available">{formatDollars(available)}</Item>}
          </>
        )}
        <Item term="Company discount">{company.discountPercent === null ? 'None' : `${company.discountPercent}% off list prices`}</Item>
      </dl>
      <p className="text-sm text-base-content/70">
        Terms, credit limit and prices are agreed with the shop; ask us to change them. The prices you see in the shop, your cart and at checkout already
        include your company&rsquo;s prices (the lower of the company price and the quantity price applies).
      </p>
      <h3 className="text-lg font-semibold">Fixed prices</h3>
      {prices.isPending ? (
        <SectionLoading label="Loading company prices" />
      ) : prices.isError ? (
        <LoadFailure error={prices.error} onRetry={prices.refetch} />
      ) : prices.data.length === 0 ? (
        <p>No fixed prices for single products.</p>
      ) : (
        <DataTable
          rows={prices.data}
          rowKey={(p) => p.productId}
          columns={[
            { header: 'SKU', className: 'font-mono break-all', cell: (p) => p.sku },
            { header: 'Product', className: 'break-words', cell: (p) => p.name },
            { header: 'List price', cell: (p) => formatUnitPriceDollars(p.listPrice) },
            { header: 'Your price', cell: (p) => <strong>{formatUnitPriceDollars(p.price)}</strong> },
          ]}
        />
      )}
    </section>
  );
}
