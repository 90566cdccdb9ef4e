import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CARRIER_MAX_LENGTH, shipmentFormSchema, TRACKING_NUMBER_MAX_LENGTH, type Order, type ShipmentForm } from '@bulkparts/shared';

/** Marks a paid order shipped, with the carrier and tracking number the buyer sees (both optional). */
export function ShipOrderDialog({ order, onShip, onCancel }: { order: Order; onShip: (shipment: ShipmentForm) => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { register, handleSubmit, formState } = useForm<ShipmentForm>({
    resolver: zodResolver(shipmentFormSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  const fields = [
    ['carrier', 'Carrier (optional)', CARRIER_MAX_LENGTH, 'e.g. DHL'],
    ['trackingNumber', 'Tracking number (optional)', TRACKING_NUMBER_MAX_LENGTH, ''],
  ] as const;

  return (
    <dialog ref={ref} className="modal" aria-labelledby="ship-order-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <form onSubmit={handleSubmit(onShip)} noValidate className="modal-box space-y-3">
        <h2 id="ship-order-title" className="text-lg font-bold">
          Ship order {order.orderNumber}
        </h2>
        <p className="text-sm">
          {order.Name} for {order.userEmail}
        </p>
        {fields.map(([name, label, max, placeholder]) => (
          <label key={name} className="block">
            <span className="label-text mb-1 block">{label}</span>
            <input
              type="text"
              className="input input-bordered w-full"
              maxLength={max}
              placeholder={placeholder}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={`ship-${name}-error`}
              {...register(name)}
            />
            {errors[name] && (
              <span id={`ship-${name}-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {errors[name]?.message}
              </span>
            )}
          </label>
        ))}
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
