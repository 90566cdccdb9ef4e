import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, type FieldMessage } from '@/components/ui/form';
import type { CategoryOption } from '@/lib/category-tree';

/** The parent `<select>` of the category forms: '— none (top level) —' and the given places, indented. */
export function CategoryParentSelect({
  options,
  registration,
  error,
}: {
  options: readonly CategoryOption[];
  registration: UseFormRegisterReturn;
  error?: FieldMessage;
}) {
  return (
    <FormField label="Parent" error={error}>
      {(control) => (
        <select className="select select-bordered w-full" {...control} {...registration}>
          <option value="">— none (top level) —</option>
          {options.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
