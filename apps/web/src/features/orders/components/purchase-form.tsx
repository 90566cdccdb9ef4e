import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { checkoutInputSchema, MESSAGES, ORDER_QUANTITY_MAX, type CheckoutInput, type CheckoutInputValues, type Order, type Product } from '@bulkparts/shared';
import { formatCents, formatUnitPriceDollars, formatUnitPrice } from '@bulkparts/shared/money';
import { linePrice, pricedProduct } from '@bulkparts/shared/pricing';
import { formatCount, parseQuantityInput, quantityInputError, smallestOrder, unavailableReason } from '@bulkparts/shared/quantity';
import { DEFAULT_FULFILMENT, dispatchEstimate, stockForRules } from '@bulkparts/shared/backorder';
import { AvailabilityNote, availabilityOf, todayUtc } from '@/components/ui/availability-note';
import { DispatchEstimate } from '@/components/ui/dispatch-estimate';
import { applyFieldErrors, ERROR_TEXT, FormField, TextField } from '@/components/ui/form';
import { PriceTierTable } from '@/components/ui/price-tier-table';
import { errorMessage } from '@/lib/api-client';
import { newIdempotencyKey, useCreateOrder } from '../api/create-order';

const readOnlyClass = 'input input-bordered w-full bg-base-200';

/** The quantity as typed (text, so '1e3' or '1.5' is refused instead of read as another number) and the checkout's details (issue 29). */
type PurchaseValues = CheckoutInputValues & { quantity: string };
type PurchaseOutput = CheckoutInput & { quantity: string };

/** The details' rules are the checkout's, so the ship-to is required here as there. */
const detailsResolver = zodResolver(checkoutInputSchema);

/**
 * The purchase form: product, buyer and price are shown read-only (the server takes them from its
 * own records anyway); the buyer types the quantity, checked against the shop-wide range and
 * this product's minimum, pack multiple and stock with the same shared rule the server applies.
 * The price per piece, the tier table and the total follow the quantity (`unitPriceFor`, as the
 * server prices the order). Issue 29: the order is placed with the checkout's details (ship-to,
 * PO number, note, payment method), drawn by `details` (composed by the page from the checkout's
 * fields) and required as at checkout: the web never places an order without a ship-to.
 */
export function PurchaseForm({
  product,
  email,
  defaultDetails,
  details,
  onPurchased,
  onAddToCart,
  quoteLink,
}: {
  product: Product;
  email: string;
  /** The details' starting values (the buyer's last ship-to, card). */
  defaultDetails: CheckoutInputValues;
  /**
   * The details' fields, drawn inside this form (they read it through react-hook-form's context);
   * `total` is the order's in dollars; `backordered` (issue 31) whether some pieces wait for stock.
   */
  details: (total: number, backordered: boolean) => ReactNode;
  onPurchased: (order: Order) => void;
  /** 'Add to cart' with the quantity typed here, beside the spec's Purchase (composed by the page). */
  onAddToCart?: (quantity: number) => Promise<unknown>;
  /** Shown under the quantity once it passes what an order takes: the way to a quote for it (issue 17). */
  quoteLink?: (quantity: number) => ReactNode;
}) {
  const create = useCreateOrder();
  // One key per form: every submit of this form (double click, retry) names the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The whole quantity rule is the shared one (range, this product's minimum, its stock), so the
  // form and the server say the same thing in the same words; the details are the checkout's schema.
  const resolver = useCallback<Resolver<PurchaseValues, unknown, PurchaseOutput>>(
    async ({ quantity, ...rest }, context, options) => {
      const checked = await detailsResolver(rest, context, options as never);
      const message = quantityInputError(quantity, product);
      const errors: FieldErrors<PurchaseValues> = { ...checked.errors, ...(message ? { quantity: { type: 'validate', message } } : {}) };
      if (Object.keys(errors).length) return { values: {}, errors };
      return { values: { ...(checked.values as CheckoutInput), quantity }, errors: {} };
    },
    [product],
  );
  const form = useForm<PurchaseValues, unknown, PurchaseOutput>({
    resolver,
    defaultValues: { ...defaultDetails, quantity: String(smallestOrder(product)) },
  });
  const { register, handleSubmit, setError, control, formState, trigger, getValues } = form;
  const typed = useWatch({ control, name: 'quantity' });
  const priced = pricedProduct(product);
  // No total for a quantity that cannot be ordered: a figure next to a refused quantity reads as a promise.
  // Such a quantity shows the list price and no tier as reached, for the same reason.
  const quantity = quantityInputError(typed, product) === null ? parseQuantityInput(typed) : null;
  const price = quantity === null ? null : linePrice(priced, quantity);
  const total = price === null ? '—' : formatCents(price.lineTotalCents);
  const multiple = product.orderMultiple > 1 ? product.orderMultiple : 1;
  // Issue 31: a product taking backorders takes up to a line's maximum whatever its stock.
  const maxPieces = Math.floor(Math.min(stockForRules(product.availableQuantity, product.backorder), ORDER_QUANTITY_MAX) / multiple) * multiple;
  const availability = quantity === null ? null : availabilityOf(quantity, product.availableQuantity, product.backorder);
  const fulfilment = useWatch({ control, name: 'fulfilment' }) ?? DEFAULT_FULFILMENT;
  const unavailable = unavailableReason(product);
  const inMultiples = multiple > 1 ? ` in multiples of ${formatCount(multiple)}` : '';
  const hint = `${formatCount(smallestOrder(product))} to ${formatCount(maxPieces)} pieces${inMultiples}, digits only`;

  const onSubmit = handleSubmit(async ({ quantity: typedQuantity, ...orderDetails }) => {
    const quantity = parseQuantityInput(typedQuantity);
    if (unavailable || quantity === null) return;
    try {
      const order = await create.mutateAsync({ productId: product._id, quantity, ...orderDetails, idempotencyKey });
      toast.success(MESSAGES.purchaseSuccess);
      onPurchased(order);
    } catch (err) {
      const message = errorMessage(err, 'Could not place the order. Please try again.');
      applyFieldErrors(err, setError, { shouldFocus: true });
      toast.error(message);
    }
  });

  const [adding, setAdding] = useState(false);
  const addToCart = async () => {
    if (!onAddToCart || unavailable || !(await trigger('quantity', { shouldFocus: true }))) return;
    const quantity = parseQuantityInput(getValues('quantity'));
    if (quantity === null) return;
    setAdding(true);
    try {
      await onAddToCart(quantity);
    } finally {
      setAdding(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Purchase ${product.name}`}>
        <FormField label="Product" id="purchase-product">
          {(control) => <input className={readOnlyClass} value={product.name} readOnly {...control} />}
        </FormField>
        <FormField label="Email" id="purchase-email">
          {(control) => <input type="email" className={readOnlyClass} value={email} readOnly {...control} />}
        </FormField>
        <FormField
          label="Price per piece"
          id="purchase-price"
          hint={
            product.listPrice !== undefined && product.listPrice > product.price ? (
              <>
                Your company’s price; list price <s>{formatUnitPriceDollars(product.listPrice)}</s>
              </>
            ) : undefined
          }
        >
          {(control) => <input className={readOnlyClass} value={formatUnitPrice(price?.unitPriceE4 ?? priced.priceE4)} readOnly {...control} />}
        </FormField>
        <TextField
          label="Quantity"
          id="purchase-quantity"
          hint={unavailable ?? hint}
          error={formState.errors.quantity}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          disabled={Boolean(unavailable)}
          registration={register('quantity')}
        />
        {quoteLink && (parseQuantityInput(typed) ?? 0) > ORDER_QUANTITY_MAX && <p className="text-sm">{quoteLink(parseQuantityInput(typed)!)}</p>}
        {availability && (
          <p aria-live="polite">
            <AvailabilityNote availability={availability} />
          </p>
        )}
        {!unavailable && <PriceTierTable product={product} quantity={quantity} />}
        {details(price === null ? 0 : price.lineTotalCents / 100, (availability?.backordered ?? 0) > 0)}
        {availability && availability.backordered > 0 && <DispatchEstimate dispatch={dispatchEstimate([availability], fulfilment, todayUtc())} />}
        {unavailable ? (
          <p id="purchase-unavailable" className={`font-semibold ${ERROR_TEXT}`}>
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
        {onAddToCart && (
          <button type="button" className="btn btn-outline w-full" disabled={Boolean(unavailable) || adding} onClick={() => void addToCart()}>
            Add to cart
          </button>
        )}
      </form>
    </FormProvider>
  );
}
