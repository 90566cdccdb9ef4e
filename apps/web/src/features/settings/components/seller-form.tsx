import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { countryName, ISO_COUNTRY_CODES, sellerInputSchema, type Seller, type SellerInputValues } from '@bulkparts/shared';
import { applyFieldErrors, FormError, FormField, TextareaField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useSaveSeller } from '../api/save-seller';

/** Countries by name for the select (built once: 249 names). */
let countries: { code: string; name: string }[] | undefined;
const countryOptions = () =>
  (countries ??= ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en')));

const valuesOf = (s: Seller): SellerInputValues => ({
  legalName: s.legalName,
  address: s.address,
  region: s.region ?? '',
  country: s.country,
  taxNumber: s.taxNumber ?? '',
  registrationNumber: s.registrationNumber ?? '',
  email: s.email,
  phone: s.phone,
  timeZone: s.timeZone,
});

/**
 * The seller's identity (issue 30): what every invoice, quote, credit note and mail prints and the
 * Contact page shows. `seller` is the saved record (or the environment's values, never saved).
 */
export function SellerForm({ seller }: { seller: Seller }) {
  const save = useSaveSeller();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<SellerInputValues>({
    resolver: zodResolver(sellerInputSchema),
    defaultValues: valuesOf(seller),
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(sellerInputSchema.parse(values));
      reset(valuesOf(saved));
      toast.success('Seller details saved');
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the seller details.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Seller details" className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">Who sells</legend>
        <TextField label="Legal name" autoComplete="organization" registration={register('legalName')} error={errors.legalName} />
        <TextareaField
          label="Address"
          hint="Street, postal code and city, one a line (the country below)"
          registration={register('address')}
          error={errors.address}
          textareaClassName="textarea textarea-bordered h-24 w-full"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Country" hint="The seller’s tax country" error={errors.country}>
            {(control) => (
              <select className="select select-bordered w-full" {...control} {...register('country')}>
                {countryOptions().map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="Region (optional)"
            hint="A US state’s code, e.g. CA, where tax depends on it"
            autoComplete="off"
            registration={register('region')}
            error={errors.region}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Registration</legend>
        <TextField
          label="VAT or tax number (optional)"
          hint="Printed on every invoice, e.g. DE123456789"
          autoComplete="off"
          registration={register('taxNumber')}
          error={errors.taxNumber}
        />
        <TextField
          label="Company registration number (optional)"
          autoComplete="off"
          registration={register('registrationNumber')}
          error={errors.registrationNumber}
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Contact</legend>
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <TextField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <TextField
          label="Time zone"
          hint="Where orders are dispatched from, e.g. Europe/Berlin"
          autoComplete="off"
          registration={register('timeZone')}
          error={errors.timeZone}
        />
      </fieldset>
      <FormError message={failure} />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save seller details'}
      </button>
    </form>
  );
}
