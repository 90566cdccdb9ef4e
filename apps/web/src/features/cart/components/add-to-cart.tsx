import { useCallback, useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { parsePastedQuantity } from '@bulkparts/shared/paste-order';
import { formatCount, lineQuantityMax, parseQuantityInput, quantityInputError, smallestOrder, type QuantityLimits } from '@bulkparts/shared/quantity';
import { TextField } from '@/components/ui/form';
import { PriceTierTable, type TierTableProduct } from '@/components/ui/price-tier-table';
import { useSession } from '@/features/auth/api/auth-queries';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useAddCartLines } from '../api/add-cart-lines';
import { localCart } from '../api/cart-queries';

export interface CartProduct {
  _id: string;
  sku: string;
  name: string;
}

/**
 * 'Add to cart' from any page: the server cart when signed in, this browser's cart otherwise.
 * Reports in a toast; resolves to whether the pieces were added.
 */
export function useAddToCart() {
  const session = useSession();
  const add = useAddCartLines();
  const signedIn = Boolean(session.data?.user);
  const addToCart = async (product: CartProduct, quantity: number): Promise<boolean> => {
    try {
      if (signedIn) await add.mutateAsync([{ sku: product.sku, quantity }]);
      else localCart.add({ productId: product._id, sku: product.sku, quantity });
      toast.success('Added to cart');
      return true;
    } catch (err) {
      // A refused bulk add says 'nothing was added'; the line's own message says why.
      const line = err instanceof ApiClientError ? err.lines[0] : undefined;
      toast.error(line?.message ?? errorMessage(err, 'Could not add to the cart. Please try again.'));
      return false;
    }
  };
  return { addToCart, pending: add.isPending };
}

interface AddToCartValues {
  quantity: string;
}

/**
 * A quantity and 'Add to cart' (product cards, product details). The quantity is checked with the
 * shared rule (range, the product's minimum, pack multiple, stock) before anything is sent; the server checks
 * the sum with what the cart already holds. With `tiers` (product details), the product's quantity
 * prices are drawn above it, marking the tier the typed quantity reaches. (The table living in this
 * module's chunk, rather than one of its own, keeps the entry's list of chunks, and so the home
 * route's budget, as it was.)
 */
export function AddToCart({
  product,
  compact = false,
  tiers,
  onTyped,
}: {
  product: CartProduct & QuantityLimits;
  compact?: boolean;
  tiers?: TierTableProduct;
  /** Issue 33: the pieces typed (thousands groups allowed), so the page can carry them into a quote request past 1,000. */
  onTyped?: (pieces: number | null) => void;
}) {
  const { addToCart } = useAddToCart();
  const [added, setAdded] = useState(false);
  const id = useId();
  const resolver = useCallback<Resolver<AddToCartValues>>(
    (values): ResolverResult<AddToCartValues> => {
      const message = quantityInputError(values.quantity, product);
      return message ? { values: {}, errors: { quantity: { type: 'validate', message } } } : { values, errors: {} };
    },
    [product],
  );
  const { register, handleSubmit, formState, control } = useForm<AddToCartValues>({ resolver, defaultValues: { quantity: String(smallestOrder(product)) } });
  const typed = useWatch({ control, name: 'quantity' });
  useEffect(() => onTyped?.(parsePastedQuantity(typed ?? '')), [typed, onTyped]);
  const multiple = product.orderMultiple && product.orderMultiple > 1 ? product.orderMultiple : 1;
  const onSubmit = handleSubmit(async (values) => {
    const quantity = parseQuantityInput(values.quantity);
    if (quantity !== null) setAdded(await addToCart(product, quantity));
  });
  return (
    <form onSubmit={onSubmit} noValidate className={compact ? 'w-full space-y-2' : 'space-y-2'} aria-label={`Add ${product.name} to cart`}>
      {tiers && <PriceTierTable product={tiers} quantity={quantityInputError(typed, product) === null ? parseQuantityInput(typed) : null} />}
      <div className={compact ? 'flex items-start gap-2' : 'flex flex-wrap items-start gap-2'}>
        <TextField
          label={
            <>
              Quantity<span className="sr-only"> of {product.name}</span>
            </>
          }
          id={`cart-qty${id}`}
          className={compact ? 'min-w-0 flex-1' : 'w-40'}
          inputClassName="input input-bordered input-sm w-full"
          hint={
            compact
              ? undefined
              : `${formatCount(smallestOrder(product))} to ${formatCount(lineQuantityMax(product.orderMultiple))} pieces${multiple > 1 ? ` in multiples of ${formatCount(multiple)}` : ''}; more than ${formatCount(ORDER_QUANTITY_MAX)}: request a quote`
          }
          error={formState.errors.quantity}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          registration={register('quantity')}
        />
        <button type="submit" className={`btn btn-outline btn-sm mt-7`} disabled={formState.isSubmitting}>
          Add to cart<span className="sr-only"> {product.name}</span>
        </button>
      </div>
      <p aria-live="polite" className="text-sm">
        {added && (
          <Link to="/cart" className="link">
            View cart
          </Link>
        )}
      </p>
    </form>
  );
}
