import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { MessageText } from '@/components/ui/message-text';

/** A labelled input with its validation message underneath (announced via role="alert"). */
export function TextField({
  label,
  registration,
  error,
  ...input
}: { label: string; registration: UseFormRegisterReturn; error?: FieldError } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${registration.name}`;
  return (
    <div>
      <label htmlFor={id} className="label-text mb-1 block">
        {label}
      </label>
      <input
        id={id}
        className="input input-bordered w-full"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
        {...registration}
      />
      {error?.message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          <MessageText message={error.message} />
        </p>
      )}
    </div>
  );
}

/** The form-level error: small red text under the form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      <MessageText message={message} />
    </p>
  );
}
