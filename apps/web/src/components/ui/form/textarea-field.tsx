import type { TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

/** A labelled multi-line text box registered with react-hook-form; `rows`-like height via `textareaClassName`. */
export function TextareaField({
  label,
  hint,
  error,
  id,
  className,
  registration,
  textareaClassName = 'textarea textarea-bordered w-full',
  ...textarea
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'className'> & { registration: UseFormRegisterReturn; textareaClassName?: string }) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea className={textareaClassName} {...textarea} {...control} {...registration} />}
    </FormField>
  );
}
