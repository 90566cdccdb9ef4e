import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { taxExemptionInputSchema, type Company, type TaxExemptionInput } from '@bulkparts/shared';
import { z } from 'zod';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCompany } from '../api/update-company';

const formSchema = z.object({ taxExemption: taxExemptionInputSchema });
type FormValues = z.input<typeof formSchema>;

/** Issue 30: a shop admin records (or removes) a company's tax exemption certificate. */
export function TaxExemptionForm({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const e = company.taxExemption;
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, { taxExemption: TaxExemptionInput }>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      taxExemption: { certificateNumber: e?.certificateNumber ?? '', country: e?.country ?? '', region: e?.region ?? '', expiresOn: e?.expiresOn ?? '' },
    },
  });
  const { errors } = formState;
  const send = async (taxExemption: TaxExemptionInput | null) => {
    try {
      await update.mutateAsync({ id: company.id, taxId: undefined, taxExemption });
      toast.success(taxExemption ? `Exemption certificate of ${company.name} saved` : `Exemption of ${company.name} removed`);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setError('root', { message: errorMessage(err, 'Could not save the exemption.') });
    }
  };
  const onSubmit = handleSubmit((values) => send({ ...values.taxExemption, region: values.taxExemption.region || null }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Tax exemption" className="space-y-2 rounded-box border border-base-300 p-3">
      <h3 className="font-semibold">Tax exemption certificate</h3>
      <div className="grid gap-2 sm:grid-cols-4">
        <TextField label="Certificate number" registration={register('taxExemption.certificateNumber')} error={errors.taxExemption?.certificateNumber} />
        <TextField label="Country (code)" registration={register('taxExemption.country')} error={errors.taxExemption?.country} />
        <TextField label="Region (optional)" registration={register('taxExemption.region')} error={errors.taxExemption?.region} />
        <TextField label="Expires on" type="date" registration={register('taxExemption.expiresOn')} error={errors.taxExemption?.expiresOn} />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          Save exemption
        </button>
        {e && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void send(null)}>
            Remove exemption
          </button>
        )}
      </div>
    </form>
  );
}
