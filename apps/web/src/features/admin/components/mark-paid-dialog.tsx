import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { markPaidSchema, PAYMENT_REFERENCE_MAX_LENGTH, type MarkPaidValues, type Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useMarkOrderPaid } from '../api/mark-order-paid';

/**
 * Records that an invoice on account was paid (issue 18): the bank transfer's reference is
 * required; the order becomes `paid` and can be shipped as any paid order.
 */
export function MarkPaidDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const markPaid = useMarkOrderPaid();
  const { register, handleSubmit, setError, formState } = useForm<MarkPaidValues>({
    resolver: zodResolver(markPaidSchema),
    defaultValues: { reference: '' },
  });
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  const onSubmit = handleSubmit(async ({ reference }) => {
    try {
      await markPaid.mutateAsync({ id: order._id, reference });
      toast.success(`Order ${order.orderNumber} marked paid`);
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['reference'], shouldFocus: true })) {
        setError('root', { message: errorMessage(err, 'Could not mark the order paid') });
      }
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby="mark-paid-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box space-y-3">
        <h2 id="mark-paid-title" className="text-lg font-bold">
          Mark order {order.orderNumber} paid
        </h2>
        <p className="text-sm break-words">
          {formatDollars(order.total)} on account from {order.userEmail}
          {order.dueDate && `, due ${new Date(order.dueDate).toLocaleDateString()}`}
        </p>
        <TextField
          label="Payment reference"
          hint="The bank transfer's reference, as on the statement"
          maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          registration={register('reference')}
          error={errors.reference}
        />
        <FormError message={errors.root?.message} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Mark paid'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
