import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  TAX_RATES_MAX,
  taxRatesPutSchema,
  type TaxRateAnswer,
  type TaxRatesPut,
  type TaxRatesPutValues,
} from '@bulkparts/shared';
import { applyFieldErrors, FormError, FormField, NumberField, TextField } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { errorMessage } from '@/lib/api-client';
import { useSaveTaxRates } from '../api/save-tax-rates';
import { taxQueries } from '../api/tax-queries';

const cell = 'input input-bordered input-sm w-full';

function TaxRatesForm({ rates }: { rates: TaxRateAnswer[] }) {
  const save = useSaveTaxRates();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<TaxRatesPutValues, unknown, TaxRatesPut>({
    resolver: zodResolver(taxRatesPutSchema),
    defaultValues: { rates: rates.map((r) => ({ ...r, region: r.region ?? '' })) },
  });
  const rows = useFieldArray({ control, name: 'rates' });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // An empty region is the whole country.
      await save.mutateAsync({ rates: values.rates.map((r) => ({ ...r, region: r.region ? r.region : null })) });
      toast.success('Tax rates saved');
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the tax rates.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Tax rates" className="space-y-3">
      <ul className="space-y-2">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="grid items-start gap-2 rounded-box border border-base-300 p-2 sm:grid-cols-[5rem_6rem_9rem_7rem_1fr_auto]">
            <TextField label="Country" inputClassName={cell} registration={register(`rates.${i}.country`)} error={errors.rates?.[i]?.country} />
            <TextField label="Region" inputClassName={cell} registration={register(`rates.${i}.region`)} error={errors.rates?.[i]?.region} />
            <FormField label="Class" error={errors.rates?.[i]?.taxClass}>
              {(c) => (
                <select className="select select-bordered select-sm w-full" {...c} {...register(`rates.${i}.taxClass`)}>
                  {TAX_CLASSES.map((k) => (
                    <option key={k} value={k}>
                      {TAX_CLASS_LABELS[k]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <NumberField label="Rate (%)" step="0.01" min={0} max={100} register={register} name={`rates.${i}.rate`} error={errors.rates?.[i]?.rate} />
            <TextField label="Name" inputClassName={cell} registration={register(`rates.${i}.name`)} error={errors.rates?.[i]?.name} />
            <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => rows.remove(i)}>
              Remove<span className="sr-only"> rate {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <FormError message={failure ?? errors.rates?.root?.message ?? errors.rates?.message} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={rows.fields.length >= TAX_RATES_MAX}
          onClick={() => rows.append({ country: '', region: '', taxClass: 'standard', rate: 0, name: 'Sales tax' })}
        >
          Add a rate
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save tax rates'}
        </button>
      </div>
    </form>
  );
}

/** The tax rates by destination and class (issue 30); the shop ships with the EU's and the UK's VAT rates. */
export function TaxRatesEditor() {
  const rates = useQuery(taxQueries.rates());
  if (rates.isError) return <LoadFailure error={rates.error} onRetry={rates.refetch} />;
  if (rates.isPending) return <p>Loading tax rates…</p>;
  return <TaxRatesForm rates={rates.data.rates} />;
}
