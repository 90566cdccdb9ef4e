import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { returnReceiveFormSchema, returnReceiveOf, type Return, type ReturnReceiveForm } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { FieldError, FormError, FormField, NumberField, applyFieldErrors } from '@/components/ui/form';
import { warehouseQueries } from '@/features/warehouses/api/warehouse-queries';
import { errorMessage } from '@/lib/api-client';
import { useReceiveReturn } from '../api/return-mutations';

/**
 * The admin records what arrived (issue 31): per line the pieces received and, of those, damaged;
 * the good ones go back into the warehouse chosen; the credit note and its refund follow.
 */
export function ReceiveReturnForm({ ret, onDone }: { ret: Return; onDone: () => void }) {
  const receive = useReceiveReturn();
  const warehouses = useQuery(warehouseQueries.list());
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const { register, handleSubmit, setError, formState } = useForm<ReturnReceiveForm>({
    resolver: zodResolver(returnReceiveFormSchema),
    defaultValues: {
      lines: ret.lines.map((l) => ({ productId: l.productId, asked: l.quantity, received: l.quantity, damaged: 0 })),
      warehouse: '',
      refundShipping: false,
    },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const done = await receive.mutateAsync({ id: ret._id, input: returnReceiveOf(values) });
      toast.success(
        done.creditNote
          ? `Return ${done.rmaNumber} received: credit note ${done.creditNote.number} for ${formatDollars(done.creditNote.total)}`
          : `Return ${done.rmaNumber} received`,
      );
      onDone();
    } catch (err) {
      if (!applyFieldErrors(err, setError)) setFailure(errorMessage(err, 'Could not record the receipt.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Receive return ${ret.rmaNumber}`} className="space-y-3 rounded-box bg-base-200 p-3">
      {ret.lines.map((l, i) => (
        <fieldset key={l.productId} className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">
            <span className="font-mono">{l.sku}</span> {l.name} ({l.quantity} asked)
          </legend>
          <NumberField label="Received" min={0} max={l.quantity} register={register} name={`lines.${i}.received`} error={errors.lines?.[i]?.received} />
          <NumberField label="Of which damaged" min={0} register={register} name={`lines.${i}.damaged`} error={errors.lines?.[i]?.damaged} />
        </fieldset>
      ))}
      <FormField label="Good pieces go back into" error={errors.warehouse}>
        {(control) => (
          <select className="select select-bordered w-full max-w-xs" {...control} {...register('warehouse')}>
            {(warehouses.data ?? []).map((w) => (
              <option key={w._id} value={w.isDefault ? '' : w.code}>
                {w.name} ({w.code})
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            aria-invalid={Boolean(errors.refundShipping)}
            aria-describedby={errors.refundShipping ? `${formId}-shipping-error` : undefined}
            {...register('refundShipping')}
          />
          <span>Also credit the order’s shipping</span>
        </label>
        {/* The server refuses a second credit of the order's shipping (409 naming refundShipping). */}
        <FieldError id={`${formId}-shipping-error`} error={errors.refundShipping} />
      </div>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Recording…' : 'Record receipt and credit'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
