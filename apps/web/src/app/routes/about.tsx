import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { sellerAddressText } from '@/components/ui/seller-address';
import { authQueries } from '@/features/auth/api/auth-queries';

/** `/about`: who the shop is and how ordering works today (issue 33); the contact details are the seller record's (issue 30). */
export function Component() {
  const config = useQuery(authQueries.config());
  const contact = config.data?.contact;
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">About us</h1>
      <p>
        bulkparts sells industrial parts in bulk to businesses: bolts, nuts, bearings, fittings and more, from each part's minimum (at least 50 pieces) to 1,000
        pieces an order line.
      </p>
      <p>
        The more pieces a line holds, the less each piece costs: every part shows its quantity breaks. For more than 1,000 pieces, or a price of your own,{' '}
        <Link to="/quotes/new" className="link link-primary">
          request a quote
        </Link>{' '}
        and order at the prices we answer.
      </p>
      <p>
        Buy as a company: invite your colleagues, set who may spend how much and who approves larger orders, keep your shipping addresses, and, with terms
        agreed, pay on account by invoice at 30 or 60 days. Company prices and discounts show to every member.
      </p>
      <p>
        Reorder fast: paste a list from a spreadsheet into the{' '}
        <Link to="/quick-order" className="link link-primary">
          quick order
        </Link>{' '}
        pad, keep the parts you order every month in requisition lists, and download datasheets and certificates from each product's page.
      </p>
      <p>Every order is confirmed by email, paid by card or on account, and comes with an invoice you can download from My Orders.</p>
      {contact && (
        <p>
          {contact.legalName}: you will find us at <span className="break-words">{sellerAddressText(contact)}</span>.
        </p>
      )}
      <p>
        <Link to="/contact" className="link link-primary">
          Contact us
        </Link>
        , read our{' '}
        <Link to="/terms" className="link link-primary">
          terms of sale
        </Link>{' '}
        or{' '}
        <Link to="/products" className="link link-primary">
          browse the products
        </Link>
        .
      </p>
    </section>
  );
}
