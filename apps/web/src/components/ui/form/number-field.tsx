import type { InputHTMLAttributes } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

/**
 * A labelled number input: react-hook-form reads it as a number (`valueAsNumber`, NaN when empty,
 * which the zod schema refuses with its own message), and phones show a digits keyboard (with a
 * decimal point when `step` allows fractions, as for prices). To empty it (default values, `reset`)
 * give null: react-hook-form keeps what was typed for undefined, and NaN makes the browser warn.
 */
export function NumberField<T extends FieldValues>({
  label,
  hint,
  error,
  id,
  className,
  register,
  name,
  step = '1',
  ...input
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className' | 'type' | 'step'> & {
    register: UseFormRegister<T>;
    name: Path<T>;
    step?: string;
  }) {
  const whole = Number.isInteger(Number(step));
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          type="number"
          step={step}
          inputMode={whole ? 'numeric' : 'decimal'}
          className="input input-bordered w-full"
          {...input}
          {...control}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </FormField>
  );
}
