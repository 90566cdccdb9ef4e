import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { orderRejectSchema, REJECTION_REASON_MAX_LENGTH, type Order, type OrderRejectValues } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { applyFieldErrors, FormError, TextareaField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useRejectOrder } from '../api/reject-order';

/**
 * Rejects an order awaiting approval, with the reason the buyer is mailed (required). The stock
 * goes back on sale. The server's refusals (decided meanwhile, your own order) show above the buttons.
 */
export function RejectOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reject = useRejectOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<OrderRejectValues>({
    resolver: zodResolver(orderRejectSchema),
    defaultValues: { reason: '' },
  });
  useEffect(() => ref.current?.showModal(), []);

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reject.mutateAsync({ id: order._id, reason });
      toast.success(`Order ${order.orderNumber} rejected`);
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['reason'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not reject the order.'));
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box space-y-3">
        <h2 id={titleId} className="text-lg font-bold">
          Reject order {order.orderNumber}
        </h2>
        <p className="text-sm break-words">
          {order.Name} for {order.userEmail}, {formatDollars(order.total)}
        </p>
        <TextareaField
          label="Reason"
          hint={`Mailed to the buyer; up to ${REJECTION_REASON_MAX_LENGTH} characters`}
          registration={register('reason')}
          error={formState.errors.reason}
        />
        <FormError message={failure} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Rejecting…' : 'Reject order'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
