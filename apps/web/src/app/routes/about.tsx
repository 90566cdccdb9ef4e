import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authQueries } from '@/features/auth/api/auth-queries';

/** `/about`: who the shop is and how ordering works; the contact details come from the server's settings. */
export function Component() {
  const config = useQuery(authQueries.config());
  const contact = config.data?.contact;
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">About us</h1>
      <p>
        bulkparts sells industrial parts in bulk to businesses: bolts, nuts, bearings, fittings and more, from 50 to 1000 pieces an order, at one price per
        piece whatever the quantity.
      </p>
      <p>Every order is confirmed by email, can be paid by card, and comes with an invoice you can download from My Orders.</p>
      {contact && (
        <p>
          You will find us at <span className="break-words">{contact.address}</span>.
        </p>
      )}
      <p>
        <Link to="/contact" className="link link-primary">
          Contact us
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
