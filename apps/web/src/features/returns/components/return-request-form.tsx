import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  RETURN_NOTE_MAX_LENGTH,
  RETURN_REASON_MAX_LENGTH,
  returnRequestFormSchema,
  returnRequestOf,
  type Order,
  type ReturnRequestForm,
} from '@bulkparts/shared';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { FieldError, FormError, NumberField, TextareaField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useRequestReturn } from '../api/return-mutations';

/** Pieces of a line that may still go back: shipped, less what is in returns already. */
export const returnable = (l: Order['lines'][number]) => l.shipped - l.returned;

/**
 * The buyer's "Return parts" (issue 31): each shipped line's pieces to send back (0 keeps it) and
 * why, and a note; the server's 409 (the window closed, a line changed) shows above the button.
 */
export function ReturnRequestForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const request = useRequestReturn();
  const [failure, setFailure] = useState<string | null>(null);
  const lines = order.lines.filter((l) => returnable(l) > 0);
  const { register, handleSubmit, formState } = useForm<ReturnRequestForm>({
    resolver: zodResolver(returnRequestFormSchema),
    defaultValues: { lines: lines.map((l) => ({ productId: l.productId, left: returnable(l), quantity: 0, reason: '' })), note: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const ret = await request.mutateAsync({ orderId: order._id, input: returnRequestOf(values) });
      toast.success(`Return ${ret.rmaNumber} asked for: we will tell you once it is approved`);
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, 'Could not ask for the return.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Return parts of order ${order.orderNumber}`} className="space-y-3 rounded-box border border-base-300 p-3">
      {lines.map((l, i) => (
        <fieldset key={l.productId} className="grid gap-2 sm:grid-cols-[10rem_1fr]">
          <legend className="mb-1 text-sm font-semibold">
            <span className="font-mono">{l.sku}</span> {l.name} ({formatQuantity(returnable(l))} can go back)
          </legend>
          <NumberField
            label="Pieces to return"
            min={0}
            max={returnable(l)}
            register={register}
            name={`lines.${i}.quantity`}
            error={errors.lines?.[i]?.quantity}
          />
          <TextField label="Why" maxLength={RETURN_REASON_MAX_LENGTH} registration={register(`lines.${i}.reason`)} error={errors.lines?.[i]?.reason} />
        </fieldset>
      ))}
      <FieldError error={errors.lines?.root ?? errors.lines?.message} />
      <TextareaField label="Note (optional)" hint={`Up to ${RETURN_NOTE_MAX_LENGTH} characters`} registration={register('note')} error={errors.note} />
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Ask to return'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
