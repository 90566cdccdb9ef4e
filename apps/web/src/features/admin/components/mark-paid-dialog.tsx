import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { markPaidSchema, PAYMENT_REFERENCE_MAX_LENGTH, type MarkPaidValues, type Order } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { applyFieldErrors, TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { useMarkOrderPaid } from '../api/mark-order-paid';

/**
 * Records that an invoice on account was paid (issue 18): the bank transfer's reference is
 * required; the order becomes `paid` and can be shipped as any paid order.
 */
export function MarkPaidDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const markPaid = useMarkOrderPaid();
  const { register, handleSubmit, setError, formState } = useForm<MarkPaidValues>({
    resolver: zodResolver(markPaidSchema),
    defaultValues: { reference: '' },
  });
  const { errors } = formState;

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
    <FormDialog
      title={`Mark order ${order.orderNumber} paid`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Mark paid"
      pendingLabel="Saving…"
      pending={formState.isSubmitting}
      error={errors.root?.message}
    >
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
    </FormDialog>
  );
}
