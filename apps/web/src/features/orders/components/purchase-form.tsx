import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES, ORDER_QUANTITY_MAX, purchaseFormSchema, quantityError, stockErrorMessage, type Order, type Product, type PurchaseForm as PurchaseValues } from '@bulkparts/shared';
import { dollarsToCents, formatCents, lineTotalCents } from '@bulkparts/shared/money';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey, useCreateOrder } from '../api/create-order';

const readOnlyClass = 'input input-bordered w-full bg-base-200';

/**
 * The purchase form: product, buyer and price are shown read-only (the server takes them from its
 * own records anyway); the buyer types only the quantity, checked against the shop-wide range and
 * this product's minimum and stock with the same shared rule the server applies.
 */
export function PurchaseForm({ product, email, onPurchased }: { product: Product; email: string; onPurchased: (order: Order) => void }) {
  const create = useCreateOrder();
  // One key per form: every submit of this form (double click, retry) names the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(
    () =>
      purchaseFormSchema.superRefine(({ quantity }, ctx) => {
        const message = quantityError(quantity, product);
        if (message) ctx.addIssue({ code: 'custom', path: ['quantity'], message });
      }),
    [product],
  );
  const { register, handleSubmit, setError, control, formState } = useForm<PurchaseValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: product.minimumOrderQuantity },
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const unitCents = dollarsToCents(product.price) ?? Math.round(product.price * 100);
  const total = Number.isInteger(quantity) && quantity > 0 ? formatCents(lineTotalCents(unitCents, quantity)) : '—';
  const quantityErrorMessage = formState.errors.quantity?.message;
  const maxPieces = Math.min(product.availableQuantity, ORDER_QUANTITY_MAX);
  const hint = maxPieces < product.minimumOrderQuantity ? stockErrorMessage(product.availableQuantity) : `${product.minimumOrderQuantity} to ${maxPieces} pieces`;

  const onSubmit = handleSubmit(async ({ quantity }) => {
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
          type="number"
          inputMode="numeric"
          min={product.minimumOrderQuantity}
          max={maxPieces}
          step={1}
          className="input input-bordered w-full"
          aria-invalid={Boolean(quantityErrorMessage)}
          aria-describedby={quantityErrorMessage ? 'purchase-quantity-error purchase-quantity-hint' : 'purchase-quantity-hint'}
          {...register('quantity', { valueAsNumber: true })}
        />
        <p id="purchase-quantity-hint" className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
        {quantityErrorMessage && (
          <p id="purchase-quantity-error" role="alert" className="mt-1 text-sm text-red-700">
            {quantityErrorMessage}
          </p>
        )}
      </div>
      <p className="text-lg" aria-live="polite">
        Total: <strong>{total}</strong>
      </p>
      <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Placing order…' : 'Purchase'}
      </button>
    </form>
  );
}
