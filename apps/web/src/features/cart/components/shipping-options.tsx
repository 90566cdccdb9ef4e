import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { deliveryText, type CheckoutInput, type CheckoutInputValues, type ShippingOption } from '@bulkparts/shared';
import { formatCents } from '@bulkparts/shared/money';
import { FieldError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { cartQueries } from '../api/cart-queries';

const cents = (dollars: number) => Math.round(dollars * 100);

/** '$6.95' or 'Free'. */
export const shippingPriceText = (price: number) => (price === 0 ? 'Free' : formatCents(cents(price)));

/** The option chosen now (the form's `shippingMethod`), or undefined. */
export function chosenOption(options: readonly ShippingOption[] | undefined, code: string | undefined): ShippingOption | undefined {
  return code ? options?.find((o) => o.code === code) : undefined;
}

/**
 * Checkout's shipping choice (issue 30): the methods that can carry the cart to the ship-to's
 * country, each with its price and delivery window, as one radio group; `collect` asks for the
 * buyer's carrier and account number, `pickup` names where. Until a country is given it says so;
 * when no method fits, it offers a freight quote for the cart with the ship-to. The cheapest
 * option is chosen first (what the server would take without a choice, collect aside).
 */
export function ShippingOptions() {
  const id = useId();
  const { register, setValue, control, formState } = useFormContext<CheckoutInputValues, unknown, CheckoutInput>();
  const address = useWatch({ control, name: 'shippingAddress' });
  const chosen = useWatch({ control, name: 'shippingMethod' });
  const country = address?.country?.trim() ?? '';
  const options = useQuery(cartQueries.shippingOptions(country));
  const list = options.data;

  // A choice the new country does not offer falls back to the cheapest that is not collect.
  useEffect(() => {
    if (!list) return;
    if (chosen && list.some((o) => o.code === chosen)) return;
    const first = list.find((o) => o.kind !== 'collect') ?? list[0];
    setValue('shippingMethod', first?.code, { shouldDirty: false });
  }, [list, chosen, setValue]);

  const errors = formState.errors;
  const picked = chosenOption(list, chosen);
  let body;
  if (!country) body = <p className="text-sm text-base-content/70">Enter the ship-to country to see shipping options and delivery dates.</p>;
  else if (options.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Finding shipping options…
      </p>
    );
  } else if (options.isError) {
    body = (
      <p role="alert" className="text-sm text-error">
        {errorMessage(options.error, 'Shipping options could not be loaded.')}{' '}
        <button type="button" className="link" onClick={() => void options.refetch()}>
          Try again
        </button>
      </p>
    );
  } else if (!list || list.length === 0) {
    const shipTo = [address?.city, address?.postalCode, address?.country].filter(Boolean).join(', ');
    body = (
      <div role="status" className="rounded-box bg-base-200 p-3 text-sm">
        <p className="mb-2">No shipping method fits this order (its weight or destination). We can quote the freight for you.</p>
        <Link to={`/quotes/new?from=cart&freight=${encodeURIComponent(shipTo)}`} className="btn btn-outline btn-sm">
          Request a freight quote
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-2">
        {list.map((o) => {
          const optionId = `${id}-${o.code}`;
          return (
            <div key={o.code} className="flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary">
              <input
                type="radio"
                id={optionId}
                value={o.code}
                className="radio radio-primary mt-0.5"
                aria-describedby={`${optionId}-hint`}
                {...register('shippingMethod')}
              />
              <div className="flex-1">
                <label htmlFor={optionId} className="flex cursor-pointer flex-wrap justify-between gap-2 font-semibold">
                  <span>{o.name}</span>
                  <span>{shippingPriceText(o.price)}</span>
                </label>
                <p id={`${optionId}-hint`} className="text-sm text-base-content/70">
                  {deliveryText(o.estimatedDelivery)}
                  {o.pickupAddress ? ` · Pick up at ${o.pickupAddress}` : ''}
                </p>
              </div>
            </div>
          );
        })}
        <FieldError id={`${id}-error`} error={errors.shippingMethod} />
        {picked?.kind === 'collect' && (
          <TextField
            label="Your carrier and account number"
            hint="We book the collection on your account, e.g. “DHL 123456789”."
            registration={register('carrierAccount')}
            error={errors.carrierAccount}
          />
        )}
      </div>
    );
  }
  return (
    <fieldset className="space-y-2" aria-busy={options.isFetching}>
      <legend className="mb-2 text-lg font-semibold">Shipping</legend>
      {body}
    </fieldset>
  );
}
