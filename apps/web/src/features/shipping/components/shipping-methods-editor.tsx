import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { SHIPPING_KIND_LABELS, SHIPPING_KINDS, SHIPPING_METHODS_MAX, shippingMethodsInputSchema, type ShippingMethodAnswer } from '@bulkparts/shared';
import { applyFieldErrors, FormError, FormField, TextField } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { errorMessage } from '@/lib/api-client';
import { useSaveShippingMethods } from '../api/save-shipping-methods';
import { shippingQueries } from '../api/shipping-queries';
import { EMPTY_METHOD, inputOf, valuesOf, type ShippingMethodValues } from './shipping-method-values';

type FormValues = { methods: ShippingMethodValues[] };

/** The server's and the schema's paths (`methods.0.rates.1.price`) on the form's fields (`methods.0.rates`). */
function fieldOf(path: string): `methods.${number}.${keyof ShippingMethodValues}` | null {
  const m = /^methods\.(\d+)\.(\w+)/.exec(path);
  if (!m) return null;
  const field = m[2] === 'transitDays' ? 'transitMin' : m[2];
  return `methods.${Number(m[1])}.${field as keyof ShippingMethodValues}`;
}

function MethodsForm({ methods }: { methods: ShippingMethodAnswer[] }) {
  const save = useSaveShippingMethods();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState, clearErrors } = useForm<FormValues>({ defaultValues: { methods: methods.map(valuesOf) } });
  const rows = useFieldArray({ control, name: 'methods' });
  const kinds = useWatch({ control, name: 'methods' });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    clearErrors();
    const body = { methods: values.methods.map(inputOf) };
    // The shared schema first: each problem under its field, nothing sent.
    const checked = shippingMethodsInputSchema.safeParse(body);
    if (!checked.success) {
      let placed = false;
      for (const issue of checked.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field) {
          setError(field, { message: issue.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure(checked.error.issues[0]?.message ?? 'Check the methods');
      return;
    }
    try {
      await save.mutateAsync(checked.data);
      toast.success('Shipping methods saved');
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the shipping methods.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shipping methods" className="space-y-3">
      <ul className="space-y-3">
        {rows.fields.map((row, i) => {
          const e = errors.methods?.[i];
          const kind = kinds?.[i]?.kind ?? row.kind;
          return (
            <li key={row.id} className="space-y-2 rounded-box border border-base-300 p-3">
              <div className="grid gap-2 sm:grid-cols-[8rem_1fr_12rem]">
                <TextField label="Code" registration={register(`methods.${i}.code`)} error={e?.code} />
                <TextField label="Name" registration={register(`methods.${i}.name`)} error={e?.name} />
                <FormField label="Kind" error={e?.kind}>
                  {(c) => (
                    <select className="select w-full" {...c} {...register(`methods.${i}.kind`)}>
                      {SHIPPING_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {SHIPPING_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                <TextField
                  label="Countries"
                  hint="* for everywhere, or codes: GB, DE, FR"
                  registration={register(`methods.${i}.countries`)}
                  error={e?.countries}
                />
                <TextField
                  label="Weight bands"
                  hint={kind === 'collect' || kind === 'pickup' ? 'Optional: up to kg:0, e.g. 1000:0' : 'Up to kg:price, e.g. 2:6.95, 10:12.95'}
                  registration={register(`methods.${i}.rates`)}
                  error={e?.rates}
                />
              </div>
              <div className="grid gap-2 sm:grid-cols-[10rem_8rem_8rem_auto]">
                <TextField label="Free over ($)" inputMode="decimal" hint="Empty: never" registration={register(`methods.${i}.freeOver`)} error={e?.freeOver} />
                <TextField label="Transit from (days)" inputMode="numeric" registration={register(`methods.${i}.transitMin`)} error={e?.transitMin} />
                <TextField label="to (days)" inputMode="numeric" registration={register(`methods.${i}.transitMax`)} error={e?.transitMax} />
                <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => rows.remove(i)}>
                  Remove<span className="sr-only"> method {i + 1}</span>
                </button>
              </div>
              {kind === 'pickup' && <TextField label="Pickup address" registration={register(`methods.${i}.pickupAddress`)} error={e?.pickupAddress} />}
            </li>
          );
        })}
      </ul>
      {rows.fields.length === 0 && <p className="text-base-content/70">No shipping methods: orders are placed without a shipping charge.</p>}
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={rows.fields.length >= SHIPPING_METHODS_MAX}
          onClick={() => rows.append(EMPTY_METHOD)}
        >
          Add a method
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save shipping methods'}
        </button>
      </div>
    </form>
  );
}

/** The shop's shipping methods (issue 30): admins edit the whole set and save it at once. */
export function ShippingMethodsEditor() {
  const methods = useQuery(shippingQueries.methods());
  if (methods.isError) return <LoadFailure error={methods.error} onRetry={methods.refetch} />;
  if (methods.isPending) return <p role="status">Loading shipping methods…</p>;
  return <MethodsForm methods={methods.data} />;
}
