import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

/** A labelled multi-line text box registered with react-hook-form; its height via `textareaClassName`. */
export function TextareaField({
  registration,
  textareaClassName = 'textarea textarea-bordered w-full',
  ...field
}: FieldProps & { registration: UseFormRegisterReturn; textareaClassName?: string }) {
  return <FormField {...field}>{(control) => <textarea className={textareaClassName} {...control} {...registration} />}</FormField>;
}
