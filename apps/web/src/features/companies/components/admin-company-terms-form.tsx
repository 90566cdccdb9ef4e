import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { companyUpdateSchema, PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type Company } from '@bulkparts/shared';
import { applyFieldErrors, FormError, FormField, NumberField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useUpdateCompany } from '../api/update-company';

/** An emptied number field (NaN) means none: no credit limit, no discount. */
const noneWhenEmpty = (v: number | null) => (Number.isNaN(v) ? null : v);

/** The form's view of what only the shop sets: 'none' in the select is no terms (null). */
export const termsFormSchema = z.object({
  paymentTerms: z.enum(['none', ...PAYMENT_TERMS], { error: 'Choose the payment terms' }).transform((v) => (v === 'none' ? null : v)),
  creditLimit: z.preprocess(noneWhenEmpty, companyUpdateSchema.shape.creditLimit.unwrap()),
  discountPercent: z.preprocess(noneWhenEmpty, companyUpdateSchema.shape.discountPercent.unwrap()),
});
type TermsFormValues = z.input<typeof termsFormSchema>;

/**
 * What the shop grants a company (issue 18): payment terms (none, Net 30, Net 60), the credit
 * limit on account in dollars (empty: no limit) and a discount in percent off the list prices
 * (empty: none). The server refuses anyone but a shop admin.
 */
export function AdminCompanyTermsForm({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const { register, handleSubmit, setError, formState } = useForm<TermsFormValues, unknown, z.output<typeof termsFormSchema>>({
    resolver: zodResolver(termsFormSchema),
    defaultValues: { paymentTerms: company.paymentTerms ?? 'none', creditLimit: company.creditLimit, discountPercent: company.discountPercent },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only the shop's fields are sent (`taxId: undefined` is left out of the JSON; the type names every key).
      await update.mutateAsync({ id: company.id, taxId: undefined, ...values });
      toast.success(`Terms of ${company.name} saved`);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['paymentTerms', 'creditLimit', 'discountPercent'], shouldFocus: true })) {
        setError('root', { message: errorMessage(err, 'Could not save the terms.') });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="company-terms-title">
      <h3 id="company-terms-title" className="text-lg font-semibold">
        Terms, credit and discount
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Payment terms" hint="Lets members pay on account" error={errors.paymentTerms}>
          {(control) => (
            <select className="select select-bordered w-full" {...control} {...register('paymentTerms')}>
              <option value="none">None (card only)</option>
              {PAYMENT_TERMS.map((t) => (
                <option key={t} value={t}>
                  {PAYMENT_TERMS_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <NumberField
          label="Credit limit ($)"
          hint="Open invoices may not pass it; empty for no limit"
          step="0.01"
          min={0}
          register={register}
          name="creditLimit"
          error={errors.creditLimit}
        />
        <NumberField
          label="Discount (%)"
          hint="Off every list price; empty for none"
          min={1}
          max={90}
          register={register}
          name="discountPercent"
          error={errors.discountPercent}
        />
      </div>
      <FormError message={errors.root?.message} />
      <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save terms'}
      </button>
    </form>
  );
}
