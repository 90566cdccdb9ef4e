import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { orderRejectSchema, REJECTION_REASON_MAX_LENGTH, type Order, type OrderRejectValues } from '@bulkparts/shared';
import { applyFieldErrors, TextareaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { orderSummaryText } from '@/components/ui/order-contents';
import { errorMessage } from '@/lib/api-client';
import { useRejectOrder } from '../api/reject-order';

/**
 * Rejects an order awaiting approval, with the reason the buyer is mailed (required). The stock
 * goes back on sale. The server's refusals (decided meanwhile, your own order) show above the buttons.
 */
export function RejectOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const reject = useRejectOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<OrderRejectValues>({
    resolver: zodResolver(orderRejectSchema),
    defaultValues: { reason: '' },
  });

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
    <FormDialog
      title={`Reject order ${order.orderNumber}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Reject order"
      pendingLabel="Rejecting…"
      pending={formState.isSubmitting}
      submitTone="error"
      error={failure}
    >
      <p className="text-sm break-words">
        Ordered by {order.userEmail}: {orderSummaryText(order)}
      </p>
      <TextareaField
        label="Reason"
        hint={`Mailed to the buyer; up to ${REJECTION_REASON_MAX_LENGTH} characters`}
        registration={register('reason')}
        error={formState.errors.reason}
      />
    </FormDialog>
  );
}
