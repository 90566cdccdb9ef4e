import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CARRIERS_MAX, carriersInputSchema, TRACKING_PLACEHOLDER, type Carrier, type CarriersInputValues } from '@bulkparts/shared';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { errorMessage } from '@/lib/api-client';
import { useSetCarriers } from '../api/set-carriers';
import { shipmentQueries } from '../api/shipment-queries';

function CarriersForm({ carriers }: { carriers: Carrier[] }) {
  const save = useSetCarriers();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<CarriersInputValues>({
    resolver: zodResolver(carriersInputSchema),
    defaultValues: { carriers },
  });
  const rows = useFieldArray({ control, name: 'carriers' });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(carriersInputSchema.parse(values));
      toast.success('Carriers saved');
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the carriers.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Carriers" className="space-y-3">
      <ul className="space-y-3">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid items-start gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[8rem_12rem_1fr_auto]">
            <TextField label="Code" registration={register(`carriers.${i}.code`)} error={errors.carriers?.[i]?.code} />
            <TextField label="Name" registration={register(`carriers.${i}.name`)} error={errors.carriers?.[i]?.name} />
            <TextField
              label="Tracking URL"
              type="url"
              hint={`${TRACKING_PLACEHOLDER} is replaced by the tracking number`}
              registration={register(`carriers.${i}.trackingUrlTemplate`)}
              error={errors.carriers?.[i]?.trackingUrlTemplate}
            />
            <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => rows.remove(i)}>
              Remove<span className="sr-only"> carrier {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <FormError message={failure ?? errors.carriers?.root?.message ?? errors.carriers?.message} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={rows.fields.length >= CARRIERS_MAX}
          onClick={() => rows.append({ code: '', name: '', trackingUrlTemplate: `https://` })}
        >
          Add a carrier
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save carriers'}
        </button>
      </div>
    </form>
  );
}

/** The carriers and their tracking links (issue 31): a shipment's carrier, named by code or name, links to its tracking page. */
export function CarriersEditor() {
  const carriers = useQuery(shipmentQueries.carriers());
  if (carriers.isError) return <LoadFailure error={carriers.error} onRetry={carriers.refetch} />;
  if (carriers.isPending) return <p>Loading carriers…</p>;
  return <CarriersForm carriers={carriers.data} />;
}
