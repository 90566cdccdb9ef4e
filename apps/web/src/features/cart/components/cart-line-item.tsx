import { useCallback } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link } from 'react-router';
import { stockForRules, type BackorderSettings } from '@bulkparts/shared/backorder';
import { AvailabilityNote, availabilityOf } from '@/components/ui/availability-note';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { formatDollars } from '@bulkparts/shared/money';
import { nextTierNudge, pricedProduct } from '@bulkparts/shared/pricing';
import { formatCount, parseQuantityInput, quantityInputError, smallestOrder } from '@bulkparts/shared/quantity';
import { applyFieldErrors, ERROR_TEXT, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';

/** One cart line as the page shows it, from the server cart or this browser's. */
export interface CartLineView {
  productId: string;
  sku: string;
  name: string;
  img: string;
  /** The price per piece the line's quantity gets (its tier's), in dollars. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The product's pack multiple (1 for none) and quantity breaks (dollars), issue 17. */
  orderMultiple: number;
  priceTiers: readonly { minQuantity: number; price: number }[];
  /** What would stop checkout now (the server's words), or null. */
  problem: string | null;
  /** Issue 31: the product's backorder settings (what ships now, what is backordered and by when). */
  backorder: BackorderSettings;
}

interface QuantityValues {
  quantity: string;
}

interface CartLineItemProps {
  line: CartLineView;
  /** Saves a new quantity; a thrown API error with `fields.quantity` is shown under the field. */
  onQuantity: (quantity: number) => Promise<unknown>;
  onRemove: () => void;
  busy: boolean;
}

/**
 * A cart line: the product, its quantity (editable, with the rule that applies to it shown under
 * the field and checked by the shared rule before saving), the line total, Remove, and the line's
 * problem in red.
 */
export function CartLineItem({ line, onQuantity, onRemove, busy }: CartLineItemProps) {
  // Issue 31: a product taking backorders takes a line beyond its stock (the rest backordered).
  const stock = stockForRules(line.availableQuantity, line.backorder);
  const limits = { minimumOrderQuantity: line.minimumOrderQuantity, availableQuantity: stock, orderMultiple: line.orderMultiple };
  const resolver = useCallback<Resolver<QuantityValues>>(
    (values): ResolverResult<QuantityValues> => {
      const message = quantityInputError(values.quantity, limits);
      return message ? { values: {}, errors: { quantity: { type: 'validate', message } } } : { values, errors: {} };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the limits are read from the line
    [line.minimumOrderQuantity, stock, line.orderMultiple],
  );
  const { register, handleSubmit, setError, formState } = useForm<QuantityValues>({ resolver, values: { quantity: String(line.quantity) } });
  const multiple = line.orderMultiple > 1 ? line.orderMultiple : 1;
  const max = Math.max(0, Math.floor(Math.min(stock, ORDER_QUANTITY_MAX) / multiple) * multiple);
  const rule = `${formatCount(smallestOrder(limits))} to ${formatCount(max)} pieces${multiple > 1 ? ` in multiples of ${formatCount(multiple)}` : ''}`;
  const problemId = `cart-problem-${line.productId}`;
  // Only the tiers matter for the nudge (the price given is the line's own, never shown by it);
  // none toward a tier the line cannot hold (past the line maximum or the stock): that is a quote.
  const nudge = line.problem
    ? null
    : nextTierNudge(pricedProduct({ price: line.unitPrice, priceTiers: line.priceTiers }), line.quantity, Math.min(ORDER_QUANTITY_MAX, stock));

  const onSubmit = handleSubmit(async (values) => {
    const quantity = parseQuantityInput(values.quantity);
    if (quantity === null || quantity === line.quantity) return;
    try {
      await onQuantity(quantity);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['quantity'], shouldFocus: true })) {
        setError('quantity', { type: 'server', message: errorMessage(err, 'Could not change the quantity. Please try again.') });
      }
    }
  });

  return (
    <li className="card card-border bg-base-100" aria-label={line.name}>
      <div className="card-body gap-3 p-4 sm:flex-row sm:items-start">
        <img src={line.img} alt="" width="64" height="64" loading="lazy" className="h-16 w-16 shrink-0 rounded bg-base-200 object-contain" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-semibold break-words">
            <Link to={`/productdetails/${line.productId}`} className="link-hover link">
              {line.name}
            </Link>
          </h2>
          <p className="text-xs text-base-content/70">
            <span className="sr-only">SKU </span>
            <span className="font-mono">{line.sku}</span> · {formatDollars(line.unitPrice)} per piece
          </p>
          {!line.problem && (
            <p>
              <AvailabilityNote availability={availabilityOf(line.quantity, line.availableQuantity, line.backorder)} />
            </p>
          )}
          {nudge && <p className="text-sm">{nudge}</p>}
          {line.problem && (
            <p id={problemId} role="alert" className={`text-sm font-semibold ${ERROR_TEXT}`}>
              {line.problem}
            </p>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-2">
          <TextField
            label={
              <>
                Quantity<span className="sr-only"> of {line.name}</span>
              </>
            }
            id={`cart-quantity-${line.productId}`}
            className="w-36"
            hint={rule}
            error={formState.errors.quantity}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            registration={register('quantity')}
          />
          <button type="submit" className="btn btn-outline btn-sm mt-7" disabled={formState.isSubmitting || busy}>
            Update<span className="sr-only"> {line.name}</span>
          </button>
        </form>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="font-semibold">
            <span className="sr-only">Line total </span>
            {formatDollars(line.lineTotal)}
          </p>
          <button type="button" className="btn btn-ghost btn-sm text-red-700" onClick={onRemove} disabled={busy}>
            Remove<span className="sr-only"> {line.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
