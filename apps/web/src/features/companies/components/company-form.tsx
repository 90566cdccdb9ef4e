import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { companyCreateSchema, TAX_ID_MAX_LENGTH, type Company, type CompanyCreate, type CompanyCreateValues } from '@bulkparts/shared';
import { AddressFields, applyFieldErrors, EMPTY_ADDRESS, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';

function defaultsOf(company: Company | undefined): CompanyCreateValues {
  if (!company) return { name: '', taxId: '', billingAddress: { ...EMPTY_ADDRESS } };
  return { name: company.name, taxId: company.taxId ?? '', billingAddress: { ...EMPTY_ADDRESS, ...company.billingAddress } };
}

/**
 * The company's name, tax id and billing address. Without `company` it creates one (the caller
 * becomes its company admin); with it, a company admin edits it (an emptied tax id is removed).
 * The shared schema checks it here and on the server; the server's messages land under the fields.
 */
export function CompanyForm({ company, onSaved, onCancel }: { company?: Company; onSaved: (company: Company) => void; onCancel?: () => void }) {
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CompanyCreateValues, unknown, CompanyCreate>({
    resolver: zodResolver(companyCreateSchema),
    defaultValues: defaultsOf(company),
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(
        company
          ? await update.mutateAsync({ id: company.id, name: values.name, taxId: values.taxId ?? null, billingAddress: values.billingAddress })
          : await create.mutateAsync(values),
      );
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) {
        setFailure(errorMessage(err, company ? 'Could not save the company. Please try again.' : 'Could not create the company. Please try again.'));
      }
    }
  });

  const label = company ? 'Edit company' : 'Create a company';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Company name" autoComplete="organization" registration={register('name')} error={errors.name} />
        <TextField
          label="Tax id (optional)"
          hint={`VAT or other tax number, printed on invoices; up to ${TAX_ID_MAX_LENGTH} characters`}
          autoComplete="off"
          registration={register('taxId')}
          error={errors.taxId}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Billing address</legend>
        <AddressFields section="billing" registration={(f) => register(`billingAddress.${f}`)} errors={errors.billingAddress} />
      </fieldset>
      <FormError message={failure} variant="panel" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : company ? 'Save company' : 'Create company'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
