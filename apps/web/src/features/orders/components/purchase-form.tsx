import { useCallback, useState } from 'react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES, ORDER_QUANTITY_MAX, type Order, type Product } from '@bulkparts/shared';
import { dollarsToCents, formatCents, lineTotalCents } from '@bulkparts/shared/money';
import { effectiveMinimum, formatCount, parseQuantityInput, quantityInputError, unavailableReason } from '@bulkparts/shared/quantity';
import { MessageText } from '@/components/ui/message-text';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey, useCreateOrder } from '../api/create-order';

const readOnlyClass = 'input input-bordered w-full bg-base-200';

/** The quantity as typed: text, so '1e3' or '1.5' is refused instead of read as another number. */
interface PurchaseValues {
  quantity: string;
}

/**
 * The purchase form: product, buyer and price are shown read-only (the server takes them from its
 * own records anyway); the buyer types only the quantity, checked against the shop-wide range and
 * this product's minimum and stock with the same shared rule the server applies.
 */
export function PurchaseForm({ product, email, onPurchased }: { product: Product; email: string; onPurchased: (order: Order) => void }) {
  const create = useCreateOrder();
  // One key per form: every submit of this form (double click, retry) names the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The whole quantity rule is the shared one (range, this product's minimum, its stock), so the
  // form and the server say the same thing in the same words.
  const resolver = useCallback<Resolver<PurchaseValues>>(
    (values): ResolverResult<PurchaseValues> => {
      const message = quantityInputError(values.quantity, product);
      if (message) return { values: {}, errors: { quantity: { type: 'validate', message } } };
      return { values, errors: {} };
    },
    [product],
  );
  const { register, handleSubmit, setError, control, formState } = useForm<PurchaseValues>({
    resolver,
    defaultValues: { quantity: String(effectiveMinimum(product)) },
  });
  const typed = useWatch({ control, name: 'quantity' });
  const unitCents = dollarsToCents(product.price) ?? Math.round(product.price * 100);
  // No total for a quantity that cannot be ordered: a figure next to a refused quantity reads as a promise.
  const quantity = quantityInputError(typed, product) === null ? parseQuantityInput(typed) : null;
  const total = quantity === null ? '—' : formatCents(lineTotalCents(unitCents, quantity));
  const quantityErrorMessage = formState.errors.quantity?.message;
  const maxPieces = Math.min(product.availableQuantity, ORDER_QUANTITY_MAX);
  const unavailable = unavailableReason(product);
  const hint = `${formatCount(effectiveMinimum(product))} to ${formatCount(maxPieces)} pieces, digits only`;

  const onSubmit = handleSubmit(async (values) => {
    const quantity = parseQuantityInput(values.quantity);
    if (unavailable || quantity === null) return;
    try {
      const order = await create.mutateAsync({ productId: product._id, quantity, idempotencyKey });
      toast.success(MESSAGES.purchaseSuccess);
      onPurchased(order);
    } catch (err) {
      const message = errorMessage(err, 'Could not place the order. Please try again.');
      if (err instanceof ApiClientError && err.fields.quantity) setError('quantity', { message: err.fields.quantity }, { shouldFocus: true });
      toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Purchase ${product.name}`}>
      <div>
        <label htmlFor="purchase-product" className="label-text mb-1 block">
          Product
        </label>
        <input id="purchase-product" className={readOnlyClass} value={product.name} readOnly />
      </div>
      <div>
        <label htmlFor="purchase-email" className="label-text mb-1 block">
          Email
        </label>
        <input id="purchase-email" type="email" className={readOnlyClass} value={email} readOnly />
      </div>
      <div>
        <label htmlFor="purchase-price" className="label-text mb-1 block">
          Price per piece
        </label>
        <input id="purchase-price" className={readOnlyClass} value={formatCents(unitCents)} readOnly />
      </div>
      <div>
        <label htmlFor="purchase-quantity" className="label-text mb-1 block">
          Quantity
        </label>
        <input
          id="purchase-quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="input input-bordered w-full"
          disabled={Boolean(unavailable)}
          aria-invalid={Boolean(quantityErrorMessage)}
          aria-describedby={quantityErrorMessage ? 'purchase-quantity-error purchase-quantity-hint' : 'purchase-quantity-hint'}
          {...register('quantity')}
        />
        <p id="purchase-quantity-hint" className="mt-1 text-sm text-base-content/70">
          {unavailable ?? hint}
        </p>
        {quantityErrorMessage && (
          <p id="purchase-quantity-error" role="alert" className="mt-1 text-sm text-red-700">
            <MessageText message={quantityErrorMessage} />
          </p>
        )}
      </div>
      {unavailable ? (
        <p id="purchase-unavailable" className="font-semibold text-red-700">
          {unavailable}
        </p>
      ) : (
        <p className="text-lg" aria-live="polite">
          Total: <strong>{total}</strong>
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={Boolean(unavailable) || formState.isSubmitting}
        aria-describedby={unavailable ? 'purchase-unavailable' : undefined}
      >
        {formState.isSubmitting ? 'Placing order…' : 'Purchase'}
      </button>
    </form>
  );
}
