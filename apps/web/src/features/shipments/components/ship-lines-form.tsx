import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CARRIER_MAX_LENGTH, shipLinesFormSchema, shipmentInputOf, TRACKING_NUMBER_MAX_LENGTH, type Order, type ShipLinesForm } from '@bulkparts/shared';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { FieldError, FormError, FormField, NumberField, TextField, applyFieldErrors } from '@/components/ui/form';
import { warehouseQueries } from '@/features/warehouses/api/warehouse-queries';
import { errorMessage } from '@/lib/api-client';
import { toast } from 'react-toastify';
import { useCreateShipment } from '../api/create-shipment';
import { shipmentQueries } from '../api/shipment-queries';

/** Pieces of a line still to ship (what the server allows: ordered, less shipped, less backordered). */
export const leftToShip = (line: Order['lines'][number]) => line.quantity - line.shipped - line.backordered;

/**
 * The admin's "Ship lines" (issue 31): each line's pieces leaving now (all that is left by
 * default; 0 leaves a line), from one warehouse, with a carrier (the admins' list suggests them)
 * and a tracking number. The server's 409 (a warehouse short of pieces, a line changed) shows above the button.
 * Keyed by the order's shipped pieces where it is drawn, so a recorded shipment starts it afresh.
 */
export function ShipLinesForm({ order }: { order: Order }) {
  const create = useCreateShipment();
  const warehouses = useQuery(warehouseQueries.list());
  const carriers = useQuery(shipmentQueries.carriers());
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();
  const open = order.lines.filter((l) => leftToShip(l) > 0);
  const defaults = (): ShipLinesForm => ({
    lines: open.map((l) => ({ productId: l.productId, left: leftToShip(l), quantity: leftToShip(l) })),
    warehouse: '',
    carrier: '',
    trackingNumber: '',
  });
  const { register, handleSubmit, formState, setError } = useForm<ShipLinesForm>({ resolver: zodResolver(shipLinesFormSchema), defaultValues: defaults() });
  const { errors } = formState;
  if (open.length === 0) return null;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const shipment = await create.mutateAsync({ orderId: order._id, input: shipmentInputOf(values) });
      toast.success(`Shipment ${shipment.shipmentNumber} recorded`);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['warehouse', 'carrier', 'trackingNumber'] }))
        setFailure(errorMessage(err, 'Could not record the shipment.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Ship lines of order ${order.orderNumber}`} className="space-y-3 rounded-box border border-base-300 p-3">
      <h3 className="font-semibold">Ship lines</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        {open.map((l, i) => (
          <NumberField
            key={l.productId}
            label={`${l.sku} ${l.name}`}
            hint={`${formatQuantity(leftToShip(l))} left to ship`}
            register={register}
            name={`lines.${i}.quantity`}
            min={0}
            max={leftToShip(l)}
            error={errors.lines?.[i]?.quantity}
          />
        ))}
      </div>
      <FieldError error={errors.lines?.root ?? errors.lines?.message} />
      <div className="grid gap-2 sm:grid-cols-3">
        <FormField label="From warehouse" error={errors.warehouse}>
          {(control) => (
            <select className="select select-bordered w-full" {...control} {...register('warehouse')}>
              {(warehouses.data ?? []).map((w) => (
                <option key={w._id} value={w.isDefault ? '' : w.code}>
                  {w.name} ({w.code})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField label="Carrier (optional)" list={listId} maxLength={CARRIER_MAX_LENGTH} registration={register('carrier')} error={errors.carrier} />
        <TextField
          label="Tracking number (optional)"
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          registration={register('trackingNumber')}
          error={errors.trackingNumber}
        />
      </div>
      <datalist id={listId}>
        {(carriers.data ?? []).map((c) => (
          <option key={c.code} value={c.name} />
        ))}
      </datalist>
      <FormError message={failure} />
      <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Shipping…' : 'Record shipment'}
      </button>
    </form>
  );
}
