import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGES } from '@bulkparts/shared/messages';
import { centsToDollars, dollarsToCents, e4ToDollars } from '@bulkparts/shared/money';
import { linePrice, pricedProduct } from '@bulkparts/shared/pricing';
import { quantityError, unavailableReason } from '@bulkparts/shared/quantity';
import { PageSpinner } from '@/components/ui/page-spinner';
import { productQueries } from '@/features/products/api/product-queries';
import { localCart, useLocalCart } from '../api/cart-queries';
import { CartLineRow, type CartLineView } from './cart-line-row';
import { CartTable } from './cart-table';
import { NO_BACKORDERS } from '@bulkparts/shared/backorder';
import { EmptyCart } from './empty-cart';

/**
 * A signed-out visitor's cart (kept in this browser): each line priced and checked from the
 * product as the catalogue shows it now; checking out needs an account, and signing in moves these
 * lines into it.
 */
export function LocalCartView() {
  const lines = useLocalCart();
  const products = useQueries({ queries: lines.map((l) => productQueries.detail(l.productId)) });

  if (lines.length === 0) return <EmptyCart />;
  if (products.some((p) => p.isPending)) return <PageSpinner label="Loading your cart" />;

  const views: CartLineView[] = lines.map((line, i) => {
    const product = products[i]?.data;
    // The server prices the same way once these lines join the account (shared `linePrice`).
    const price = product ? linePrice(pricedProduct(product), line.quantity) : { unitPriceE4: 0, lineTotalCents: 0 };
    return {
      productId: line.productId,
      sku: line.sku,
      name: product?.name ?? line.sku,
      img: product?.img ?? '',
      unitPrice: e4ToDollars(price.unitPriceE4),
      quantity: line.quantity,
      lineTotal: centsToDollars(price.lineTotalCents),
      minimumOrderQuantity: product?.minimumOrderQuantity ?? 0,
      availableQuantity: product?.availableQuantity ?? 0,
      orderMultiple: product?.orderMultiple ?? 1,
      priceTiers: product?.priceTiers ?? [],
      problem: product ? (unavailableReason(product) ?? quantityError(line.quantity, product)) : MESSAGES.productUnavailable,
      backorder: product?.backorder ?? NO_BACKORDERS,
      weightKg: null,
    };
  });

  const subtotalCents = views.reduce((sum, v) => sum + (dollarsToCents(v.lineTotal) ?? 0), 0);
  const actions = (
    <Link to="/login" state={{ from: { pathname: '/cart' } }} className="btn btn-primary">
      Sign in to check out
    </Link>
  );
  return (
    <CartTable lines={views} subtotal={centsToDollars(subtotalCents)} actions={actions}>
      {views.map((line) => (
        <CartLineRow
          key={line.productId}
          line={line}
          busy={false}
          onQuantity={async (quantity) => localCart.set(line.productId, quantity)}
          onRemove={() => localCart.remove(line.productId)}
        />
      ))}
    </CartTable>
  );
}
