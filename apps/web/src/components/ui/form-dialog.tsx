import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import { FormError } from '@/components/ui/form';
import { useModal } from './confirm-dialog';

const SUBMIT_TONE = { primary: 'btn-primary', error: 'btn-error' } as const;

/**
 * A modal form (mark paid, reject an order, edit a member): the native `<dialog>`, named by its
 * title; the caller's fields; the form-level error; then Cancel and the submit button, which shows
 * `pendingLabel` and is disabled while `pending`. Escape and Cancel call `onClose`.
 * Usually mounted only while shown, so `open` defaults to true.
 */
export function FormDialog({
  open = true,
  title,
  onClose,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  submitTone = 'primary',
  error,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  /** The form is being sent (`formState.isSubmitting`). */
  pending: boolean;
  /** `error` for a destructive action (rejecting an order). */
  submitTone?: keyof typeof SUBMIT_TONE;
  /** The form-level message, shown above the buttons. */
  error?: string | null;
  children: ReactNode;
}) {
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box space-y-3">
        <h2 id={titleId} className="text-lg font-bold break-words">
          {title}
        </h2>
        {children}
        <FormError message={error} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`btn ${SUBMIT_TONE[submitTone]}`} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
