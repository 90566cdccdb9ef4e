import { useEffect, useRef } from 'react';
import { MESSAGES } from '@bulkparts/shared/messages';

/**
 * Drives a native `<dialog>` from state: `showModal()` when `open` turns true (or on mount when it
 * already is), `close()` when it turns false. Put the returned ref on the `<dialog>`. It lives here,
 * not in a file of its own, so it adds no chunk (a file name in the entry's preload map, which is
 * part of the home route's first download).
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A modal 'Are you sure?' question. `open` drives the native <dialog>; Escape or 'No' cancels. */
export function ConfirmDialog({
  open,
  title = MESSAGES.confirm,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-bold">
          {title}
        </h2>
        {message && <p className="py-4">{message}</p>}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
