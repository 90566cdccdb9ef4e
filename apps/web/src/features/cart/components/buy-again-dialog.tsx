import { useId } from 'react';
import type { ReorderMode } from '@bulkparts/shared';
import { useModal } from '@/components/ui/confirm-dialog';

/**
 * 'Buy again' into a cart that already has lines (issue 29): replace the cart with the order's
 * lines, or add them to it. The native modal `<dialog>` keeps the focus inside and closes on
 * Escape (Cancel); it is named by its title and described by the question. ConfirmDialog has one
 * answer besides No, this question has two.
 */
export function BuyAgainDialog({
  open,
  orderNumber,
  cartCount,
  onChoose,
  onCancel,
}: {
  open: boolean;
  orderNumber?: string;
  /** Lines the cart holds now; null when it could not be read (the question is asked anyway). */
  cartCount: number | null;
  onChoose: (mode: ReorderMode) => void;
  onCancel: () => void;
}) {
  const ref = useModal(open);
  const titleId = useId();
  const textId = useId();
  const holds = cartCount === null ? 'Your cart may already hold lines.' : `Your cart already holds ${cartCount} ${cartCount === 1 ? 'line' : 'lines'}.`;
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} aria-describedby={textId} onCancel={(e) => (e.preventDefault(), onCancel())}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold break-words">
          Buy {orderNumber ? `order ${orderNumber}` : 'this order'} again
        </h2>
        <p id={textId} className="py-4">
          {holds} Replace the cart with this order’s lines, or add them to what is there?
        </p>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-outline" onClick={() => onChoose('replace')}>
            Replace the cart
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onChoose('add')}>
            Add to the cart
          </button>
        </div>
      </div>
    </dialog>
  );
}
