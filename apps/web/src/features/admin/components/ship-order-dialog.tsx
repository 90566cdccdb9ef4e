import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CARRIER_MAX_LENGTH, shipmentFormSchema, TRACKING_NUMBER_MAX_LENGTH, type Order, type ShipmentForm } from '@bulkparts/shared';
import { TextField } from '@/components/ui/form';
import { orderSummaryText } from '@/components/ui/order-contents';

/** Marks a paid order shipped, with the carrier and tracking number the buyer sees (both optional). */
export function ShipOrderDialog({ order, onShip, onCancel }: { order: Order; onShip: (shipment: ShipmentForm) => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, formState } = useForm<ShipmentForm>({
    resolver: zodResolver(shipmentFormSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  return (
    <dialog ref={ref} className="modal" aria-labelledby="ship-order-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <form onSubmit={handleSubmit(onShip)} noValidate className="modal-box space-y-3">
        <h2 id="ship-order-title" className="text-lg font-bold">
          Ship order {order.orderNumber}
        </h2>
        <p className="text-sm">
          For {order.userEmail}: {orderSummaryText(order)}
        </p>
        <TextField label="Carrier (optional)" maxLength={CARRIER_MAX_LENGTH} placeholder="e.g. DHL" registration={register('carrier')} error={errors.carrier} />
        <TextField
          label="Tracking number (optional)"
          maxLength={TRACKING_NUMBER_MAX_LENGTH}
          registration={register('trackingNumber')}
          error={errors.trackingNumber}
        />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Mark shipped
          </button>
        </div>
      </form>
    </dialog>
  );
}
