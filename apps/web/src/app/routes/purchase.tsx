import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { unavailableReason } from '@bulkparts/shared/quantity';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { ConfirmEmailToOrder } from '@/features/auth/components/confirm-email-to-order';
import { useAddToCart } from '@/features/cart/components/add-to-cart';
import { OrderDetailsFields, orderDetailsDefaults } from '@/features/cart/components/order-details-fields';
import { companyQueries } from '@/features/companies/api/company-queries';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { PurchaseForm } from '@/features/orders/components/purchase-form';
import { ShippingOptions } from '@/features/cart/components/shipping-options';
import { productQueries } from '@/features/products/api/product-queries';
import { profileQueries } from '@/features/profile/api/profile-queries';

/**
 * `/purchase/:id` (signed in): choose a quantity and place the order; then My Orders. Issue 29: one
 * checkout for every path, so the order also gets the checkout's ship-to (pre-filled with the
 * buyer's last one), PO number, note and, for a company on terms, the payment choice.
 */
export function Component() {
  const { id = '' } = useParams();
  const product = useQuery(productQueries.detail(id));
  const session = useSession();
  const navigate = useNavigate();
  const { addToCart } = useAddToCart();
  // A failed profile read only loses the pre-filled ship-to; a failed company read the company's
  // addresses and the payment choice (card is the default), as at checkout.
  const profile = useQuery(profileQueries.own());
  const company = useQuery(companyQueries.mine());
  const companyId = company.data?.id ?? '';
  const addresses = useQuery({ ...companyQueries.addresses(companyId), enabled: companyId !== '' });

  // The form's starting values are read once, so it waits for the ship-to it starts with.
  if (product.isPending || profile.isPending || company.isPending) return <PageSpinner label="Loading the product" />;
  if (product.isError) return <RecordLoadFailure error={product.error} onRetry={product.refetch} notFound={{ title: 'Product not found' }} />;

  const p = product.data;
  // An archived product opened by an old link or 'Buy again': said plainly, and no form to fill.
  if (p.archived) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{p.name}</h1>
        <p className="py-4 font-semibold text-red-700">{unavailableReason(p)}</p>
        <Link to="/products" className="btn btn-primary">
          Browse products
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Purchase</h1>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="space-y-4">
          <figure className="rounded-box bg-base-200 p-6">
            <img src={p.img} alt={p.name} width="400" height="300" className="mx-auto h-56 w-full object-contain md:h-72" />
          </figure>
          {p.description && <p className="whitespace-pre-line break-words">{p.description}</p>}
        </div>
        {/* Keyed by product: a new product is a new form, with its own default and idempotency key. */}
        {session.data?.user && !session.data.user.emailVerified ? (
          <ConfirmEmailToOrder email={session.data.user.email} />
        ) : (
          <PurchaseForm
            key={p._id}
            product={p}
            email={session.data?.user.email ?? ''}
            defaultDetails={orderDetailsDefaults(profile.data?.shippingAddress ?? null, profile.data?.name ?? session.data?.user.name ?? '')}
            shippingPicker={(line, onCharge) => <ShippingOptions line={line} onCharge={onCharge} />}
            details={(total, backordered) => (
              <OrderDetailsFields
                idPrefix="purchase"
                company={company.data ?? null}
                companyAddresses={addresses.data ?? []}
                total={total}
                backordered={backordered}
              />
            )}
            onPurchased={() => navigate('/dashboard/myorders')}
            onAddToCart={(quantity) => addToCart(p, quantity)}
            quoteLink={(quantity) => (
              <>
                Need more than 1,000?{' '}
                <Link to={`/quotes/new?${new URLSearchParams({ productId: p._id, quantity: String(quantity) })}`} className="link link-primary">
                  Request a quote
                </Link>
              </>
            )}
          />
        )}
      </div>
    </section>
  );
}
