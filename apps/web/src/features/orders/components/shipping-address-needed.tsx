import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { SHIP_TO_CHANGEABLE_STATUSES, shippingAddressSchema, type Order, type ShippingAddress, type ShippingAddressInput } from '@bulkparts/shared';
import { AddressFields, applyFieldErrors, EMPTY_ADDRESS, FormError, type AddressField } from '@/components/ui/form';
import { ApiClientError } from '@/lib/api-client';
import { useSetShippingAddress } from '../api/set-shipping-address';

const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as AddressField[];

/** Issue 29: whether the buyer still has to give this order a ship-to (placed without one, not shipped or closed). */
export function needsShippingAddress(order: Order): boolean {
  return order.shippingAddress === null && SHIP_TO_CHANGEABLE_STATUSES.includes(order.status);
}

/**
 * Issue 29: an order placed through the bare API by an old client may have no ship-to, and the
 * shop cannot ship it (409) until its buyer gives one here.
 */
export function ShippingAddressNeeded({ order }: { order: Order }) {
  const save = useSetShippingAddress();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ShippingAddressInput, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: EMPTY_ADDRESS,
  });

  const onSubmit = handleSubmit(async (address) => {
    setAlert(null);
    try {
      await save.mutateAsync({ id: order._id, address });
      toast.success('Shipping address saved');
    } catch (err) {
      if (!(err instanceof ApiClientError)) setAlert('Could not save the shipping address. Please try again.');
      else if (!applyFieldErrors(err, setError, { only: ADDRESS_FIELDS, shouldFocus: true })) setAlert(err.message);
    }
  });

  return (
    <section aria-labelledby="ship-to-needed-title" className="card card-border bg-base-100">
      <form onSubmit={onSubmit} noValidate className="card-body gap-4 p-4 sm:p-6">
        <div role="alert" className="alert alert-warning flex-col items-start gap-1">
          <h2 id="ship-to-needed-title" className="font-semibold">
            This order has no shipping address yet
          </h2>
          <p className="text-sm">We can ship it once you tell us where it goes.</p>
        </div>
        <AddressFields section="shipping" idPrefix="ship-to" registration={(f) => register(f)} errors={formState.errors} />
        <FormError message={alert} variant="panel" />
        <button type="submit" className="btn btn-primary self-start" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save shipping address'}
        </button>
      </form>
    </section>
  );
}
