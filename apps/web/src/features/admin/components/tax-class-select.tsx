import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TAX_CLASS_LABELS, TAX_CLASSES } from '@bulkparts/shared';
import { FormField } from '@/components/ui/form';

/** Issue 30: a product's tax class (standard unless set): which of the destination's rates its lines are taxed at. */
export function TaxClassSelect({ registration, error }: { registration: UseFormRegisterReturn; error: FieldError | undefined }) {
  return (
    <FormField label="Tax class" hint="Which of the ship-to's tax rates applies" error={error}>
      {(c) => (
        <select className="select select-bordered w-full" {...c} {...registration}>
          {TAX_CLASSES.map((k) => (
            <option key={k} value={k}>
              {TAX_CLASS_LABELS[k]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
