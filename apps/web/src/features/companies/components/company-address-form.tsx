import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ADDRESS_LABEL_MAX_LENGTH, companyAddressInputSchema, type CompanyAddressValues } from '@bulkparts/shared';
import { AddressFields, applyFieldErrors, EMPTY_ADDRESS, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useAddCompanyAddress } from '../api/add-company-address';

const EMPTY: CompanyAddressValues = { label: '', address: { ...EMPTY_ADDRESS } };

/** A company admin adds a shipping address (a label and the address) the members pick at checkout. */
export function CompanyAddressForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const add = useAddCompanyAddress();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CompanyAddressValues>({
    resolver: zodResolver(companyAddressInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await add.mutateAsync({ companyId, ...values });
      toast.success(`Address “${saved.label}” added`);
      onDone();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not add the address.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add an address" className="space-y-3 rounded-box border border-base-300 p-3">
      <TextField
        label="Label"
        hint={`How members find it at checkout, e.g. 'Main warehouse'; up to ${ADDRESS_LABEL_MAX_LENGTH} characters`}
        autoComplete="off"
        registration={register('label')}
        error={errors.label}
      />
      <AddressFields section="shipping" registration={(f) => register(`address.${f}`)} errors={errors.address} />
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
