import { useCallback } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link } from 'react-router';
import { stockForRules, type BackorderSettings } from '@bulkparts/shared/backorder';
import { AvailabilityNote, availabilityOf } from '@/components/ui/availability-note';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { formatDollars, formatUnitPriceDollars } from '@bulkparts/shared/money';
import { nextTierNudge, pricedProduct } from '@bulkparts/shared/pricing';
import { formatCount, parseQuantityInput, quantityInputError, smallestOrder } from '@bulkparts/shared/quantity';
import { applyFieldErrors, CellInput, ERROR_TEXT } from '@/components/ui/form';
import { MessageText } from '@/components/ui/message-text';
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
  /** Kilograms per piece, null when the product has none (issue 33). */
  weightKg: number | null;
}

interface QuantityValues {
  quantity: string;
}

interface CartLineRowProps {
  line: CartLineView;
  /** Saves a new quantity; a thrown API error with `fields.quantity` is shown under the field. */
  onQuantity: (quantity: number) => Promise<unknown>;
  onRemove: () => void;
  busy: boolean;
}

/**
 * A cart line as a table row (issue 33: the cart is a table for many lines): the product, its price
 * per piece, its quantity, saved on Enter or when the field is left once it changed and the shared
 * rule (shown under it) takes it, the line total, Remove, and the line's problem in red. Under `md`
 * the row is a card.
 */
export function CartLineRow({ line, onQuantity, onRemove, busy }: CartLineRowProps) {
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
  const id = `cart-quantity-${line.productId}`;
  const problemId = `cart-problem-${line.productId}`;
  // Only the tiers matter for the nudge (the price given is the line's own, never shown by it);
  // none toward a tier the line cannot hold (past the line maximum or the stock): that is a quote.
  const nudge = line.problem
    ? null
    : nextTierNudge(pricedProduct({ price: line.unitPrice, priceTiers: line.priceTiers }), line.quantity, Math.min(ORDER_QUANTITY_MAX, stock));

  const save = handleSubmit(async (values) => {
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
  const error = formState.errors.quantity?.message;
  const described = [error && `${id}-error`, `${id}-hint`, line.problem && problemId].filter(Boolean).join(' ');

  return (
    <tr
      aria-label={line.name}
      className="align-top max-md:grid max-md:grid-cols-[4rem_1fr] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-3"
    >
      <td className="max-md:row-span-4 max-md:p-0">
        <img src={line.img} alt="" width="48" height="48" loading="lazy" className="h-12 w-12 rounded bg-base-200 object-contain" />
      </td>
      <th scope="row" className="font-normal max-md:p-0">
        <Link to={`/productdetails/${line.productId}`} className="link-hover link font-semibold break-words">
          {line.name}
        </Link>
        <span className="block text-xs text-base-content/70">
          <span className="sr-only">SKU </span>
          <span className="font-mono">{line.sku}</span>
        </span>
        {!line.problem && (
          <span className="block">
            <AvailabilityNote availability={availabilityOf(line.quantity, line.availableQuantity, line.backorder)} />
          </span>
        )}
        {nudge && <span className="block text-sm">{nudge}</span>}
        {line.problem && (
          <span id={problemId} role="alert" className={`block text-sm font-semibold ${ERROR_TEXT}`}>
            <MessageText message={line.problem} />
          </span>
        )}
      </th>
      <td className="whitespace-nowrap max-md:p-0">
        {formatUnitPriceDollars(line.unitPrice)} <span className="text-base-content/70">per piece</span>
      </td>
      <td className="max-md:p-0">
        <form onSubmit={save} noValidate>
          <CellInput
            id={id}
            label={`Quantity of ${line.name}`}
            inputMode="numeric"
            autoComplete="off"
            className="input input-bordered input-sm w-28"
            invalid={Boolean(error)}
            describedBy={described}
            disabled={busy}
            registration={register('quantity', { onBlur: () => void save() })}
          />
          <span id={`${id}-hint`} className="block text-xs text-base-content/70">
            {rule}
          </span>
          {error && (
            <span id={`${id}-error`} role="alert" className={`block text-sm ${ERROR_TEXT}`}>
              <MessageText message={error} />
            </span>
          )}
        </form>
      </td>
      <td className="whitespace-nowrap font-semibold max-md:p-0">
        <span className="sr-only">Line total </span>
        {formatDollars(line.lineTotal)}
      </td>
      <td className="max-md:p-0">
        <button type="button" className="btn btn-ghost btn-sm text-red-700" onClick={onRemove} disabled={busy}>
          Remove<span className="sr-only"> {line.name}</span>
        </button>
      </td>
    </tr>
  );
}
