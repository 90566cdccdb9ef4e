import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError as HookFieldError, UseFormRegisterReturn } from 'react-hook-form';
import { MessageText } from '@/components/ui/message-text';

/** The one colour of every validation message (red-700 keeps 4.5:1 contrast on the light themes). */
export const ERROR_TEXT = 'text-red-700';

/** A field's message: react-hook-form's error, or text (a server's or the page's own). */
export type FieldMessage = HookFieldError | string | null | undefined;

const messageOf = (error: FieldMessage) => (typeof error === 'string' ? error : error?.message) || undefined;

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control and read after its name (e.g. the allowed range). */
  hint?: ReactNode;
  error?: FieldMessage;
  /** The control's id; a unique one by default. */
  id?: string;
  className?: string;
}

/** A field's validation message, announced (role="alert") when it appears. */
export function FieldError({ id, error }: { id?: string; error: FieldMessage }) {
  const message = messageOf(error);
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`mt-1 text-sm ${ERROR_TEXT}`}>
      <MessageText message={message} />
    </p>
  );
}

/**
 * A label, the control (drawn by `children` with the props that tie it to the label and messages:
 * id, aria-invalid, aria-describedby), a hint and the validation message under it.
 */
export function FormField({ label, hint, error, id, className, children }: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(messageOf(error));
  const describedBy = [invalid && errorId, hint != null && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="label-text mb-1 block">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': invalid, 'aria-describedby': describedBy })}
      {hint != null && (
        <p id={hintId} className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'>;

/** A labelled text input (any `type` but number) registered with react-hook-form. */
export function TextField({
  label,
  hint,
  error,
  id,
  className,
  registration,
  inputClassName = 'input input-bordered w-full',
  ...input
}: FieldProps & InputProps & { registration: UseFormRegisterReturn; inputClassName?: string }) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input className={inputClassName} {...input} {...control} {...registration} />}
    </FormField>
  );
}
